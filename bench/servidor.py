"""O que os benchmarks que sobem servidores partilham: porta livre, esperar no ar, os
processos filhos (os workers do gunicorn), o RSS lido em /proc e o wrk resumido em JSON."""

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent
LUA = RAIZ / "bench" / "wrk_resumo.lua"
PYTHON = sys.executable


def porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def esperar_no_ar(url: str, tentativas: int = 100) -> None:
    """Até o servidor que acaba de subir responder a `url`."""
    for _ in range(tentativas):
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)


def filhos(pid: int) -> list[int]:
    achados = []
    for entrada in Path("/proc").iterdir():
        if entrada.name.isdigit():
            try:
                campos = (entrada / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(campos[1]) == pid:
                achados.append(int(entrada.name))
    return achados


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


def wrk(url: str, conexoes: int, duracao: int, cookie: str | None) -> dict:
    comando = ["wrk", "-t2", f"-c{conexoes}", f"-d{duracao}s", "-s", str(LUA), url]
    if cookie:
        comando[1:1] = ["-H", f"Cookie: {cookie}"]
    saida = subprocess.run(comando, capture_output=True, text=True, check=True).stdout
    return json.loads(saida.split("RESUMO ", 1)[1].splitlines()[0])
