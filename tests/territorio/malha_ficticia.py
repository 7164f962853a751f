"""Uma malha de municípios fictícios, quadrados desenhados aqui, perto de Sinop (MT):

    A | B        (-55,0 a -54,6 de longitude; -12,0 a -11,8 de latitude)
    --+--
      C          (-55,0 a -54,6; -12,2 a -12,0)

Cada quadrado de 0,2° tem uns 480 km²; as áreas oficiais são as geodésicas, arredondadas."""

from shapely.geometry import box

from territorio.conferencia import MunicipioDaMalha, area_km2

A = box(-55.0, -12.0, -54.8, -11.8)
B = box(-54.8, -12.0, -54.6, -11.8)
C = box(-55.0, -12.2, -54.6, -12.0)
CODIGOS = {"A": 5199901, "B": 5199902, "C": 5199903}
# Graus de latitude por km (perto de 12° S), para desenhar faixas de área conhecida.
KM_POR_GRAU_LAT = 110.6


def malha() -> list[MunicipioDaMalha]:
    return [
        MunicipioDaMalha(CODIGOS[nome], f"Fictício {nome}", g, round(area_km2(g), 3))
        for nome, g in (("A", A), ("B", B), ("C", C))
    ]


def largura_km(minx: float, maxx: float, lat: float = -12.0) -> float:
    from territorio.conferencia import GRS80

    return GRS80.line_length([minx, maxx], [lat, lat]) / 1000
