"""O que `make run` mostra: uma linha por etapa (sem as migrações), e por último o endereço,
os usuários de demonstração e as senhas — as mesmas que entram no login, guardadas só para o
dono do arquivo."""

import stat
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from demonstracao import senhas
from demonstracao.management.commands.servir import Command as Servir

pytestmark = pytest.mark.django_db


@pytest.fixture
def local(settings, tmp_path):
    settings.DEBUG = True
    settings.SENHAS_DEMONSTRACAO = tmp_path / ".senhas-demonstracao"
    return settings.SENHAS_DEMONSTRACAO


def _ultima_tela() -> str:
    servir = Servir(stdout=StringIO())
    servir.protocol, servir.addr = "http", "127.0.0.1"
    servir.on_bind(8000)
    return servir.stdout.getvalue()


def test_uma_linha_por_etapa_e_a_ultima_tela_com_as_senhas_que_entram(local, settings):
    settings.MALHA_IBGE = ""
    saida = StringIO()

    call_command("preparar_demonstracao", stdout=saida)
    tela = _ultima_tela()
    guardadas = senhas.ler()

    assert saida.getvalue().splitlines() == [
        "== demonstração (1/5): banco de dados (migrações)",
        "== demonstração (2/5): tabela do cache",
        "== demonstração (3/5): municípios de Mato Grosso",
        "== demonstração (4/5): malha municipal do IBGE",
        "   sem malha: defina EMANCIPACAO_MALHA_IBGE com a pasta da malha do IBGE ou rode "
        "`manage.py carregar_malha <pasta> --edicao 2024`",
        "== demonstração (5/5): usuários e processos de demonstração",
    ]
    assert "emancipacao no ar: http://127.0.0.1:8000/" in tela
    assert "12 processos de demonstração" in tela
    assert set(guardadas) == {"servidor", "presidente", "mesa", "deputado", "admin"}
    for usuario, senha in guardadas.items():
        assert f"{usuario:<11} {senha}" in tela
        assert User.objects.get(username=usuario).check_password(senha)
    assert stat.S_IMODE(local.stat().st_mode) == 0o600


def test_de_novo_a_tela_mostra_as_mesmas_senhas(local):
    call_command("preparar_demonstracao", stdout=StringIO())
    antes = senhas.ler()

    call_command("preparar_demonstracao", stdout=StringIO())

    assert senhas.ler() == antes
    assert antes["servidor"] in _ultima_tela()


def test_sem_o_arquivo_a_tela_diz_onde_achar_a_senha(local):
    call_command("preparar_demonstracao", stdout=StringIO())
    local.unlink()

    assert "servidor    (senha definida antes; veja o README)" in _ultima_tela()
