"""Em desenvolvimento local (DEBUG, o `make run`) as páginas de erro são as do projeto, em
pt-BR, e não as técnicas do Django em inglês; o traceback fica no console."""

import logging

import pytest
from django.test import Client


@pytest.fixture
def modo_local(settings):
    settings.DEBUG = True


@pytest.mark.django_db
def test_endereco_inexistente_e_a_pagina_404_do_projeto(client, modo_local):
    resposta = client.get("/nao-existe/")

    assert resposta.status_code == 404
    html = resposta.content.decode()
    assert "Página não encontrada" in html
    assert "Page not found" not in html
    assert "DEBUG = True" not in html


@pytest.mark.django_db
def test_processo_inexistente_e_a_pagina_404_do_projeto(client, servidor, modo_local):
    client.force_login(servidor)

    resposta = client.get("/processos/9999-2026/")

    assert resposta.status_code == 404
    assert "Página não encontrada" in resposta.content.decode()


@pytest.mark.django_db
def test_erro_interno_e_a_pagina_500_do_projeto_com_o_traceback_no_log(
    modo_local, monkeypatch, caplog
):
    def quebra(_data):
        raise RuntimeError("falha de teste")

    monkeypatch.setattr("lei.views.montar", quebra)
    cliente = Client(raise_request_exception=False)

    with caplog.at_level(logging.ERROR, logger="django.request"):
        resposta = cliente.get("/lei/")

    assert resposta.status_code == 500
    html = resposta.content.decode()
    assert "Traceback" not in html and "RuntimeError" not in html
    assert "Erro interno" in html and "nada foi gravado pela metade" in html
    assert any("falha de teste" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)


@pytest.mark.django_db
def test_fora_do_modo_local_nada_muda(client):
    resposta = client.get("/nao-existe/")

    assert resposta.status_code == 404
    assert "Página não encontrada" in resposta.content.decode()
