"""O pedido do selo à fila de tarefas (documentos.tarefas): o selo B-LTA leva ~1 s (o carimbo
do tempo, a cadeia, a revogação) e não cabe na requisição que emitiu ou assinou o documento.
Só grava a linha; quem sela é o executor (`manage.py processar_tarefas`). Este módulo só lê
os modelos, para que a emissão e as assinaturas o chamem sem importar o executor."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from documentos.assinatura import CAMPO_DO_SELO
from documentos.models import (
    Assinatura,
    Documento,
    EstadoTarefa,
    Modalidade,
    TarefaDocumento,
    TipoTarefa,
)
from processos import versao

NA_FILA = "Na fila: o selo da Assembleia é aplicado em instantes"
JA_SELADO = "O documento já tem o selo da Assembleia; não há o que pedir de novo."
SO_O_QUE_FALHOU = (
    "Só se pede de novo o selo que falhou, e o último pedido do selo deste documento não falhou."
)


class PedidoRecusado(Exception):
    """O selo não foi pedido de novo: a mensagem diz por quê, em português."""


def selo_em_curso(documento) -> TarefaDocumento | None:
    return TarefaDocumento.objects.filter(
        documento=documento,
        tipo=TipoTarefa.SELO,
        estado__in=[EstadoTarefa.PENDENTE, EstadoTarefa.EXECUTANDO],
    ).first()


def solicitar_selo(documento, *, usuario=None) -> TarefaDocumento:
    """Põe o selo do documento na fila, ou devolve o pedido que já está nela. A página do
    processo (em cache pela revisão) mostra "selando…" na hora."""
    existente = selo_em_curso(documento)
    if existente:
        return existente
    try:
        with transaction.atomic():
            return _enfileirar(documento, usuario)
    except IntegrityError:
        # Outro pedido criou a linha entre a consulta e o INSERT (restrição do banco).
        return selo_em_curso(documento)


def _enfileirar(documento, usuario) -> TarefaDocumento:
    """O pedido de selo na fila, na transação de quem pede; a página do processo (em cache
    pela revisão) mostra "selando…" na hora."""
    pedido = TarefaDocumento.objects.create(
        tipo=TipoTarefa.SELO,
        processo=documento.processo,
        documento=documento,
        solicitada_por=usuario,
        etapa=NA_FILA,
    )
    if documento.processo_id:
        versao.tocar(documento.processo_id)
    return pedido


def ultima_de_selo(documento) -> TarefaDocumento | None:
    """O pedido de selo mais recente do documento (em curso, pronto ou que falhou)."""
    return (
        TarefaDocumento.objects.filter(documento=documento, tipo=TipoTarefa.SELO)
        .select_related("solicitada_por")
        .order_by("-criada_em", "-id")
        .first()
    )


def _motivo_para_nao_repetir(documento) -> str:
    selado = Assinatura.objects.filter(
        documento=documento, modalidade=Modalidade.SELO, campo=CAMPO_DO_SELO
    ).exists()
    if selado:
        return JA_SELADO
    ultima = ultima_de_selo(documento)
    if ultima and ultima.em_curso:
        quando = timezone.localtime(ultima.criada_em).strftime("%d/%m/%Y %H:%M")
        return f"O selo deste documento já está na fila (pedido em {quando}); aguarde o resultado."
    if ultima is None or ultima.estado != EstadoTarefa.FALHOU:
        return SO_O_QUE_FALHOU
    return ""


def pode_pedir_de_novo(tarefa: TarefaDocumento | None) -> bool:
    """Para a página, com o que ela já leu: o último pedido falhou (o selo, então, não saiu)."""
    return tarefa is not None and tarefa.estado == EstadoTarefa.FALHOU


def pedir_de_novo(documento, *, usuario) -> TarefaDocumento:
    """Outro pedido do selo depois de uma falha (a autoridade de carimbo fora do ar, o PIN
    trocado): só quando o último falhou e nenhum está em curso. O pedido novo é uma linha nova
    da fila — quem pediu e quando ficam nela, e a linha que falhou continua com a mensagem.
    O selo não muda o estado do processo: não há ato nem Andamento.

    A linha do documento travada serializa dois pedidos (o clique duplo, duas abas): o
    segundo encontra o primeiro em curso e é recusado; a restrição do banco é a última rede."""
    with transaction.atomic():
        documento = Documento.objects.select_for_update().get(pk=documento.pk)
        if motivo := _motivo_para_nao_repetir(documento):
            raise PedidoRecusado(motivo)
        try:
            with transaction.atomic():
                return _enfileirar(documento, usuario)
        except IntegrityError as erro:
            raise PedidoRecusado(_motivo_para_nao_repetir(documento) or SO_O_QUE_FALHOU) from erro
