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


def _projecao(mapa) -> Transformer:
    centro = mapa.centroid
    projecao = f"+proj=aeqd +lat_0={centro.y} +lon_0={centro.x} +ellps=GRS80 +units=m"
    return Transformer.from_crs(4674, projecao, always_xy=True)


def _em_metros(transformador: Transformer, geometria):
    def converter(xy):
        x, y = transformador.transform(xy[:, 0], xy[:, 1])
        return numpy.column_stack([x, y])

    # Os lados são retos em lon/lat (como o GEOS os trata): divididos a cada ~100 m antes
    # de projetar, seguem a mesma linha na projeção.
    return shapely.transform(shapely.segmentize(geometria, PASSO_GRAUS), converter)


def _distancias_ao_contorno(xy: numpy.ndarray, geometria) -> numpy.ndarray:
    """A distância de cada ponto ao contorno, pelo lado mais próximo num índice espacial dos
    lados (log n por ponto, e não n)."""
    lados = [
        shapely.linestrings(numpy.stack([c[:-1], c[1:]], axis=1))
        for c in (shapely.get_coordinates(p) for p in shapely.get_parts(geometria.boundary))
        if len(c) > 1
    ]
    arvore = shapely.STRtree(numpy.concatenate(lados))
    (entrada, _), distancias = arvore.query_nearest(
        shapely.points(xy), return_distance=True, all_matches=False
    )
    resultado = numpy.zeros(len(xy))
    resultado[entrada] = distancias
    return resultado


def _hausdorff(a, b) -> float:
    """A maior distância de um vértice de um contorno ao outro contorno, nos dois sentidos
    (os contornos já vêm divididos a cada ~100 m)."""
    return max(
        float(_distancias_ao_contorno(shapely.get_coordinates(x.boundary), y).max(initial=0.0))
        for x, y in ((a, b), (b, a))
    )


def comparar_geometrias(memorial, mapa, citacoes: list[Citacao] = ()) -> Comparacao:
    transformador = _projecao(mapa)
    mapa_m = _em_metros(transformador, mapa)
    pontos = ()
    if citacoes:
        x, y = transformador.transform([c.lon for c in citacoes], [c.lat for c in citacoes])
        distancias = _distancias_ao_contorno(numpy.column_stack([x, y]), mapa_m)
        pontos = tuple(
            PontoCitado(c.trecho, c.lon, c.lat, float(d))
            for c, d in zip(citacoes, distancias, strict=True)
        )
    if memorial is None:
        return Comparacao(False, None, area_km2(mapa), None, None, None, pontos)
    if not memorial.is_valid:
        memorial = shapely.union_all(poligonos(make_valid(memorial)))
    memorial_m = _em_metros(transformador, memorial)
    uniao = memorial_m.union(mapa_m).area
    return Comparacao(
        fecha_poligono=True,
        area_memorial_km2=area_km2(memorial),
        area_mapa_km2=area_km2(mapa),
        diferenca_km2=area_km2(memorial) - area_km2(mapa),
        hausdorff_m=_hausdorff(memorial_m, mapa_m),
        iou=memorial_m.intersection(mapa_m).area / uniao if uniao else None,
        pontos=pontos,
    )


def comparar(texto: str, mapa) -> Comparacao:
    memorial, citacoes = ler(texto)
    return comparar_geometrias(memorial, mapa, citacoes)


def _r(valor: float | None, casas: int) -> float | None:
    return None if valor is None else round(valor, casas)


def comparacao_como_dados(m: Comparacao) -> dict:
    """A comparação em JSON: a API, o simulador e o memorial em PDF juntado leem as mesmas."""
    return {
        "fecha_poligono": m.fecha_poligono,
        "area_memorial_km2": _r(m.area_memorial_km2, 3),
        "diferenca_km2": _r(m.diferenca_km2, 3),
        "hausdorff_m": _r(m.hausdorff_m, 2),
        "iou": _r(m.iou, 6),
        "pontos_citados": [
            {"trecho": p.trecho, "lon": p.lon, "lat": p.lat, "distancia_m": _r(p.distancia_m, 2)}
            for p in m.pontos
        ],
        "maior_distancia_m": _r(m.maior_distancia_m, 2),
    }
