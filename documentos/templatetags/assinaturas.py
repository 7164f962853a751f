"""As assinaturas digitais nas páginas: o relatório das de um PDF recebido, e quem já assinou e
quem falta num documento emitido com signatários declarados. Na página do processo, duas
anotações da consulta do processo dizem se há alguma assinatura digital ou algum relatório: sem
nenhum (o caso comum), nenhuma consulta a mais."""

from django import template
from django.db.models import Exists, OuterRef

from documentos import acesso
from documentos.assinatura import CAMPO_DO_SELO, declaracao, fila, servicos
from documentos.models import Assinatura, RelatorioAssinaturas, TarefaDocumento, TipoTarefa
from processos import leitura

register = template.Library()

TEM_RELATORIOS = "documentos_tem_relatorios_assinaturas"
TEM_ASSINATURA_DIGITAL = "documentos_tem_assinatura_digital"
TEM_TAREFA_DE_SELO = "documentos_tem_tarefa_de_selo"


def existe_relatorio():
    return Exists(RelatorioAssinaturas.objects.filter(processo=OuterRef("pk")))


def existe_assinatura_digital():
    return Exists(
        Assinatura.objects.filter(
            documento__processo=OuterRef("pk"), modalidade__in=servicos.DIGITAIS
        )
    )


def existe_tarefa_de_selo():
    return Exists(TarefaDocumento.objects.filter(processo=OuterRef("pk"), tipo=TipoTarefa.SELO))


def _relatorios(processo) -> dict:
    """Os relatórios do processo, numa consulta, guardados no objeto para a página toda."""
    guardados = getattr(processo, "_relatorios_assinaturas", None)
    if guardados is None:
        guardados = {r.sha256: r for r in RelatorioAssinaturas.objects.filter(processo=processo)}
        processo._relatorios_assinaturas = guardados
    return guardados


@register.inclusion_tag("documentos/_relatorio_assinaturas.html")
def relatorio_assinaturas(processo, sha256: str):
    """O relatório gravado no envio (só existe se o PDF veio assinado)."""
    if leitura.sem(processo, TEM_RELATORIOS):
        return {"relatorio": None}
    return {"relatorio": _relatorios(processo).get(sha256)}


@register.inclusion_tag("documentos/_situacao_assinaturas.html", takes_context=True)
def situacao_assinaturas(context, documento, processo):
    """Quem assinou e quem falta, e o selo: "selando…" enquanto a fila o aplica, a falha se
    não saiu. Tipos sem signatários nem selo: nada (nem consulta); na página do processo, as
    anotações dizem se há alguma assinatura ou pedido de selo a consultar."""
    declarados = bool(declaracao.vagas(documento.tipo))
    if not declarados and documento.tipo not in declaracao.SELO_NA_EMISSAO:
        return {"linhas": []}
    sem_digital = leitura.sem(processo, TEM_ASSINATURA_DIGITAL)
    sem_tarefa = leitura.sem(processo, TEM_TAREFA_DE_SELO)
    if not declarados and sem_digital and sem_tarefa:
        return {"linhas": []}
    linhas = servicos.situacao(documento, nenhuma_feita=sem_digital)
    tarefa = None if sem_tarefa else fila.ultima_de_selo(documento)
    if tarefa and not any(s.vaga.campo == CAMPO_DO_SELO for s in linhas):
        linhas.append(servicos.Situacao(servicos.vaga_do_selo(), None))
    usuario = context["request"].user
    return {
        "documento": documento,
        "linhas": linhas,
        "assinado": servicos.assinado(documento, linhas),
        "selando": bool(tarefa and tarefa.em_curso),
        "tarefa_selo": tarefa,
        "pode_pedir_selo": fila.pode_pedir_de_novo(tarefa) and acesso.pode_pedir_selo(usuario),
        "pode_assinar": declarados and servicos.vaga_para(documento, usuario, linhas) is not None,
    }
