"""Conferência do conteúdo de todo arquivo enviado ao sistema: os documentos do Art. 15, a
certidão que responde a um ofício, o PDF levado ao /validar/.

O tipo real é decidido pelo conteúdo e confirmado pela leitura completa do arquivo: a
extensão do nome não conta, e a assinatura dos primeiros bytes só escolhe qual leitor tenta
abrir o arquivo — o PDF tem de abrir e ter o conteúdo de cada página legível (`pdf`), a
imagem tem de ser decodificada inteira (`imagem`), o GeoJSON tem de ser um JSON estrito com
um `type` de GeoJSON e o KML um XML sem DTD nem entidades, com raiz `<kml>`, ambos com as
coordenadas na faixa (`mapas`). Cada leitor lê dentro do orçamento (`orcamento`): para no
limite de bytes descomprimidos, páginas, pixels, elementos ou coordenadas, com a mensagem
que diz o limite.

Nada aqui toca o banco ou o armazenamento: recebe um arquivo aberto (um `UploadedFile` ou
qualquer objeto com read/seek) e devolve o que ele é, ou recusa com a mensagem pt-BR.
"""

import hashlib
import unicodedata
from pathlib import PurePosixPath

from documentos.arquivos import compactados
from documentos.arquivos.imagem import ler_jpeg, ler_png
from documentos.arquivos.mapas import ler_geojson, ler_kml
from documentos.arquivos.pdf import ler_pdf
from documentos.arquivos.tipos import (
    GEOJSON,
    JPEG,
    KML,
    KMZ,
    PDF,
    PNG,
    SHAPEFILE,
    ArquivoRecusado,
    Conteudo,
)

__all__ = [
    "GEOJSON",
    "JPEG",
    "KML",
    "KMZ",
    "PDF",
    "PNG",
    "SHAPEFILE",
    "ArquivoRecusado",
    "Conteudo",
    "conferir_conteudo",
    "conferir_pdf",
    "nome_para_exibir",
    "resumo_sha256",
]

TAMANHO_DO_NOME = 200

# Como cada tipo aceito é dito ao usuário.
DESCRICOES = {
    PDF: "um PDF",
    JPEG: "uma imagem JPEG",
    PNG: "uma imagem PNG",
    GEOJSON: "um GeoJSON",
    KML: "um KML",
    KMZ: "um KMZ",
    SHAPEFILE: "um shapefile compactado em ZIP (com o .prj)",
}
# O que os primeiros bytes sugerem, antes da leitura completa confirmar.
_PROVAVEIS = DESCRICOES | {GEOJSON: "um arquivo JSON", KML: "um arquivo XML"}
# Conteúdos que não são aceitos, reconhecidos só para dizer ao usuário o que ele enviou.
_OUTROS = (
    (b"GIF87a", "uma imagem GIF"),
    (b"GIF89a", "uma imagem GIF"),
    (b"II*\x00", "uma imagem TIFF"),
    (b"MM\x00*", "uma imagem TIFF"),
    (b"BM", "uma imagem BMP"),
    (b"PK\x03\x04", "um arquivo compactado (ZIP, KMZ, DOCX ou semelhante)"),
    (b"Rar!", "um arquivo compactado RAR"),
    (b"7z\xbc\xaf\x27\x1c", "um arquivo compactado 7z"),
    (b"\xd0\xcf\x11\xe0", "um documento do Office (DOC, XLS ou PPT)"),
    (b"MZ", "um programa executável"),
    (b"\x7fELF", "um programa executável"),
)


def conferir_conteudo(arquivo, *, aceitos: tuple[str, ...]) -> Conteudo:
    """O tipo real do arquivo e, no PDF, o número de páginas; recusa o arquivo vazio, o de
    tipo não aceito pelo item e o que não abre por inteiro."""
    arquivo.seek(0)
    inicio = arquivo.read(2048)
    arquivo.seek(0)
    if not inicio:
        raise ArquivoRecusado("O arquivo está vazio; envie o documento de novo.")
    if inicio.startswith(compactados.ZIP) and {KMZ, SHAPEFILE} & set(aceitos):
        # O KMZ, o shapefile e o DOCX começam igual: só o pacote aberto diz qual é.
        tipo, descricao = compactados.identificar(arquivo)
    else:
        tipo, descricao = _identificar(inicio)
    if tipo not in aceitos:
        if descricao is None:
            raise ArquivoRecusado(
                "Não foi possível reconhecer o conteúdo do arquivo (o tipo é lido do "
                f"conteúdo, não da extensão do nome); envie {_ou(aceitos)}."
            )
        raise ArquivoRecusado(f"O arquivo é {descricao}, não {_ou(aceitos)}.")
    return _LEITORES[tipo](arquivo)


def _identificar(inicio: bytes) -> tuple[str | None, str | None]:
    """O tipo provável (um dos aceitos pelo sistema, ou None) e como descrevê-lo."""
    if inicio.startswith(b"%PDF-"):
        return PDF, _PROVAVEIS[PDF]
    if inicio.startswith(b"\x89PNG\r\n\x1a\n"):
        return PNG, _PROVAVEIS[PNG]
    if inicio.startswith(b"\xff\xd8\xff"):
        return JPEG, _PROVAVEIS[JPEG]
    if inicio[:4] == b"RIFF" and inicio[8:12] == b"WEBP":
        return None, "uma imagem WebP"
    if inicio[4:8] == b"ftyp" and inicio[8:12] in (b"heic", b"heix", b"mif1", b"msf1"):
        return None, "uma imagem HEIC"
    for assinatura, descricao in _OUTROS:
        if inicio.startswith(assinatura):
            return None, descricao
    texto = inicio.removeprefix(b"\xef\xbb\xbf").lstrip()
    if texto[:14].lower().startswith((b"<!doctype html", b"<html")):
        return None, "uma página HTML"
    if texto.startswith((b"{", b"[")):
        return GEOJSON, _PROVAVEIS[GEOJSON]
    if texto.startswith(b"<"):
        return KML, _PROVAVEIS[KML]
    return None, None


def _ou(tipos: tuple[str, ...]) -> str:
    nomes = [DESCRICOES[t] for t in tipos]
    return nomes[0] if len(nomes) == 1 else f"{', '.join(nomes[:-1])} ou {nomes[-1]}"


def conferir_pdf(arquivo, *, limite_paginas: int | None = None) -> int:
    """O arquivo é um PDF lido por inteiro, com 1 a `limite_paginas` páginas (a certidão
    do ofício) ou até o limite geral (`orcamento.LIMITE_PAGINAS`); devolve o número de
    páginas. Começar por "%PDF-" não basta."""
    arquivo.seek(0)
    inicio = arquivo.read(5)
    arquivo.seek(0)
    if inicio != b"%PDF-":
        raise ArquivoRecusado("O arquivo não é um PDF; envie o documento em PDF.")
    return ler_pdf(arquivo, limite_paginas).paginas


_LEITORES = {
    PDF: ler_pdf,
    JPEG: ler_jpeg,
    PNG: ler_png,
    GEOJSON: ler_geojson,
    KML: ler_kml,
    KMZ: compactados.ler_kmz,
    SHAPEFILE: compactados.ler_shapefile,
}


BLOCO = 1 << 20


def resumo_sha256(aberto) -> str:
    """SHA-256 do arquivo inteiro, desde o início, lido em blocos de 1 MiB: a memória não
    cresce com o tamanho. Serve ao envio (`UploadedFile`), ao arquivo guardado aberto e ao
    PDF recém-produzido — o mesmo resumo que a integridade confere depois."""
    aberto.seek(0)
    resumo = hashlib.sha256()
    for bloco in iter(lambda: aberto.read(BLOCO), b""):
        resumo.update(bloco)
    return resumo.hexdigest()


def nome_para_exibir(nome: str) -> str:
    """O nome do arquivo como o usuário o enviou, só para exibição: sem pastas ("../"),
    sem caracteres de controle, em NFC. Nunca é usado como caminho no armazenamento."""
    nome = unicodedata.normalize("NFC", nome or "")
    nome = "".join(c for c in nome if unicodedata.category(c)[0] != "C")
    nome = PurePosixPath(nome.replace("\\", "/")).name.strip()
    if nome in ("", ".", ".."):
        return "arquivo"
    return nome[:TAMANHO_DO_NOME]
