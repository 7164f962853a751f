"""Acompanhamento por e-mail: limites folgados (cada teste que os confere aperta o seu), o
endereço público fixo e atalhos para pedir e confirmar como o cidadão faz, pelas páginas."""

import re

import pytest
from django.core import mail

URL_PUBLICA = "https://portal.exemplo.leg.br"


@pytest.fixture(autouse=True)
def acompanhamento_padrao(settings):
    settings.ACOMPANHAMENTO_LIMITE_IP = "10000/h"
    settings.ACOMPANHAMENTO_LIMITE_ENDERECO = "10000/h"
    settings.URL_PUBLICA = URL_PUBLICA
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.DEFAULT_FROM_EMAIL = "nao-responda@almt.exemplo"


def url_acompanhar(processo) -> str:
    return f"/portal/processos/{processo.slug}/acompanhar/"


def pedir(client, processo, email, *, ip="10.9.0.1"):
    return client.post(url_acompanhar(processo), {"email": email}, REMOTE_ADDR=ip)


def caminho(mensagem, qual: str) -> str:
    """O caminho do link `qual` ("confirmar" ou "cancelar") no corpo da mensagem."""
    achado = re.search(rf"{re.escape(URL_PUBLICA)}(/acompanhamento/{qual}/[^/\s]+/)", mensagem.body)
    assert achado, f"link {qual} ausente de: {mensagem.body}"
    return achado.group(1)


def confirmar_pelo_link(client, processo, email, *, ip="10.9.0.1"):
    """Pede, abre o link que chegou e confirma — o caminho inteiro do cidadão."""
    antes = len(mail.outbox)
    pedir(client, processo, email, ip=ip)
    assert len(mail.outbox) == antes + 1
    resposta = client.post(caminho(mail.outbox[-1], "confirmar"))
    assert resposta.status_code == 200
    return resposta
