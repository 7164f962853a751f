"""A cota do endereço conta só as confirmações enviadas (quem pede em nome de outro não o
silencia com pedidos que nada enviariam), e o pedido é atendido depois da resposta: a página
sai sem consultar as inscrições nem falar com o servidor de e-mail, igual para o endereço
novo e para o já confirmado."""

from contextlib import contextmanager

import pytest
from django.core import mail
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from acompanhamento.models import Inscricao
from tests.acompanhamento.conftest import confirmar_pelo_link, pedir, url_acompanhar
from tests.processos.construtores import protocolar

pytestmark = pytest.mark.django_db


@pytest.fixture
def processos(operador):
    return [protocolar(operador, nome=f"Vale do Arinos {i}") for i in range(3)]


# --- a cota do endereço ------------------------------------------------------------------------


def test_pedidos_repetidos_de_um_atacante_nao_gastam_a_cota_da_vitima(client, settings, processos):
    settings.ACOMPANHAMENTO_LIMITE_ENDERECO = "2/h"
    vitima = "vitima@exemplo.com.br"
    pedir(client, processos[0], vitima)  # a 1ª confirmação enviada

    for _ in range(10):  # dentro da janela de reenvio: nada é enviado, nada conta
        pedir(client, processos[0], vitima, ip="10.66.6.6")
    pedir(client, processos[1], vitima)  # a 2ª
    pedir(client, processos[2], vitima)  # a 3ª passaria do limite

    assert [m.to for m in mail.outbox] == [[vitima], [vitima]]
    assert not Inscricao.objects.filter(processo=processos[2]).exists()


def test_pedidos_para_endereco_ja_confirmado_nao_gastam_a_cota(client, settings, processos):
    settings.ACOMPANHAMENTO_LIMITE_ENDERECO = "2/h"
    confirmar_pelo_link(client, processos[0], "ana@exemplo.com.br")  # 1 enviada

    for _ in range(5):
        pedir(client, processos[0], "ana@exemplo.com.br")
    pedir(client, processos[1], "ana@exemplo.com.br")

    assert len(mail.outbox) == 2


def test_envio_que_falhou_nao_gasta_a_cota(client, settings, processos):
    settings.ACOMPANHAMENTO_LIMITE_ENDERECO = "1/h"
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"
    pedir(client, processos[0], "ana@exemplo.com.br")

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    pedir(client, processos[1], "ana@exemplo.com.br")

    assert [m.to for m in mail.outbox] == [["ana@exemplo.com.br"]]


# --- depois da resposta ------------------------------------------------------------------------


@contextmanager
def _conexao_do_teste_aberta():
    """Como o cliente de testes do Django: a conexão do teste (dentro da transação que o
    desfaz ao fim) não é fechada no começo e no fim da requisição."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _fechar(resposta) -> None:
    """O que o servidor WSGI faz depois de escrever a resposta ao cliente."""
    with _conexao_do_teste_aberta():
        resposta.close()


def _pedir_como_o_servidor_wsgi(processo, email: str):
    """Como o gunicorn: a resposta é produzida (e escrita ao cliente) e só depois fechada."""
    segredo = "Abc123" * 5 + "xy"  # o token CSRF, no cookie e no formulário
    fabrica = RequestFactory(HTTP_COOKIE=f"csrftoken={segredo}", REMOTE_ADDR="10.9.0.1")
    requisicao = fabrica.post(
        url_acompanhar(processo), {"email": email, "csrfmiddlewaretoken": segredo}
    )
    with _conexao_do_teste_aberta():
        return WSGIHandler()(requisicao.environ, lambda status, cabecalhos: None)


def test_confirmacao_sai_depois_que_a_resposta_foi_entregue(processos):
    resposta = _pedir_como_o_servidor_wsgi(processos[0], "ana@exemplo.com.br")

    assert resposta.status_code == 302
    assert mail.outbox == []
    assert not Inscricao.objects.exists()

    _fechar(resposta)

    assert [m.to for m in mail.outbox] == [["ana@exemplo.com.br"]]
    assert Inscricao.objects.get().email == "ana@exemplo.com.br"


def test_resposta_nao_consulta_as_inscricoes_para_endereco_novo_nem_confirmado(client, processos):
    confirmar_pelo_link(client, processos[0], "ja@exemplo.com.br")
    respostas, consultas = [], []

    for email in ("ja@exemplo.com.br", "novo@exemplo.com.br"):
        with CaptureQueriesContext(connection) as capturadas:
            respostas.append(_pedir_como_o_servidor_wsgi(processos[0], email))
        consultas.append([q["sql"] for q in capturadas if "acompanhamento_" in q["sql"]])
        _fechar(respostas[-1])

    assert consultas == [[], []]
    assert respostas[0]["Location"] == respostas[1]["Location"]
    assert respostas[0].content == respostas[1].content
