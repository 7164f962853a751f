"""Sondas de dentro do contêiner, sem carregar o Django (as HEALTHCHECK do Dockerfile e do
docker-compose.yml); terminam com 0 (saudável) ou 1.

- `python -m operacao.sonda` pede `/saude/` ao gunicorn local. O Host enviado é um dos
  DJANGO_ALLOWED_HOSTS, senão o Django recusaria a sonda com 400.
- `python -m operacao.sonda --batimento ARQUIVO` confere que o agendador tocou o arquivo há
  menos de `--idade` segundos (300)."""

import argparse
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ENDERECO = "http://127.0.0.1:8000/saude/"
IDADE_MAXIMA = 300


def host_permitido() -> str:
    """Um nome que o ALLOWED_HOSTS aceita ("localhost" se a lista só tiver curingas)."""
    for nome in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost").split(","):
        nome = nome.strip().lstrip(".")
        if nome and "*" not in nome:
            return nome
    return "localhost"


def sondar(endereco: str = ENDERECO, tempo: float = 5) -> int:
    pedido = urllib.request.Request(endereco, headers={"Host": host_permitido()})
    try:
        with urllib.request.urlopen(pedido, timeout=tempo) as resposta:
            return 0 if resposta.status == 200 else 1
    except (urllib.error.URLError, OSError) as exc:
        print(f"sonda: {endereco}: {exc}", file=sys.stderr)
        return 1


def batimento_recente(arquivo: Path, idade: float = IDADE_MAXIMA) -> int:
    try:
        passados = time.time() - arquivo.stat().st_mtime
    except OSError as exc:
        print(f"sonda: sem batimento do agendador ({exc})", file=sys.stderr)
        return 1
    if passados > idade:
        print(f"sonda: último batimento do agendador há {passados:.0f} s", file=sys.stderr)
        return 1
    return 0


def principal(argumentos: list[str] | None = None) -> int:
    leitor = argparse.ArgumentParser(prog="python -m operacao.sonda")
    leitor.add_argument("--endereco", default=ENDERECO)
    leitor.add_argument("--batimento", type=Path)
    leitor.add_argument("--idade", type=float, default=IDADE_MAXIMA)
    opcoes = leitor.parse_args(argumentos)
    if opcoes.batimento:
        return batimento_recente(opcoes.batimento, opcoes.idade)
    return sondar(opcoes.endereco)


if __name__ == "__main__":
    sys.exit(principal())
