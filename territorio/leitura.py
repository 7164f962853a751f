"""O desenho proposto (o mapa do Art. 15, II) lido como polígono e conferido antes de
qualquer conta: um polígono, não vazio, sem autointerseção, em longitude/latitude na ordem
da RFC 7946 e dentro de Mato Grosso. Recusa com a mensagem em pt-BR; nada é corrigido em
silêncio."""

import json

import shapely
from defusedxml import DefusedXmlException
from defusedxml import ElementTree as XmlSeguro
from shapely.geometry import Point, Polygon, shape
from shapely.validation import explain_validity

from territorio.conferencia import poligonos

# Retângulo que contém Mato Grosso, com folga (graus).
MT_LONGITUDE = (-62.0, -50.0)
MT_LATITUDE = (-18.5, -7.0)


class GeometriaRecusada(ValueError):
    pass


def ler_geojson(conteudo: bytes):
    """A geometria (Polygon ou MultiPolygon) do GeoJSON: a união das feições poligonais."""
    try:
        dados = json.loads(conteudo.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise GeometriaRecusada("O mapa não é um GeoJSON legível.") from exc
    try:
        geometrias = [shape(g) for g in _geometrias(dados) if g]
    except (AttributeError, TypeError, ValueError, IndexError, KeyError) as exc:
        raise GeometriaRecusada(
            "O GeoJSON tem uma geometria mal formada (coordenadas incompletas ou de tipo "
            "desconhecido)."
        ) from exc
    return conferir_desenho(geometrias)


def ler_kml(conteudo: bytes):
    """Os polígonos do KML (`Polygon` com `outerBoundaryIs` e `innerBoundaryIs`); pontos e
    linhas contam como geometria que não é polígono."""
    try:
        raiz = XmlSeguro.fromstring(conteudo)
    except (XmlSeguro.ParseError, DefusedXmlException, ValueError) as exc:
        raise GeometriaRecusada("O mapa não é um KML legível.") from exc
    geometrias = []
    try:
        for elemento in raiz.iter():
            nome = elemento.tag.rsplit("}", 1)[-1]
            if nome == "Polygon":
                externo = elemento.find("{*}outerBoundaryIs//{*}coordinates")
                furos = elemento.findall("{*}innerBoundaryIs//{*}coordinates")
                geometrias.append(
                    Polygon(_coordenadas(externo), [_coordenadas(f) for f in furos])
                    if externo is not None
                    else Polygon()
                )
            elif nome in ("Point", "LineString"):
                geometrias.append(Point(0, 0))
    except (ValueError, TypeError) as exc:
        raise GeometriaRecusada(
            "O KML tem coordenadas mal formadas (cada ponto é longitude,latitude)."
        ) from exc
    return conferir_desenho(geometrias)


def _coordenadas(elemento) -> list[tuple[float, float]]:
    return [tuple(float(n) for n in par.split(",")[:2]) for par in (elemento.text or "").split()]


def _geometrias(dados) -> list:
    if not isinstance(dados, dict):
        return []
    tipo = dados.get("type")
    if tipo == "FeatureCollection":
        return [g for f in dados.get("features") or [] for g in _geometrias(f)]
    if tipo == "Feature":
        return [dados.get("geometry")]
    return [dados]


def conferir_desenho(geometrias: list):
    """Um só polígono (ou multipolígono) válido, em lon/lat, dentro de MT."""
    if not geometrias or all(g.is_empty for g in geometrias):
        raise GeometriaRecusada("O mapa está vazio: não há nenhuma geometria desenhada.")
    polis = [p for g in geometrias for p in poligonos(g)]
    if not polis or len(polis) < sum(1 for g in geometrias if not g.is_empty):
        raise GeometriaRecusada(
            "O mapa precisa trazer o território como polígono; este traz pontos ou linhas."
        )
    for poligono in polis:
        if not poligono.is_valid:
            raise GeometriaRecusada(
                "O polígono do território é inválido (autointerseção ou anel mal fechado: "
                f"{explain_validity(poligono)}); corrija o desenho e envie de novo."
            )
    desenho = shapely.union_all(polis)
    xmin, ymin, xmax, ymax = desenho.bounds
    if _dentro(MT_LATITUDE, xmin, xmax) and _dentro(MT_LONGITUDE, ymin, ymax):
        raise GeometriaRecusada(
            "As coordenadas parecem estar com longitude e latitude trocadas: o GeoJSON traz "
            "primeiro a longitude (oeste, negativa, entre −62 e −50 em MT) e depois a latitude."
        )
    if not (_dentro(MT_LONGITUDE, xmin, xmax) and _dentro(MT_LATITUDE, ymin, ymax)):
        raise GeometriaRecusada(
            "O território desenhado está fora de Mato Grosso; confira o sistema de "
            "coordenadas (longitude/latitude em graus, SIRGAS 2000)."
        )
    return desenho


def _dentro(faixa: tuple[float, float], minimo: float, maximo: float) -> bool:
    return faixa[0] <= minimo and maximo <= faixa[1]
