"""Espera o `make run` servir e entra com um usuário de demonstração, como uma pessoa faria:
`/` responde 200, a página de login dá o formulário, o login leva ao painel.

uso: conferir_demo.py ARQUIVO_DE_SENHAS LOG_DO_MAKE_RUN (só a biblioteca padrão)."""

import http.cookiejar
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

URL = "http://127.0.0.1:8000"
ESPERA = 900  # a primeira vez instala o .venv


def main(senhas: Path, log: Path) -> int:
    navegador = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    limite = time.monotonic() + ESPERA
    while True:
        try:
            inicio = navegador.open(f"{URL}/", timeout=10)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if time.monotonic() > limite:
                print(f"`make run` não serviu em {ESPERA} s")
                return 1
            time.sleep(2)
    print(f"   GET / → {inicio.status}")
    if inicio.status != 200:
        return 1
    usuario, senha = next(linha.split(" ", 1) for linha in senhas.read_text().splitlines() if linha)
    formulario = navegador.open(f"{URL}/entrar/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', formulario).group(1)
    dados = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": usuario, "password": senha}
    ).encode()
    pedido = urllib.request.Request(f"{URL}/entrar/", data=dados, headers={"Referer": URL})
    painel = navegador.open(pedido, timeout=30)
    corpo = painel.read().decode()
    print(f"   login de {usuario} → {painel.status} {painel.url}")
    ultima_tela = log.read_text(errors="replace")
    if not (painel.url.endswith("/painel/") and "Sair" in corpo and senha in ultima_tela):
        print("   o login não chegou ao painel, ou a senha não estava na última tela")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
