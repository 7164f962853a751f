"""A caixa de saída dos avisos: gravada com o ato, enviada depois que ele confirma.

O efeito (`registrar_avisos`) roda dentro da transação do ato (processos.services
.praticar_ato): as linhas de `Aviso` nascem ou somem junto com o Andamento. O envio fica
para `transaction.on_commit` — nunca dentro da transação —, pega qualquer exceção, registra
no log e deixa a linha pendente: o servidor de e-mail fora do ar não desfaz nem trava o ato.
O comando `enviar_avisos` reenvia as pendentes.
"""

import logging
from contextlib import suppress
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from smtplib import SMTPRecipientsRefused

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from acompanhamento import mensagens
from acompanhamento.models import Aviso, Inscricao
from processos.atos import ATOS

logger = logging.getLogger(__name__)

# Passado este tempo, a reserva de um envio interrompido (processo morto no meio) caduca e
# o aviso volta a ser enviado.
RESERVA = timedelta(minutes=10)
# Depois de tantas falhas o aviso não é mais tentado (fica no admin, com o tipo do erro).
MAX_TENTATIVAS = 12
# Quantos avisos o envio logo após o ato tenta; o resto fica para o comando. Medido: cada
# mensagem por SMTP custa dezenas de milissegundos na resposta do ato.
LOTE_DO_ATO = 20


def registrar_avisos(andamento) -> None:
    """O último passo de todo ato que muda o estado: um aviso por inscrição confirmada. Os
    atos que não mudam o estado (`Ato.permanece`, e os que voltam ao mesmo) não avisam."""
    if andamento.estado_origem == andamento.estado_destino or ATOS[andamento.ato].permanece:
        return
    inscricoes = list(
        Inscricao.objects.filter(
            processo_id=andamento.processo_id, confirmada_em__isnull=False
        ).values_list("pk", flat=True)
    )
    Aviso.objects.bulk_create([Aviso(andamento=andamento, inscricao_id=pk) for pk in inscricoes])
    if inscricoes:
        transaction.on_commit(partial(enviar_do_andamento, andamento.pk), robust=True)


def enviar_do_andamento(andamento_id: int) -> None:
    """Chamado depois do commit do ato. Não propaga exceção nenhuma."""
    try:
        enviar_pendentes(andamento_id=andamento_id, limite=LOTE_DO_ATO)
    except Exception as exc:  # noqa: BLE001 — o ato já foi gravado; o comando reenvia
        logger.warning("Avisos do andamento %s não enviados: %s", andamento_id, type(exc).__name__)


@dataclass
class Resultado:
    enviados: int = 0
    falhas: int = 0


def pendentes(agora=None):
    agora = agora or timezone.now()
    return Aviso.objects.filter(enviado_em__isnull=True, tentativas__lt=MAX_TENTATIVAS).filter(
        Q(reservado_em__isnull=True) | Q(reservado_em__lt=agora - RESERVA)
    )


def reservar(aviso_id: int, agora) -> bool:
    """Marca o aviso como em envio; False se outro envio o pegou primeiro (UPDATE
    condicional, atômico no PostgreSQL e no SQLite)."""
    return bool(pendentes(agora).filter(pk=aviso_id).update(reservado_em=agora))


def enviar_pendentes(*, andamento_id: int | None = None, limite: int | None = None) -> Resultado:
    """Envia os avisos pendentes (os que falharam menos vezes primeiro). Para no primeiro
    erro de conexão — o servidor está fora — e segue no endereço recusado, que é só dele."""
    resultado = Resultado()
    fila = pendentes()
    if andamento_id is not None:
        fila = fila.filter(andamento_id=andamento_id)
    ids = list(fila.order_by("tentativas", "pk").values_list("pk", flat=True)[:limite])
    if not ids:
        return resultado
    conexao = mensagens.conexao()
    try:
        for aviso_id in ids:
            agora = timezone.now()
            if not reservar(aviso_id, agora):
                continue
            aviso = (
                Aviso.objects.select_related("inscricao__processo", "andamento")
                .filter(pk=aviso_id)
                .first()
            )
            if aviso is None:  # a inscrição foi cancelada entre a reserva e a leitura
                continue
            try:
                # Aberta uma vez, a conexão serve ao lote inteiro (sem abrir, o backend SMTP
                # abriria e fecharia uma por mensagem).
                conexao.open()
                enviados = mensagens.mensagem_de_aviso(aviso, conexao).send()
                if not enviados:
                    raise RuntimeError("o servidor não aceitou a mensagem")
            except Exception as exc:  # noqa: BLE001 — qualquer falha deixa o aviso pendente
                _falhou(aviso, exc)
                resultado.falhas += 1
                if not isinstance(exc, SMTPRecipientsRefused):
                    break
                continue
            Aviso.objects.filter(pk=aviso.pk).update(
                enviado_em=timezone.now(), reservado_em=None, tentativas=F("tentativas") + 1
            )
            resultado.enviados += 1
    finally:
        # Fechar uma conexão que caiu pode falhar de novo; o resultado já está gravado.
        with suppress(Exception):
            conexao.close()
    return resultado


def _falhou(aviso: Aviso, exc: Exception) -> None:
    # Só o tipo do erro: o texto de um erro SMTP pode conter o endereço.
    erro = type(exc).__name__
    logger.warning("Aviso %s não enviado (%s); fica pendente.", aviso.pk, erro)
    Aviso.objects.filter(pk=aviso.pk).update(
        reservado_em=None, tentativas=F("tentativas") + 1, ultimo_erro=erro[:200]
    )
