"""O pedido do selo à fila de tarefas (documentos.tarefas): o selo B-LTA leva ~1 s (o carimbo
do tempo, a cadeia, a revogação) e não cabe na requisição que emitiu ou assinou o documento.
Só grava a linha; quem sela é o executor (`manage.py processar_tarefas`). Este módulo só lê
os modelos, para que a emissão e as assinaturas o chamem sem importar o executor."""

from django.db import IntegrityError, transaction

from documentos.models import EstadoTarefa, TarefaDocumento, TipoTarefa

NA_FILA = "Na fila: o selo da Assembleia é aplicado em instantes"


def selo_em_curso(documento) -> TarefaDocumento | None:
    return TarefaDocumento.objects.filter(
        documento=documento,
        tipo=TipoTarefa.SELO,
        estado__in=[EstadoTarefa.PENDENTE, EstadoTarefa.EXECUTANDO],
    ).first()


def solicitar_selo(documento, *, usuario=None) -> TarefaDocumento:
    """Põe o selo do documento na fila, ou devolve o pedido que já está nela."""
    existente = selo_em_curso(documento)
    if existente:
        return existente
    try:
        with transaction.atomic():
            return TarefaDocumento.objects.create(
                tipo=TipoTarefa.SELO,
                processo=documento.processo,
                documento=documento,
                solicitada_por=usuario,
                etapa=NA_FILA,
            )
    except IntegrityError:
        # Outro pedido criou a linha entre a consulta e o INSERT (restrição do banco).
        return selo_em_curso(documento)


def ultima_de_selo(documento) -> TarefaDocumento | None:
    """O pedido de selo mais recente do documento (em curso, pronto ou que falhou)."""
    return (
        TarefaDocumento.objects.filter(documento=documento, tipo=TipoTarefa.SELO)
        .order_by("-criada_em", "-id")
        .first()
    )
