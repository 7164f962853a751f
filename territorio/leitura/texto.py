"""O GeoJSON e o KML do desenho proposto (o mapa do Art. 15, II) lidos como polígono."""

import json

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as XmlSeguro
from shapely.geometry import Point, Polygon, shape

from territorio.leitura.desenho import GeometriaRecusada, conferir_desenho
from territorio.leitura.projecao import para_lonlat, sistema_declarado


def ler_geojson(conteudo: bytes, *, reparar: bool = False):
    """A geometria (Polygon ou MultiPolygon) do GeoJSON: a união das feições poligonais. O
    GeoJSON anterior à RFC 7946 que declara outro sistema ("crs", UTM) é convertido."""
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
    codigo = _sistema(dados)
    if codigo is not None:
        geometrias = [para_lonlat(g, codigo) for g in geometrias]
    return conferir_desenho(geometrias, reparar_autointersecao=reparar)


def _sistema(dados) -> int | None:
    crs = dados.get("crs") if isinstance(dados, dict) else None
    if not isinstance(crs, dict):
        return None
    nome = str((crs.get("properties") or {}).get("name", ""))
    if not nome or nome.upper().endswith("CRS84"):
        return None
    return sistema_declarado(nome, quem="O GeoJSON")


def ler_kml(conteudo: bytes, *, reparar: bool = False):
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
    return conferir_desenho(geometrias, reparar_autointersecao=reparar)


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
