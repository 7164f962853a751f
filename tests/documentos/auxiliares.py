"""Leitura dos PDFs gerados, como um usuário os leria."""

import hashlib
import subprocess
from pathlib import Path

from pypdf import PdfReader


def paginas_texto(caminho) -> list[str]:
    return [pagina.extract_text() or "" for pagina in PdfReader(str(caminho)).pages]


def texto(caminho) -> str:
    """O texto como o pdftotext (poppler) o extrai: o que um leitor copiaria do PDF."""
    resultado = subprocess.run(
        ["pdftotext", str(caminho), "-"], capture_output=True, check=True, text=True
    )
    # Junta as palavras hifenizadas na quebra de linha (U+2010), como um leitor as lê.
    return resultado.stdout.replace("\u2010\n", "")


def texto_layout(caminho, pagina: int) -> str:
    resultado = subprocess.run(
        ["pdftotext", "-layout", "-f", str(pagina), "-l", str(pagina), str(caminho), "-"],
        capture_output=True,
        check=True,
        text=True,
    )
    return resultado.stdout


def sha256(caminho) -> str:
    return hashlib.sha256(Path(caminho).read_bytes()).hexdigest()


def sem_espacos(texto_: str) -> str:
    return "".join(texto_.split())
