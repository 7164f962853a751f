"""O PDF/A de um arquivo juntado pelo pypdf (a cópia integral): as partes que o WeasyPrint
compõe saem em PDF/A-2B, mas o arquivo final é outro — catálogo, Info e trailer novos, e as
páginas dos PDFs recebidos (que não são nossos) desenhadas dentro das molduras.

Honestidade da declaração: o arquivo juntado herda a OutputIntent e o XMP da parte composta,
e só continua declarando PDF/A se, gravado, passar pela conferência offline. Uma peça recebida
com fonte não embutida, cor CMYK sem perfil ou JavaScript faz o arquivo perder a declaração
(`pdfaid`): ele continua sendo a cópia autenticada, só não se diz PDF/A.
"""

import logging
import re
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject

from documentos.pdfa import falhas_pdfa

logger = logging.getLogger(__name__)

_DECLARACAO = re.compile(rb'\s*pdfaid:(?:part|conformance)="[^"]*"')


def herdar_declaracao(escritor: PdfWriter, modelo: PdfReader) -> None:
    """OutputIntent, XMP, idioma e Info da parte composta passam ao arquivo juntado. O Info
    é o da parte, inteiro (inclusive o /Producer), para casar com o XMP herdado."""
    raiz = modelo.trailer["/Root"]
    for chave in ("/OutputIntents", "/Metadata", "/Lang"):
        if chave in raiz:
            escritor._root_object[NameObject(chave)] = raiz[chave].clone(escritor)
    if modelo.metadata is not None:
        escritor.add_metadata(dict(modelo.metadata))
    # O pypdf só grava o /ID (exigido pelo PDF/A) quando lhe pedem.
    escritor.generate_file_identifiers()


def retirar_declaracao(escritor: PdfWriter) -> None:
    """O XMP deixa de declarar PDF/A (sem pdfaid:part nem pdfaid:conformance)."""
    atual = escritor._root_object.get("/Metadata")
    if atual is None:
        return
    novo = DecodedStreamObject()
    novo.set_data(_DECLARACAO.sub(b"", atual.get_object().get_data()))
    novo.update(
        {NameObject("/Type"): NameObject("/Metadata"), NameObject("/Subtype"): NameObject("/XML")}
    )
    escritor._root_object[NameObject("/Metadata")] = escritor._add_object(novo)


def gravar_conferido(escritor: PdfWriter, destino: Path, *, declara: bool) -> list[str]:
    """Grava; se o arquivo declara PDF/A e a conferência acha falhas, regrava sem a
    declaração. Devolve as falhas encontradas (vazia quando o arquivo é PDF/A)."""
    with destino.open("wb") as saida:
        escritor.write(saida)
    if not declara:
        return []
    falhas = falhas_pdfa(destino)
    if falhas:
        logger.info("Arquivo juntado sem a declaração de PDF/A: %s", "; ".join(falhas[:5]))
        retirar_declaracao(escritor)
        with destino.open("wb") as saida:
            escritor.write(saida)
    return falhas
