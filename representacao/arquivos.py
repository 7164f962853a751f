"""Conferência do conteúdo dos arquivos enviados como documentos do Art. 15 (DOMAIN §5:
"type checked by content").

O tipo real é decidido pelo conteúdo e confirmado pela leitura completa do arquivo: a
extensão do nome não conta, e a assinatura dos primeiros bytes só escolhe qual leitor tenta
abrir o arquivo — o PDF tem de abrir no pypdf e dizer quantas páginas tem, a imagem tem de
ser decodificada inteira pelo Pillow, o GeoJSON tem de ser um JSON estrito com um `type`
de GeoJSON, e o KML tem de ser um XML sem DTD nem entidades, com raiz `<kml>`.

Nada aqui toca o banco ou o armazenamento: recebe um arquivo aberto (um `UploadedFile` ou
qualquer objeto com read/seek) e devolve o que ele é, ou recusa com a mensagem pt-BR.
"""

import hashlib
import json
import unicodedata
from pathlib import PurePosixPath
from typing import NamedTuple
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as XmlSeguro
from PIL import Image
from pypdf import PdfReader

from representacao.checklist import GEOJSON, JPEG, KML, PDF, PNG

# Decision: 50 megapixels cobrem as câmeras de celular (48 MP, 8.000 × 6.000) e impedem a
# "bomba de descompressão" — um PNG pequeno que se declara gigante e esgota a memória ao
# ser decodificado. Conferido antes de decodificar, sem mexer no limite global do Pillow.
LIMITE_PIXELS = 50_000_000
# Um GeoJSON real aninha uns 10 níveis (FeatureCollection → Feature → MultiPolygon ...).
LIMITE_ANINHAMENTO = 64
TIPOS_GEOJSON = frozenset(
    {
        "FeatureCollection",
        "Feature",
        "Point",
        "MultiPoint",
        "LineString",
        "MultiLineString",
        "Polygon",
        "MultiPolygon",
        "GeometryCollection",
    }
)
TAMANHO_DO_NOME = 200

# Como cada tipo aceito é dito ao usuário.
DESCRICOES = {
    PDF: "um PDF",
    JPEG: "uma imagem JPEG",
    PNG: "uma imagem PNG",
    GEOJSON: "um GeoJSON",
    KML: "um KML",
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


class ArquivoRecusado(ValueError):
    """O arquivo não pode ser juntado; a mensagem (pt-BR) diz o que enviar."""


class Conteudo(NamedTuple):
    tipo: str
    paginas: int | None


def conferir_conteudo(arquivo, *, aceitos: tuple[str, ...]) -> Conteudo:
    """O tipo real do arquivo e, no PDF, o número de páginas; recusa o arquivo vazio, o de
    tipo não aceito pelo item e o que não abre por inteiro."""
    arquivo.seek(0)
    inicio = arquivo.read(2048)
    arquivo.seek(0)
    if not inicio:
        raise ArquivoRecusado("O arquivo está vazio; envie o documento de novo.")
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


def conferir_pdf(arquivo, *, limite_paginas: int) -> int:
    """O arquivo é um PDF que o pypdf abre inteiro, com 1 a `limite_paginas` páginas (a
    certidão do ofício, o PDF enviado ao /validar/); devolve o número de páginas. Começar
    por "%PDF-" não basta."""
    arquivo.seek(0)
    inicio = arquivo.read(5)
    arquivo.seek(0)
    if inicio != b"%PDF-":
        raise ArquivoRecusado("O arquivo não é um PDF; envie o documento em PDF.")
    return _pdf(arquivo, limite_paginas=limite_paginas).paginas


def _pdf(arquivo, limite_paginas: int | None = None) -> Conteudo:
    try:
        leitor = PdfReader(arquivo, strict=False)
        protegido = leitor.is_encrypted
    except Exception as exc:  # o pypdf levanta de tudo num arquivo danificado
        raise _pdf_danificado() from exc
    if protegido:
        raise ArquivoRecusado(
            "O PDF está protegido por senha ou criptografado; salve uma cópia sem proteção "
            "e envie de novo."
        )
    try:
        paginas = len(leitor.pages)
        if limite_paginas is not None and paginas > limite_paginas:
            raise ArquivoRecusado(
                f"O PDF tem {paginas} páginas, mais que o limite de {limite_paginas}; envie "
                "só o documento pedido."
            )
        # Lê o conteúdo de cada página: um PDF com a árvore de páginas corrompida falha aqui.
        for pagina in leitor.pages:
            pagina.get_contents()
    except ArquivoRecusado:
        raise
    except Exception as exc:
        raise _pdf_danificado() from exc
    if paginas == 0:
        raise ArquivoRecusado("O PDF não tem nenhuma página.")
    return Conteudo(PDF, paginas)


def _pdf_danificado() -> ArquivoRecusado:
    return ArquivoRecusado(
        "O PDF está corrompido ou incompleto (o envio pode ter sido interrompido); gere o "
        "PDF de novo e envie."
    )


def _imagem(arquivo, tipo: str, formato: str) -> Conteudo:
    try:
        with Image.open(arquivo, formats=[formato]) as imagem:
            if imagem.width * imagem.height > LIMITE_PIXELS:
                raise _imagem_grande(imagem.width, imagem.height)
            imagem.verify()
        # verify() confere a estrutura, mas não decodifica os pixels (e no JPEG quase não
        # confere nada): reabre e decodifica a imagem inteira.
        arquivo.seek(0)
        with Image.open(arquivo, formats=[formato]) as imagem:
            imagem.load()
    except ArquivoRecusado:
        raise
    except Image.DecompressionBombError as exc:
        raise _imagem_grande() from exc
    except Exception as exc:  # o Pillow levanta OSError, SyntaxError, ValueError ...
        raise ArquivoRecusado(
            f"A imagem {formato} está corrompida ou incompleta; envie o arquivo original."
        ) from exc
    return Conteudo(tipo, None)


def _imagem_grande(largura: int | None = None, altura: int | None = None) -> ArquivoRecusado:
    medidas = f" ({largura} × {altura} pixels)" if largura else ""
    return ArquivoRecusado(
        f"A imagem é grande demais{medidas}: o limite é de 50 megapixels. Reduza a "
        "resolução e envie de novo."
    )


class _ConstanteProibida(ValueError):
    pass


def _recusar_constante(nome: str):
    raise _ConstanteProibida(nome)


def _geojson(arquivo) -> Conteudo:
    aninhado = ArquivoRecusado(
        f"O GeoJSON tem mais de {LIMITE_ANINHAMENTO} níveis de aninhamento; não é um "
        "GeoJSON válido."
    )
    try:
        dados = json.loads(arquivo.read().decode("utf-8-sig"), parse_constant=_recusar_constante)
    except RecursionError as exc:
        raise aninhado from exc
    except _ConstanteProibida as exc:
        raise ArquivoRecusado(
            f"O GeoJSON contém o valor {exc}, que não existe em JSON (RFC 8259); corrija as "
            "coordenadas e envie de novo."
        ) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise ArquivoRecusado(
            "O arquivo não é um JSON válido (nem UTF-8 bem formado); exporte o GeoJSON de novo."
        ) from exc
    if _profundidade(dados) > LIMITE_ANINHAMENTO:
        raise aninhado
    if not isinstance(dados, dict) or dados.get("type") not in TIPOS_GEOJSON:
        raise ArquivoRecusado(
            "O arquivo é um JSON, mas não um GeoJSON: falta o “type” (FeatureCollection, "
            "Feature ou uma geometria)."
        )
    return Conteudo(GEOJSON, None)


def _profundidade(valor) -> int:
    """Níveis de listas e objetos, sem recursão (o próprio valor pode ser hostil)."""
    maior, pilha = 0, [(valor, 1)]
    while pilha:
        atual, nivel = pilha.pop()
        if isinstance(atual, dict):
            filhos = atual.values()
        elif isinstance(atual, list):
            filhos = atual
        else:
            continue
        maior = max(maior, nivel)
        if maior > LIMITE_ANINHAMENTO:
            break
        pilha.extend((filho, nivel + 1) for filho in filhos)
    return maior


def _kml(arquivo) -> Conteudo:
    try:
        # DTD proibida: sem ela não há entidades externas (XXE) nem a "bomba" de entidades.
        raiz = XmlSeguro.parse(arquivo, forbid_dtd=True).getroot()
    except DefusedXmlException as exc:
        raise ArquivoRecusado(
            "O KML traz uma declaração DTD ou entidades (<!DOCTYPE>, <!ENTITY>), recusadas "
            "por segurança; exporte o KML de novo, sem elas."
        ) from exc
    except (ParseError, ValueError) as exc:
        raise ArquivoRecusado("O arquivo XML está malformado; não é um KML válido.") from exc
    if raiz.tag.rsplit("}", 1)[-1] != "kml":
        raise ArquivoRecusado("O arquivo é um XML, mas não um KML (a raiz não é <kml>).")
    return Conteudo(KML, None)


_LEITORES = {
    PDF: _pdf,
    JPEG: lambda arquivo: _imagem(arquivo, JPEG, "JPEG"),
    PNG: lambda arquivo: _imagem(arquivo, PNG, "PNG"),
    GEOJSON: _geojson,
    KML: _kml,
}


def resumo_sha256(arquivo) -> str:
    """SHA-256 do arquivo inteiro, lido em blocos (um `File` do Django)."""
    resumo = hashlib.sha256()
    for bloco in arquivo.chunks():
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
