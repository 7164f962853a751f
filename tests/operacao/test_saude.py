"""A sonda de saúde (`/saude/`) do balanceador e do contêiner, e as sondas de dentro do
contêiner (`python -m operacao.sonda`)."""

import logging
import os
import time

import pytest
from django.db import connection
from django.db.utils import OperationalError

from operacao import sonda


def test_saude_responde_ok_sem_login_e_sem_cache(client, db):
    resposta = client.get("/saude/")

    assert resposta.status_code == 200
    assert resposta.json() == {"status": "ok"}
    assert "no-cache" in resposta["Cache-Control"]
    assert "sessionid" not in resposta.cookies


def test_saude_so_aceita_leitura(client, db):
    assert client.post("/saude/").status_code == 405


def test_saude_com_o_banco_fora_do_ar_e_503(client, db, caplog):
    def recusar(execute, sql, params, many, context):
        raise OperationalError("could not connect to server: Connection refused")

    with caplog.at_level(logging.ERROR), connection.execute_wrapper(recusar):
        resposta = client.get("/saude/")

    assert resposta.status_code == 503
    assert resposta.json() == {
        "status": "indisponivel",
        "detalhe": "sem acesso ao banco de dados",
    }
    assert resposta["Retry-After"] == "30"
    assert "banco inacessível" in caplog.text


def test_saude_nao_e_redirecionada_para_https(client, db, settings):
    """Com DJANGO_SECURE=1 o resto do site vai para HTTPS; a sonda do contêiner fala HTTP."""
    settings.SECURE_SSL_REDIRECT = True

    assert client.get("/saude/").status_code == 200
    assert client.get("/portal/").status_code == 301


# --- python -m operacao.sonda ---------------------------------------------------------------


# serialized_rollback: o flush do fim não apaga os grupos que as migrações criam.
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_sonda_http_saudavel_com_o_servidor_no_ar(live_server, monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "localhost")

    assert sonda.principal(["--endereco", f"{live_server.url}/saude/"]) == 0


def test_sonda_http_falha_sem_servidor(capsys):
    assert sonda.principal(["--endereco", "http://127.0.0.1:9/saude/"]) == 1
    assert "sonda: http://127.0.0.1:9/saude/" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("permitidos", "host"),
    [
        ("emancipacao.al.mt.gov.br,localhost", "emancipacao.al.mt.gov.br"),
        (".al.mt.gov.br", "al.mt.gov.br"),
        ("*", "localhost"),
        (" , ", "localhost"),
    ],
)
def test_sonda_envia_um_host_que_o_django_aceita(monkeypatch, permitidos, host):
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", permitidos)

    assert sonda.host_permitido() == host


def test_batimento_recente_e_saudavel(tmp_path):
    batimento = tmp_path / "agendador.batimento"
    batimento.touch()

    assert sonda.principal(["--batimento", str(batimento)]) == 0


def test_batimento_antigo_ou_ausente_e_doente(tmp_path, capsys):
    batimento = tmp_path / "agendador.batimento"
    assert sonda.principal(["--batimento", str(batimento)]) == 1
    assert "sem batimento do agendador" in capsys.readouterr().err

    batimento.touch()
    seis_minutos = time.time() - 360
    os.utime(batimento, (seis_minutos, seis_minutos))
    assert sonda.principal(["--batimento", str(batimento)]) == 1
    assert sonda.principal(["--batimento", str(batimento), "--idade", "400"]) == 0
