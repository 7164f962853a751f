"""Os formatos de mapa montados pelos testes: KML, KMZ e shapefile em ZIP (o .shp escrito à
mão pela especificação da ESRI, com o .prj no dialeto da ESRI, como o QGIS e o ArcGIS o
gravam)."""

import io
import struct
import zipfile

from pyproj import CRS, Transformer
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient


def kml(poligonos: list[Polygon]) -> bytes:
    def anel(coords):
        return " ".join(f"{x},{y},0" for x, y in coords)

    marcas = "".join(
        "<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
        f"{anel(p.exterior.coords)}</coordinates></LinearRing></outerBoundaryIs>"
        + "".join(
            f"<innerBoundaryIs><LinearRing><coordinates>{anel(f.coords)}</coordinates>"
            "</LinearRing></innerBoundaryIs>"
            for f in p.interiors
        )
        + "</Polygon></Placemark>"
        for p in poligonos
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
        f"<Document>{marcas}</Document></kml>"
    ).encode()


def kmz(conteudo_kml: bytes, nome: str = "doc.kml") -> bytes:
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        pacote.writestr(nome, conteudo_kml)
    return saida.getvalue()


def _shp(poligonos: list[Polygon], tipo: int = 5) -> bytes:
    registros = []
    for numero, poligono in enumerate(poligonos, start=1):
        # Externo horário, furos anti-horários: o contrário da RFC 7946.
        p = orient(poligono, sign=-1.0)
        aneis = [list(p.exterior.coords)] + [list(f.coords) for f in p.interiors]
        pontos = [c for a in aneis for c in a]
        partes, inicio = [], 0
        for a in aneis:
            partes.append(inicio)
            inicio += len(a)
        xmin, ymin, xmax, ymax = p.bounds
        corpo = struct.pack("<i4d2i", tipo, xmin, ymin, xmax, ymax, len(aneis), len(pontos))
        corpo += struct.pack(f"<{len(partes)}i", *partes)
        corpo += struct.pack(f"<{2 * len(pontos)}d", *[n for c in pontos for n in c[:2]])
        registros.append(struct.pack(">ii", numero, len(corpo) // 2) + corpo)
    corpo = b"".join(registros)
    xs = [p.bounds for p in poligonos] or [(0, 0, 0, 0)]
    caixa = (
        min(b[0] for b in xs),
        min(b[1] for b in xs),
        max(b[2] for b in xs),
        max(b[3] for b in xs),
    )
    cabecalho = struct.pack(">7i", 9994, 0, 0, 0, 0, 0, (100 + len(corpo)) // 2)
    cabecalho += struct.pack("<2i4d4d", 1000, tipo, *caixa, 0, 0, 0, 0)
    return cabecalho + corpo


def em_epsg(poligono: Polygon, epsg: int) -> Polygon:
    """O polígono (lon/lat SIRGAS 2000) com os vértices convertidos para `epsg`."""
    t = Transformer.from_crs(4674, epsg, always_xy=True)

    def anel(coords):
        return [t.transform(x, y) for x, y in coords]

    return Polygon(anel(poligono.exterior.coords), [anel(f.coords) for f in poligono.interiors])


def shapefile_zip(
    poligonos: list[Polygon], epsg: int | None = 4674, *, tipo: int = 5, extras=()
) -> bytes:
    """O ZIP de um shapefile com os `poligonos` (lon/lat) gravados no sistema `epsg`."""
    convertidos = [em_epsg(p, epsg) if epsg not in (None, 4674) else p for p in poligonos]
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        pacote.writestr("territorio.shp", _shp(convertidos, tipo))
        if epsg is not None:
            pacote.writestr("territorio.prj", CRS.from_epsg(epsg).to_wkt("WKT1_ESRI"))
        for nome, conteudo in extras:
            pacote.writestr(nome, conteudo)
    return saida.getvalue()
