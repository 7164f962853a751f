"""Navegador real: o Chromium do Debian (/usr/bin/chromium) dirigido pelo Playwright, sem
download de navegador. Sem o Chromium, os testes são pulados com o motivo."""

import os
import shutil

import pytest

# O do Debian; no Ubuntu 24.04, o snap (/snap/bin/chromium); CHROMIUM_PATH escolhe outro.
CHROMIUM = os.environ.get("CHROMIUM_PATH") or next(
    (c for c in ("/usr/bin/chromium", "/snap/bin/chromium") if os.path.exists(c)),
    shutil.which("chromium") or "/usr/bin/chromium",
)
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
    if not os.path.exists(CHROMIUM):
        pytest.skip(
            f"Chromium não encontrado em {CHROMIUM}: testes de navegador pulados. Para rodá-los, "
            "instale o do Debian (apt-get install chromium) ou aponte CHROMIUM_PATH para ele."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


# Em todo documento, antes dos scripts da página: cada violação da Content-Security-Policy
# é repassada ao teste (o console nem sempre a mostra, p. ex. estilo embutido bloqueado).
AVISAR_VIOLACAO_CSP = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.violacaoCSP(`${e.effectiveDirective} bloqueou ${e.blockedURI || "inline"} ` +
                     `em ${e.documentURI} (linha ${e.lineNumber})`);
}, true);
"""


@pytest.fixture
def pagina(navegador, live_server):
    """Página nova; falha o teste se alguma página violou a CSP (`pagina.violacoes_csp`).
    Os erros do console ficam em `pagina.erros_console` para o teste que quiser conferi-los."""
    contexto = navegador.new_context(locale="pt-BR", timezone_id="America/Cuiaba")
    violacoes, erros_console = [], []
    contexto.expose_function("violacaoCSP", lambda texto: violacoes.append(texto))
    contexto.add_init_script(AVISAR_VIOLACAO_CSP)
    pagina = contexto.new_page()
    pagina.on(
        "console",
        lambda msg: erros_console.append(msg.text) if msg.type == "error" else None,
    )
    # Generoso: numa máquina de 2 núcleos carregada, um ato que emite PDFs passa de 15 s; as
    # esperas são por condição (elemento, navegação), então o limite só pesa quando falha.
    pagina.set_default_timeout(60_000)
    pagina.url_base = live_server.url
    pagina.erros_console = erros_console
    pagina.violacoes_csp = violacoes
    yield pagina
    contexto.close()
    violacoes += [e for e in erros_console if "Content Security Policy" in e]
    if violacoes:
        pytest.fail("Violações da Content-Security-Policy:\n" + "\n".join(violacoes))


@pytest.fixture
def executor_de_tarefas(live_server):
    """O executor das emissões em segundo plano (`processar_tarefas --uma-vez`), chamado pelo
    teste enquanto o navegador espera na página da montagem. Roda na linha de execução do
    teste, que partilha com o servidor a conexão do SQLite em memória (uma segunda conexão
    ao mesmo banco em memória esbarra em "database table is locked")."""
    from documentos import tarefas

    return lambda: tarefas.processar(uma_vez=True)
