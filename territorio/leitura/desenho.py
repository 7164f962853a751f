"""O desenho proposto (o mapa do Art. 15, II) conferido antes de qualquer conta: um polígono,
não vazio, sem autointerseção, em longitude/latitude na ordem da RFC 7946 e dentro de Mato
Grosso. Recusa com a mensagem em pt-BR; nada é corrigido em silêncio: o contorno que se
cruza só é reparado quando quem enviou confirma, depois de ver a área antes e depois."""

from dataclasses import dataclass
from decimal import Decimal

import shapely
from shapely.validation import explain_validity, make_valid

from requisitos.formatacao import decimal
from territorio.conferencia import GRS80, area_km2, poligonos

# Retângulo que contém Mato Grosso, com folga (graus).
MT_LONGITUDE = (-62.0, -50.0)
MT_LATITUDE = (-18.5, -7.0)


class GeometriaRecusada(ValueError):
    pass


@dataclass(frozen=True)
class Reparo:
    """O que o reparo muda: a área do contorno como foi desenhado (os laços que se cruzam
    somam com sinais opostos) e a do polígono reparado, e em quantos pedaços ele fica."""

    motivo: str
    area_antes_km2: float
    area_depois_km2: float
    pedacos_depois: int

    def descricao(self) -> str:
        return (
            f"o contorno como foi desenhado mede {km2_br(self.area_antes_km2)} km²; "
            f"reparado (dividido nos pontos em que se cruza), fica com "
            f"{km2_br(self.area_depois_km2)} km² em {self.pedacos_depois} pedaço(s)"
        )


class DesenhoReparavel(GeometriaRecusada):
    """O polígono se cruza: recusado, mas com o reparo proposto para quem enviou confirmar."""

    def __init__(self, reparo: Reparo):
        self.reparo = reparo
        super().__init__(
            f"O polígono do território é inválido (autointerseção ou anel mal fechado: "
            f"{reparo.motivo}): {reparo.descricao()}. Corrija o desenho e envie de novo, ou "
            "confirme o reparo."
        )


def km2_br(valor: float, casas: int = 2) -> str:
    return decimal(Decimal(repr(float(valor))), casas)


def _area_como_desenhada_km2(poligono) -> float:
    """A área que o contorno encerra com a regra do laço (a de um "8" é a diferença dos dois
    laços): o que um programa que não confere o desenho mostraria."""
    area = 0.0
    for anel in [poligono.exterior, *poligono.interiors]:
        medida, _ = GRS80.geometry_area_perimeter(shapely.Polygon(anel))
        area += medida if anel is poligono.exterior else -abs(medida)
    return abs(area) / 1e6


def reparar(poligono) -> list:
    """Os polígonos do `make_valid` (o contorno dividido nos cruzamentos); linhas e pontos
    que sobram de um laço degenerado ficam de fora."""
    return poligonos(make_valid(poligono))


def conferir_desenho(geometrias: list, *, reparar_autointersecao: bool = False):
    """Um só polígono (ou multipolígono) válido, em lon/lat, dentro de MT."""
    if not geometrias or all(g.is_empty for g in geometrias):
        raise GeometriaRecusada("O mapa está vazio: não há nenhuma geometria desenhada.")
    polis = [p for g in geometrias for p in poligonos(g)]
    if not polis or len(polis) < sum(1 for g in geometrias if not g.is_empty):
        raise GeometriaRecusada(
            "O mapa precisa trazer o território como polígono; este traz pontos ou linhas."
        )
    invalidos = [p for p in polis if not p.is_valid]
    if invalidos:
        validos = [p for p in polis if p.is_valid]
        reparados = [r for p in invalidos for r in reparar(p)]
        depois = shapely.union_all(validos + reparados) if validos + reparados else None
        if not reparar_autointersecao:
            raise DesenhoReparavel(
                Reparo(
                    motivo=explain_validity(invalidos[0]),
                    area_antes_km2=sum(area_km2(p) for p in validos)
                    + sum(_area_como_desenhada_km2(p) for p in invalidos),
                    area_depois_km2=area_km2(depois) if depois is not None else 0.0,
                    pedacos_depois=len(poligonos(depois)),
                )
            )
        if depois is None or depois.is_empty:
            raise GeometriaRecusada("O polígono reparado não tem área: redesenhe o território.")
        polis = poligonos(depois)
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
