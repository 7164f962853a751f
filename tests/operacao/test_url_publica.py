"""O endereço público dos documentos e e-mails: obrigatório em produção — a
inicialização recusa sem ele —, e em desenvolvimento local o da requisição, nunca um
`127.0.0.1:8000` silencioso num QR code."""

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from documentos.pdf import Autenticacao
from emancipacao.url_publica import ENDERECO_LOCAL, UrlPublicaMiddleware, url_publica
from tests.operacao.auxiliares import configuracoes, erro_de_configuracao


def test_producao_sem_o_endereco_publico_nao_inicia():
    erro = erro_de_configuracao(DJANGO_DEBUG="0", EMANCIPACAO_URL_PUBLICA="")

    assert "Defina a variável de ambiente EMANCIPACAO_URL_PUBLICA" in erro
    assert "QR codes" in erro


@pytest.mark.parametrize("valor", ["emancipacao.al.mt.gov.br", "ftp://x.gov.br", "https://"])
def test_endereco_que_nao_e_http_absoluto_nao_inicia(valor):
    erro = erro_de_configuracao(DJANGO_DEBUG="0", EMANCIPACAO_URL_PUBLICA=valor)

    assert "EMANCIPACAO_URL_PUBLICA deve ser um endereço http(s) absoluto" in erro


def test_desenvolvimento_local_inicia_sem_ele():
    lidas = configuracoes("URL_PUBLICA", DJANGO_DEBUG="1", EMANCIPACAO_URL_PUBLICA="")

    assert lidas == {"URL_PUBLICA": ""}


def _no_pedido(host: str, **extra) -> str:
    """O que o QR code de um documento emitido durante um pedido a `host` imprimiria."""
    pedido = RequestFactory().get("/processos/", HTTP_HOST=host, **extra)
    resposta = UrlPublicaMiddleware(
        lambda _pedido: HttpResponse(Autenticacao("ABCD-EFGH", "0" * 64, "").url_qr)
    )(pedido)
    return resposta.content.decode()


def test_sem_o_endereco_o_documento_leva_o_da_requisicao(settings):
    settings.URL_PUBLICA = ""
    settings.ALLOWED_HOSTS = ["emancipacao.local", "10.0.0.5"]

    assert _no_pedido("emancipacao.local:9000") == (
        "http://emancipacao.local:9000/validar/?codigo=ABCD-EFGH"
    )
    assert _no_pedido("10.0.0.5", secure=True) == "https://10.0.0.5/validar/?codigo=ABCD-EFGH"
    # Fora de um pedido (um comando), o endereço do `make run`.
    assert url_publica() == ENDERECO_LOCAL


def test_com_o_endereco_o_pedido_nao_muda_nada(settings):
    settings.URL_PUBLICA = "https://emancipacao.al.mt.gov.br/"
    settings.ALLOWED_HOSTS = ["10.0.0.5"]

    assert _no_pedido("10.0.0.5") == ("https://emancipacao.al.mt.gov.br/validar/?codigo=ABCD-EFGH")
