"""As mensagens: texto simples em pt-BR, com o link de cancelamento em todas.

Só informação pública (Art. 23): número e título do processo, o ato e o estado
como na linha do tempo pública, a data. Nunca justificativas, dados registrados nem quem
praticou o ato. Os links usam o endereço público (`URL_PUBLICA`), não o da requisição.
"""

import logging

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.template.loader import render_to_string
from django.urls import reverse

from acompanhamento.models import VALIDADE_CONFIRMACAO, Aviso, Inscricao
from emancipacao import url_publica as endereco

logger = logging.getLogger(__name__)

# Segundos de espera pelo servidor SMTP: o envio logo após o ato não pode segurar a resposta.
TIMEOUT_PADRAO = 10


def url_publica(caminho: str) -> str:
    return endereco.url_publica() + caminho


def url_do_processo(processo) -> str:
    return url_publica(reverse("transparencia:portal_processo", args=[processo.slug]))


def url_de_cancelamento(inscricao: Inscricao) -> str:
    return url_publica(reverse("acompanhamento:cancelar", args=[inscricao.chave]))


def conexao():
    """Uma conexão com prazo; os backends sem rede (console, locmem) ignoram o `timeout`."""
    timeout = getattr(settings, "EMAIL_TIMEOUT", None) or TIMEOUT_PADRAO
    return get_connection(fail_silently=False, timeout=timeout)


def _mensagem(inscricao: Inscricao, modelo: str, contexto: dict, connection) -> EmailMessage:
    cancelar = url_de_cancelamento(inscricao)
    contexto = {
        **contexto,
        "processo": inscricao.processo,
        "url_processo": url_do_processo(inscricao.processo),
        "url_cancelar": cancelar,
    }
    assunto = render_to_string(f"acompanhamento/email/{modelo}_assunto.txt", contexto)
    corpo = render_to_string(f"acompanhamento/email/{modelo}.txt", contexto)
    return EmailMessage(
        subject=" ".join(assunto.split()),
        body=corpo.strip() + "\n",
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[inscricao.email],
        headers={"List-Unsubscribe": f"<{cancelar}>", "Auto-Submitted": "auto-generated"},
        connection=connection,
    )


def mensagem_de_confirmacao(inscricao: Inscricao, token: str, connection=None) -> EmailMessage:
    confirmar = url_publica(reverse("acompanhamento:confirmar", args=[token]))
    horas = int(VALIDADE_CONFIRMACAO.total_seconds() // 3600)
    contexto = {"url_confirmar": confirmar, "horas": horas}
    return _mensagem(inscricao, "confirmacao", contexto, connection)


def mensagem_de_aviso(aviso: Aviso, connection=None) -> EmailMessage:
    return _mensagem(aviso.inscricao, "aviso", {"andamento": aviso.andamento}, connection)


def enviar_confirmacao(inscricao: Inscricao, token: str) -> bool:
    """Envia o link; uma falha do servidor de e-mail é registrada no log e não chega à
    página (o cidadão pode pedir de novo passada a janela de reenvio)."""
    try:
        enviados = mensagem_de_confirmacao(inscricao, token, conexao()).send()
    except Exception as exc:  # noqa: BLE001 — qualquer falha do envio, nunca um 500
        logger.warning(
            "Confirmação da inscrição %s não enviada: %s", inscricao.pk, type(exc).__name__
        )
        return False
    return bool(enviados)
