"""Os metadados que o PDF/A-2 amarra (ISO 19005-2, 6.6): o XMP do catálogo declara a parte e
o nível (`pdfaid:part`, `pdfaid:conformance`), e cada entrada do dicionário Info tem de dizer
o mesmo que a sua equivalente no XMP — título, autor, produtor, datas."""

import re
from datetime import UTC, datetime, timedelta, timezone
from xml.etree.ElementTree import Element

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
NS = {
    "dc": "http://purl.org/dc/elements/1.1/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "pdfaid": "http://www.aiim.org/pdfa/ns/id/",
}
_PREFIXO = {uri: prefixo for prefixo, uri in NS.items()}

# Info → XMP (ISO 19005-2, 6.6.2.3.2; a tabela vem da ISO 32000-1, 14.3.2).
EQUIVALENTES = {
    "/Title": "dc:title",
    "/Author": "dc:creator",
    "/Subject": "dc:description",
    "/Keywords": "pdf:Keywords",
    "/Creator": "xmp:CreatorTool",
    "/Producer": "pdf:Producer",
    "/CreationDate": "xmp:CreateDate",
    "/ModDate": "xmp:ModifyDate",
    "/Trapped": "pdf:Trapped",
}
DATAS = {"/CreationDate", "/ModDate"}


class XMPIlegivel(ValueError):
    pass


def _nome(tag: str) -> str | None:
    """'{uri}local' → 'prefixo:local', só para os espaços de nomes que importam aqui."""
    if not tag.startswith("{"):
        return None
    uri, local = tag[1:].split("}", 1)
    prefixo = _PREFIXO.get(uri)
    return f"{prefixo}:{local}" if prefixo else None


def _valor(elemento: Element) -> str | list[str]:
    """Texto simples, ou a lista de um rdf:Alt/Seq/Bag (o Alt com o x-default primeiro)."""
    for recipiente in ("Alt", "Seq", "Bag"):
        lista = elemento.find(f"{{{RDF}}}{recipiente}")
        if lista is not None:
            itens = lista.findall(f"{{{RDF}}}li")
            padrao = [
                li
                for li in itens
                if li.get("{http://www.w3.org/XML/1998/namespace}lang") == "x-default"
            ]
            return [(li.text or "") for li in (padrao or itens)]
    return (elemento.text or "").strip()


def propriedades_xmp(pacote: bytes) -> dict[str, str | list[str]]:
    """As propriedades dos esquemas que o PDF/A amarra, escritas como atributo ou elemento
    de qualquer rdf:Description do pacote. O XMP de um PDF recebido é entrada hostil: lido com
    o defusedxml (nada de entidades)."""
    try:
        raiz = ElementTree.fromstring(pacote)
    except (ElementTree.ParseError, DefusedXmlException, ValueError) as erro:
        raise XMPIlegivel(str(erro)[:120]) from erro
    encontradas: dict[str, str | list[str]] = {}
    for descricao in raiz.iter(f"{{{RDF}}}Description"):
        for chave, valor in descricao.attrib.items():
            if nome := _nome(chave):
                encontradas[nome] = valor
        for filho in descricao:
            if nome := _nome(filho.tag):
                encontradas[nome] = _valor(filho)
    return encontradas


_DATA_PDF = re.compile(
    r"D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?"
)


def data_pdf(texto: str) -> datetime | None:
    """'D:20260420143000-04'00'' → datetime (ISO 32000-1, 7.9.4)."""
    casado = _DATA_PDF.match(texto.strip())
    if not casado:
        return None
    ano, mes, dia, hora, minuto, segundo, z, sinal, fuso_h, fuso_m = casado.groups()
    fuso = None
    if z:
        fuso = UTC
    elif sinal:
        deslocamento = timedelta(hours=int(fuso_h), minutes=int(fuso_m or 0))
        fuso = timezone(deslocamento if sinal == "+" else -deslocamento)
    try:
        return datetime(
            int(ano), int(mes or 1), int(dia or 1), int(hora or 0), int(minuto or 0),
            int(segundo or 0), tzinfo=fuso,
        )  # fmt: skip
    except ValueError:
        return None


def data_xmp(texto: str) -> datetime | None:
    try:
        return datetime.fromisoformat(texto.strip().replace("Z", "+00:00"))
    except ValueError:
        return None


def _mesma_data(info: str, xmp: str) -> bool:
    a, b = data_pdf(info), data_xmp(xmp)
    if a is None or b is None:
        return False
    if (a.tzinfo is None) != (b.tzinfo is None):
        a, b = a.replace(tzinfo=None), b.replace(tzinfo=None)
    return a == b


def divergencias_info_xmp(info: dict, xmp: dict[str, str | list[str]]) -> list[str]:
    """Cada entrada do Info sem a equivalente no XMP, ou com valor diferente."""
    falhas = []
    for chave, propriedade in EQUIVALENTES.items():
        if chave not in info:
            continue
        valor_info = str(info[chave])
        valor_xmp = xmp.get(propriedade)
        if valor_xmp is None:
            falhas.append(
                f"O Info traz {chave} ({valor_info[:60]!r}), mas o XMP não traz {propriedade}."
            )
            continue
        if isinstance(valor_xmp, list):
            if propriedade == "dc:creator" and len(valor_xmp) != 1:
                falhas.append(
                    f"O XMP traz {len(valor_xmp)} autores em dc:creator; o Info /Author só "
                    "equivale a um."
                )
                continue
            valor_xmp = valor_xmp[0] if valor_xmp else ""
        iguais = _mesma_data(valor_info, valor_xmp) if chave in DATAS else valor_info == valor_xmp
        if not iguais:
            falhas.append(
                f"O Info {chave} ({valor_info[:60]!r}) difere do XMP {propriedade} "
                f"({valor_xmp[:60]!r})."
            )
    return falhas
