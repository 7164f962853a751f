"""Navegador real: o Chromium do Debian (/usr/bin/chromium) dirigido pelo Playwright, sem
download de navegador. Sem o Chromium, os testes são pulados com o motivo."""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def navegador():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip(f"Chromium não encontrado em {CHROMIUM}: testes de navegador pulados.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def pagina(navegador, live_server):
    contexto = navegador.new_context(locale="pt-BR", timezone_id="America/Cuiaba")
    pagina = contexto.new_page()
    pagina.set_default_timeout(15_000)
    pagina.url_base = live_server.url
    yield pagina
    contexto.close()
