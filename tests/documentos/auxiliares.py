"""Leitura dos PDFs gerados, como um usuário os leria."""

import hashlib
import re
from pathlib import Path

from pypdf import PdfReader

# Glifos sem mapa Unicode nas fontes embutidas (o hífen da quebra, emoji) saem do pypdf como
# caracteres de controle: no fim da linha são o hífen da hifenização; no resto, somem.
_HIFEN_NA_QUEBRA = re.compile(r"[\x00-\x08\x0b-\x1f\u2010]+\n")
_CONTROLE = re.compile(r"[\x00-\x08\x0b-\x1f]")


def _legivel(texto_: str) -> str:
    return _CONTROLE.sub("", _HIFEN_NA_QUEBRA.sub("", texto_.replace("\x00", "")))


def _corrido(texto_: str) -> str:
    return " ".join(texto_.split())


def paginas_texto(caminho) -> list[str]:
    """O texto de cada página, corrido: as quebras de linha viram espaços, de modo que o
    que se afirma sobre o texto não depende de onde a página quebrou as linhas."""
    leitor = PdfReader(str(caminho))
    return [_corrido(_legivel(pagina.extract_text() or "")) for pagina in leitor.pages]


def texto(caminho) -> str:
    """O texto do PDF como um leitor o leria, extraído pelo pypdf (sem programas do
    sistema: `make test` roda numa máquina só com Python). Junta as palavras hifenizadas na
    quebra de linha (U+2010) e corre as linhas num texto só."""
    return "\n".join(paginas_texto(caminho))


def texto_layout(caminho, pagina: int) -> str:
    """A página `pagina` (1 = primeira) com o leiaute preservado (colunas alinhadas)."""
    leitor = PdfReader(str(caminho))
    return _legivel(leitor.pages[pagina - 1].extract_text(extraction_mode="layout") or "")


def sha256(caminho) -> str:
    return hashlib.sha256(Path(caminho).read_bytes()).hexdigest()


def sem_espacos(texto_: str) -> str:
    return "".join(texto_.split())
