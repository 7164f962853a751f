"""A Content-Security-Policy estrita no Chromium real: a documentação da API (Swagger UI),
o admin e a página de login abrem sem violação — a fixture `pagina` falha o teste se houver
alguma —, e uma violação de fato é percebida."""

import pytest
from django.contrib.auth.models import User

from tests.navegador.roteiro import esperar_ate

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_documentacao_da_api_renderiza_sob_a_csp(pagina):
    pagina.goto(pagina.url_base + "/api/docs/")
    titulo = pagina.locator(".swagger-ui .info .title")
    titulo.wait_for()
    assert "Emancipação de municípios" in titulo.inner_text()
    pagina.locator(".opblock-summary-path", has_text="/api/v1/simulacoes/toponimo/").wait_for()


def test_admin_abre_sob_a_csp(pagina):
    User.objects.create_superuser("root", password="senha-de-teste-123")
    pagina.goto(pagina.url_base + "/admin/")
    pagina.get_by_label("Usuário").fill("root")
    pagina.get_by_label("Senha").fill("senha-de-teste-123")
    pagina.get_by_role("button", name="Acessar").click()
    pagina.get_by_role("link", name="Tentativas de entrada").click()
    pagina.wait_for_url("**/admin/axes/accessattempt/")
    pagina.goto(pagina.url_base + "/admin/auth/user/add/")
    pagina.get_by_role("heading", name="Adicionar usuário").wait_for()


def test_bloqueio_do_login_aparece_em_portugues(pagina):
    User.objects.create_user("alice", password="senha-de-teste-123")
    pagina.goto(pagina.url_base + "/entrar/")
    for i in range(5):
        pagina.get_by_label("Usuário").fill("alice")
        pagina.get_by_label("Senha").fill(f"errada-{i}")
        pagina.get_by_role("button", name="Entrar").click()
        pagina.wait_for_load_state()
    pagina.get_by_role("heading", name="Acesso temporariamente bloqueado").wait_for()
    assert "peça ao administrador" in pagina.content()


def test_violacao_da_csp_e_percebida(pagina):
    pagina.goto(pagina.url_base + "/simulador/")
    pagina.evaluate("document.body.setAttribute('style', 'color: red')")

    assert esperar_ate(pagina, lambda: any("style-src" in v for v in pagina.violacoes_csp))
    pagina.violacoes_csp.clear()
    pagina.erros_console.clear()
