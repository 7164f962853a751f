"""O painel "Documentos emitidos" da página do processo, sem tocar na view do processo."""

import functools

from django import template
from django.db.models import Exists, OuterRef

from documentos import acesso, tarefas
from documentos.models import Documento, EstadoTarefa, TarefaDocumento, TipoTarefa
from processos import leitura

register = template.Library()


# A anotação da página do processo (`processos.extensoes.registrar_anotacao`, no `ready()`).
TEM_DOCUMENTOS = "documentos_tem_emitidos"


def existe_documento():
    return Exists(Documento.objects.filter(processo=OuterRef("pk")))


# Se há uma cópia integral na fila ou em montagem, na mesma consulta do processo: a página
# só consulta a tarefa quando há uma (quase nunca).
TEM_COPIA_EM_CURSO = "documentos_tem_copia_em_curso"


def existe_copia_em_curso():
    return Exists(
        TarefaDocumento.objects.filter(
            processo=OuterRef("pk"),
            tipo=TipoTarefa.COPIA_INTEGRAL,
            estado__in=[EstadoTarefa.PENDENTE, EstadoTarefa.EXECUTANDO],
        )
    )


@register.simple_tag
def documentos_do_processo(processo, user) -> dict:
    # Na página, a consulta do processo já disse se há algum documento emitido.
    sem_documentos = leitura.sem(processo, TEM_DOCUMENTOS)

    # Uma função, que o modelo chama só quando a tabela não está no cache (a página a guarda
    # pela revisão do processo); chamada de novo, devolve a mesma lista.
    @functools.cache
    def documentos() -> list:
        if sem_documentos:
            return []
        return list(Documento.objects.do_processo(processo).order_by("-emitido_em", "-id"))

    return {
        "documentos": documentos,
        "pode_baixar": acesso.pode_baixar(user),
        "pode_extrato": acesso.pode_emitir_extrato(user),
        "pode_copia": acesso.pode_emitir_copia_integral(user),
        # A cópia integral em montagem, para quem acompanha os documentos do processo.
        "copia_em_curso": tarefas.em_curso(processo)
        if acesso.pode_baixar(user) and not leitura.sem(processo, TEM_COPIA_EM_CURSO)
        else None,
        "deputado": acesso.e_deputado_sem_equipe(user),
    }


@register.simple_tag
def documentos_publicos(processo) -> list:
    """Portal: só a versão vigente de cada série dos tipos públicos. Fica aqui, e não na
    view do portal, porque `processos` não importa `documentos` (a dependência é inversa).
    Na página, a consulta do processo já disse se há algum documento emitido."""
    if leitura.sem(processo, TEM_DOCUMENTOS):
        return []
    return list(
        Documento.objects.publicos()
        .vigentes()
        .filter(processo=processo)
        .order_by("emitido_em", "id")
    )
