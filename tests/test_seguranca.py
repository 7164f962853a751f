"""Segurança do acesso: login com bloqueio após 5 falhas (django-axes), senhas fortes,
sessão que expira sem uso e cabeçalhos (CSP, Permissions-Policy, Referrer-Policy)."""

import re
import time
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessLog
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from demonstracao.management.commands.carregar_demo import _senha_aleatoria
from tests.ambiente import RAIZ, configuracao_com
from tests.conftest import SENHA
from tests.test_camadas import templates_do_projeto

pytestmark = pytest.mark.django_db


@pytest.fixture
def administrador(db):
    return User.objects.create_superuser("root", password="x", first_name="Administrador")


def entrar(client, usuario: str, senha: str, endereco: str = "10.0.0.1"):
    return client.post("/entrar/", {"username": usuario, "password": senha}, REMOTE_ADDR=endereco)


def logado(client) -> bool:
    return "_auth_user_id" in client.session


# --- Bloqueio do login -------------------------------------------------------------------


def test_sexta_tentativa_fica_bloqueada_mesmo_com_a_senha_certa(client, servidor):
    falhas = [entrar(client, "alice", f"errada-{i}").status_code for i in range(5)]
    assert falhas == [200, 200, 200, 200, 429]

    resposta = entrar(client, "alice", SENHA)

    assert resposta.status_code == 429
    assert not logado(client)


def test_bloqueio_responde_em_portugues_com_retry_after(client, servidor):
    for i in range(5):
        entrar(client, "alice", f"errada-{i}")
    resposta = entrar(client, "alice", SENHA)
    html = resposta.content.decode()
    assert resposta["Retry-After"] == "900"
    assert "Acesso temporariamente bloqueado" in html
    assert "5 tentativas de entrada sem sucesso" in html
    assert "15 minutos" in html
    assert "Account locked" not in html and "try again" not in html


def test_quatro_falhas_ainda_deixam_entrar(client, servidor):
    for i in range(4):
        entrar(client, "alice", f"errada-{i}")
    assert entrar(client, "alice", SENHA).status_code == 302
    assert logado(client)


def test_usuario_bloqueado_nao_entra_de_outro_endereco(client, servidor):
    for i in range(5):
        entrar(client, "alice", f"errada-{i}", endereco=f"10.0.0.{i + 1}")
    assert entrar(Client(), "alice", SENHA, endereco="10.9.9.9").status_code == 429


def test_endereco_bloqueado_nao_entra_com_outro_usuario(client, servidor):
    for i in range(5):
        entrar(client, f"chute{i}", "qualquer", endereco="10.0.0.7")
    outro = Client()
    assert entrar(outro, "alice", SENHA, endereco="10.0.0.7").status_code == 429
    assert entrar(outro, "alice", SENHA, endereco="10.0.0.8").status_code == 302


def test_falhas_de_mais_de_15_minutos_nao_contam(client, servidor):
    for i in range(4):
        entrar(client, "alice", f"errada-{i}")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert entrar(client, "alice", "errada-5").status_code == 200
    assert entrar(client, "alice", SENHA).status_code == 302


def test_tentativas_ficam_registradas_e_aparecem_no_admin(client, servidor, administrador):
    for i in range(3):
        entrar(client, "alice", f"errada-{i}")
    entrar(Client(), "alice", SENHA, endereco="10.0.0.2")

    tentativa = AccessAttempt.objects.get(username="alice")
    assert (tentativa.ip_address, tentativa.failures_since_start) == ("10.0.0.1", 3)
    assert AccessLog.objects.filter(username="alice", ip_address="10.0.0.2").exists()
    admin = Client()
    admin.force_login(administrador)
    assert "Tentativas de entrada" in admin.get("/admin/").content.decode()
    lista = admin.get(reverse("admin:axes_accessattempt_changelist")).content.decode()
    assert "alice" in lista and "10.0.0.1" in lista


def test_administrador_desbloqueia_apagando_a_tentativa_no_admin(client, servidor, administrador):
    for i in range(5):
        entrar(client, "alice", f"errada-{i}")
    assert entrar(client, "alice", SENHA).status_code == 429
    admin = Client()
    admin.force_login(administrador)
    ids = [str(pk) for pk in AccessAttempt.objects.values_list("pk", flat=True)]

    admin.post(
        reverse("admin:axes_accessattempt_changelist"),
        {"action": "delete_selected", "_selected_action": ids, "post": "yes"},
    )

    assert not AccessAttempt.objects.exists()
    assert entrar(client, "alice", SENHA).status_code == 302
    assert logado(client)


def test_login_do_admin_tambem_bloqueia(client, administrador):
    for i in range(5):
        client.post("/admin/login/", {"username": "root", "password": f"e{i}"})
    resposta = client.post("/admin/login/?next=/admin/", {"username": "root", "password": "x"})
    assert resposta.status_code == 429
    assert "Acesso temporariamente bloqueado" in resposta.content.decode()


# --- Senhas ---------------------------------------------------------------------------


def _erros(senha: str, usuario: User | None = None) -> list[str]:
    try:
        validate_password(senha, usuario)
    except ValidationError as exc:
        return exc.messages
    return []


@pytest.mark.parametrize(
    "senha",
    [
        "almt2026",
        "almtalmt2026",
        "Assembleia1992",
        "assembléia-legislativa",
        "Cuiabá#2026xyz",
        "CUIABA2026!!",
        "Mato Grosso 2026",
        "emancipação-já-2026",
        "Crt-Comissao-77",
        "S3nh@F0rte!!",
        "4ssemb1eia-99x",
    ],
)
def test_recusa_senha_com_nome_da_instituicao_ou_palavra_local(senha):
    erros = _erros(senha)
    assert any("nome da instituição ou palavra local" in erro for erro in erros), erros


@pytest.mark.parametrize("senha", ["curta1!", "Ab#9xyzq1"])
def test_recusa_senha_com_menos_de_10_caracteres(senha):
    assert any("pelo menos 10 caracteres" in erro for erro in _erros(senha))


def test_recusa_senha_comum_e_so_numerica():
    assert any("muito comum" in erro for erro in _erros("password123"))
    assert any("inteiramente numérica" in erro for erro in _erros("1992202619"))


def test_aceita_senha_forte():
    assert _erros("pequi-no-cerrado-71") == []
    assert _erros("Tuiuiu voa sobre o rio") == []


def test_admin_recusa_senha_fraca_ao_criar_usuario(administrador):
    admin = Client()
    admin.force_login(administrador)
    resposta = admin.post(
        reverse("admin:auth_user_add"),
        {"username": "novo", "password1": "almt2026", "password2": "almt2026"},
    )
    assert resposta.status_code == 200
    assert "nome da instituição ou palavra local" in resposta.content.decode()
    assert not User.objects.filter(username="novo").exists()


def test_senhas_geradas_pela_demonstracao_passam_nos_validadores():
    for login in ("servidor", "presidente", "mesa", "deputado", "admin"):
        usuario = User(username=login, first_name="Alice")
        senha = _senha_aleatoria(usuario)
        assert len(senha) == 12
        assert _erros(senha, usuario) == []


# --- Sessão ---------------------------------------------------------------------------


def test_sessao_expira_apos_120_minutos_sem_uso_por_padrao(settings):
    assert settings.SESSION_COOKIE_AGE == 120 * 60
    # Renovada no máximo uma vez por minuto (emancipacao.sessao), não a cada requisição.
    assert settings.SESSION_SAVE_EVERY_REQUEST is False
    assert "emancipacao.sessao.RenovacaoSessaoMiddleware" in settings.MIDDLEWARE


def test_cada_requisicao_recomeca_o_prazo_da_sessao(client, servidor):
    client.force_login(servidor)
    # A última renovação foi há um minuto: a próxima requisição renova.
    aberta = client.session
    aberta["_renovada_em"] = int(time.time()) - 60
    aberta.save()
    sessao = Session.objects.get(session_key=client.session.session_key)
    sessao.expire_date = timezone.now() + timedelta(minutes=1)
    sessao.save()

    resposta = client.get("/painel/")

    assert resposta.cookies["sessionid"]["max-age"] == 7200
    sessao.refresh_from_db()
    restante = sessao.expire_date - timezone.now()
    assert timedelta(minutes=119) < restante <= timedelta(minutes=120)


def test_sessao_vencida_volta_ao_login(client, servidor):
    client.force_login(servidor)
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    resposta = client.get("/painel/")
    assert resposta.status_code == 302
    assert resposta["Location"].startswith("/entrar/")


def test_minutos_da_sessao_vem_do_ambiente():
    lida = configuracao_com("settings.SESSION_COOKIE_AGE", DJANGO_SESSAO_MINUTOS="30")
    assert lida.stdout == "1800\n"
    recusa = configuracao_com("settings.SESSION_COOKIE_AGE", DJANGO_SESSAO_MINUTOS="0")
    assert recusa.returncode != 0
    assert "DJANGO_SESSAO_MINUTOS deve ser de pelo menos 1" in recusa.stderr


# --- Cabeçalhos -----------------------------------------------------------------------


def _diretivas(resposta) -> dict[str, str]:
    politica = resposta["Content-Security-Policy"]
    return dict(d.strip().split(" ", 1) for d in politica.split(";") if d.strip())


def test_pagina_html_tem_csp_estrita_e_permissions_policy(client):
    resposta = client.get("/simulador/")
    diretivas = _diretivas(resposta)
    assert diretivas["default-src"] == "'self'"
    assert diretivas["script-src"] == "'self'"
    assert diretivas["style-src"] == "'self'"
    assert diretivas["frame-ancestors"] == "'none'"
    assert diretivas["form-action"] == "'self'"
    assert "unsafe-inline" not in resposta["Content-Security-Policy"]
    assert "camera=()" in resposta["Permissions-Policy"]
    assert "microphone=()" in resposta["Permissions-Policy"]
    assert "geolocation=()" in resposta["Permissions-Policy"]
    assert resposta["Referrer-Policy"] == "same-origin"
    assert resposta["X-Frame-Options"] == "DENY"
    assert "Server" not in resposta and "X-Powered-By" not in resposta


def test_respostas_da_api_e_erros_tambem_levam_os_cabecalhos(client):
    for resposta in (client.get("/api/schema/"), client.get("/nao-existe/")):
        assert "default-src 'self'" in resposta["Content-Security-Policy"]
        assert "camera=()" in resposta["Permissions-Policy"]


def test_documentacao_da_api_abre_sem_script_nem_estilo_embutido(client):
    resposta = client.get("/api/docs/")
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "default-src 'self'" in resposta["Content-Security-Policy"]
    assert "<style" not in html
    assert re.findall(r"<script(?![^>]*\bsrc=)", html) == []
    script = re.search(r'<script src="([^"]*script[^"]*)"', html).group(1)
    inicializacao = client.get(script.replace("&amp;", "&"))
    assert inicializacao.status_code == 200
    assert "SwaggerUIBundle" in inicializacao.content.decode()


def test_templates_servidos_nao_tem_script_nem_estilo_embutido():
    """A CSP recusaria: o que o navegador mostra fica sem <script> inline, <style>, style=
    e on*=. (templates/pdf vão só para o WeasyPrint, nunca ao navegador.)"""
    embutidos = re.compile(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", re.I)
    achados = [
        f"{caminho.relative_to(RAIZ)}: {achado}"
        for nome, caminho in templates_do_projeto().items()
        if "pdf" not in nome.split("/")
        for achado in embutidos.findall(caminho.read_text())
    ]
    assert achados == []


def test_host_fora_de_allowed_hosts_e_400_e_nao_500(client, settings):
    """DisallowedHost sai do CommonMiddleware antes da autenticação: a página de erro não
    tem `request.user`, e mesmo assim é a página 400 em pt-BR."""
    settings.ALLOWED_HOSTS = ["emancipacao.al.mt.gov.br"]
    settings.DEBUG = False

    resposta = client.get("/portal/", HTTP_HOST="atacante.exemplo")

    assert resposta.status_code == 400
