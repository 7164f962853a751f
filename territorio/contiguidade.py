"""Contiguidade de dois municípios lida na malha municipal (funções puras, sem Django).

Dois municípios são contíguos quando partilham divisa: a interseção das suas fronteiras tem
comprimento, não só um ponto (dois municípios que se tocam num canto, como nos encontros de
quatro divisas, não são contíguos). Usada no Art. 10, § 2º: os eleitores que requerem a
extinção indicam os municípios contíguos a que desejam pertencer.

Tolerância, dita: antes da interseção, a fronteira de um é ajustada à do outro até
`TOLERANCIA_GRAUS` (1e-5°, cerca de 1 m — a precisão das coordenadas da malha, com 5 casas
decimais), para que o arredondamento de uma divisa comum não a quebre em pontos; e uma divisa
comum menor que `DIVISA_MINIMA_KM` (10 m, dez vezes essa precisão) é tratada como um ponto —
resíduo da generalização da malha num encontro de divisas, não divisa.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

TOLERANCIA_GRAUS = 1e-5
DIVISA_MINIMA_KM = 0.01


def divisa_comum_km(a: BaseGeometry, b: BaseGeometry) -> float:
    """O comprimento geodésico (GRS80, km) da divisa que `a` e `b` partilham; 0 quando só se
    tocam num ponto ou não se tocam."""
    # shapely e pyproj (~30 MB) só quando a conferência roda: a regra do Art. 10 é importada
    # com as URLs, e o worker que serve as páginas comuns não deve carregá-los.
    import shapely

    from territorio.conferencia import GRS80

    borda_a = a.boundary
    borda_b = shapely.snap(b.boundary, borda_a, TOLERANCIA_GRAUS)
    comum = borda_a.intersection(borda_b)
    linhas = [g for g in shapely.get_parts(comum) if g.geom_type in ("LineString", "LinearRing")]
    return sum(GRS80.geometry_length(linha) for linha in linhas) / 1000


def sao_contiguos(divisa_km: float) -> bool:
    return divisa_km >= DIVISA_MINIMA_KM
