"""As assinaturas digitais nas páginas: o relatório das de um PDF recebido, e quem já assinou e
quem falta num documento emitido com signatários declarados. Na página do processo, duas
anotações da consulta do processo dizem se há alguma assinatura digital ou algum relatório: sem
nenhum (o caso comum), nenhuma consulta a mais."""

from django import template
from django.db.models import Exists, OuterRef

from documentos.assinatura import declaracao, servicos
from documentos.models import Assinatura, RelatorioAssinaturas
from processos import leitura

register = template.Library()

TEM_RELATORIOS = "documentos_tem_relatorios_assinaturas"
TEM_ASSINATURA_DIGITAL = "documentos_tem_assinatura_digital"


def existe_relatorio():
    return Exists(RelatorioAssinaturas.objects.filter(processo=OuterRef("pk")))


def existe_assinatura_digital():
    return Exists(
        Assinatura.objects.filter(
            documento__processo=OuterRef("pk"), modalidade__in=servicos.DIGITAIS
        )
    )


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
    """Quem assinou e quem falta. Tipos sem signatários declarados: nada (nem consulta)."""
    if not declaracao.vagas(documento.tipo):
        return {"linhas": []}
    usuario = context["request"].user
    linhas = servicos.situacao(
        documento, nenhuma_feita=leitura.sem(processo, TEM_ASSINATURA_DIGITAL)
    )
    return {
        "documento": documento,
        "linhas": linhas,
        "assinado": servicos.assinado(documento, linhas),
        "pode_assinar": servicos.vaga_para(documento, usuario, linhas) is not None,
    }
