"""O memorial lido comparado com o mapa: a diferença das áreas, a distância de Hausdorff (o
maior afastamento entre os dois contornos), a razão interseção/união e, para cada coordenada
citada, a distância dela ao contorno do mapa. Distâncias em metros numa projeção azimutal
equidistante centrada no mapa (erro desprezível na escala de um município)."""

from dataclasses import dataclass

import numpy
import shapely
from pyproj import Transformer
from shapely.validation import make_valid

from territorio.conferencia import area_km2, poligonos
from territorio.memorial.ler import Citacao, ler

PASSO_GRAUS = 0.001


@dataclass(frozen=True)
class PontoCitado:
    trecho: str
    lon: float
    lat: float
    distancia_m: float


@dataclass(frozen=True)
class Comparacao:
    fecha_poligono: bool
    area_memorial_km2: float | None
    area_mapa_km2: float
    diferenca_km2: float | None
    hausdorff_m: float | None
    iou: float | None
    pontos: tuple[PontoCitado, ...]

    @property
    def maior_distancia_m(self) -> float | None:
        return max((p.distancia_m for p in self.pontos), default=None)


def _em_metros(mapa):
    centro = mapa.centroid
    projecao = f"+proj=aeqd +lat_0={centro.y} +lon_0={centro.x} +ellps=GRS80 +units=m"
    t = Transformer.from_crs(4674, projecao, always_xy=True)

    def converter(xy):
        x, y = t.transform(xy[:, 0], xy[:, 1])
        return numpy.column_stack([x, y])

    # Os lados são retos em lon/lat (como o GEOS os trata): divididos a cada ~100 m antes
    # de projetar, seguem a mesma linha na projeção.
    return lambda g: shapely.transform(shapely.segmentize(g, PASSO_GRAUS), converter)


def comparar_geometrias(memorial, mapa, citacoes: list[Citacao] = ()) -> Comparacao:
    metros = _em_metros(mapa)
    mapa_m = metros(mapa)
    borda = mapa_m.boundary
    pontos = tuple(
        PontoCitado(c.trecho, c.lon, c.lat, borda.distance(metros(shapely.Point(c.lon, c.lat))))
        for c in citacoes
    )
    if memorial is None:
        return Comparacao(False, None, area_km2(mapa), None, None, None, pontos)
    if not memorial.is_valid:
        memorial = shapely.union_all(poligonos(make_valid(memorial)))
    memorial_m = metros(memorial)
    uniao = memorial_m.union(mapa_m).area
    return Comparacao(
        fecha_poligono=True,
        area_memorial_km2=area_km2(memorial),
        area_mapa_km2=area_km2(mapa),
        diferenca_km2=area_km2(memorial) - area_km2(mapa),
        hausdorff_m=shapely.hausdorff_distance(memorial_m, mapa_m, densify=0.25),
        iou=memorial_m.intersection(mapa_m).area / uniao if uniao else None,
        pontos=pontos,
    )


def comparar(texto: str, mapa) -> Comparacao:
    memorial, citacoes = ler(texto)
    return comparar_geometrias(memorial, mapa, citacoes)
