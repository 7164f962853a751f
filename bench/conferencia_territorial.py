"""Tempo da conferência territorial na malha do IBGE de MT: `python -m
bench.conferencia_territorial [pasta]` (padrão: EMANCIPACAO_MALHA_IBGE). Meta: ≤ 1 s num
núcleo para um desenho de 10 000 vértices.

Mede, cada um como a mediana de 5 repetições: a leitura da malha (uma vez por processo do
servidor), os três exemplos fictícios da pasta (leitura do GeoJSON + conferência, e o mapa
em SVG) e um desenho de 10 000 vértices em torno da divisa Sinop–Cláudia (raio de 11 km
ondulado). O SVG é desenhado uma vez, quando o mapa é juntado, e guardado: as páginas não
o recalculam."""

import csv
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

from shapely.geometry import shape

from territorio.conferencia import MunicipioDaMalha, conferir
from territorio.leitura import ler_geojson
from territorio.mapa_svg import desenhar

SINOP, CLAUDIA = 5107909, 5103056


def ler_pasta(pasta: Path) -> list[MunicipioDaMalha]:
    (tabela,) = pasta.glob("*.csv")
    (geojson,) = pasta.glob("*.geojson")
    areas = {int(r["codigo_ibge"]): float(r["area_km2"]) for r in csv.DictReader(tabela.open())}
    feicoes = json.loads(geojson.read_bytes())["features"]
    return [
        MunicipioDaMalha(
            int(f["properties"]["codigo_ibge"]),
            f["properties"]["nome"],
            shape(f["geometry"]),
            areas[int(f["properties"]["codigo_ibge"])],
        )
        for f in feicoes
    ]


def desenho_de_vertices(malha, n: int) -> bytes:
    sinop = next(m for m in malha if m.codigo_ibge == SINOP).geometria
    claudia = next(m for m in malha if m.codigo_ibge == CLAUDIA).geometria
    centro = sinop.intersection(claudia).centroid
    pontos = []
    for i in range(n):
        angulo = 2 * math.pi * i / n
        raio_km = 11 + 1.5 * math.sin(37 * angulo)
        pontos.append(
            (
                centro.x + raio_km / 109.0 * math.cos(angulo),
                centro.y + raio_km / 110.6 * math.sin(angulo),
            )
        )
    pontos.append(pontos[0])
    geometria = {"type": "Polygon", "coordinates": [pontos]}
    return json.dumps({"type": "Feature", "properties": {}, "geometry": geometria}).encode()


def mediana(funcao, vezes: int = 5) -> tuple[float, object]:
    tempos, resultado = [], None
    for _ in range(vezes):
        inicio = time.perf_counter()
        resultado = funcao()
        tempos.append(time.perf_counter() - inicio)
    return statistics.median(tempos) * 1000, resultado


def medir(conteudo: bytes, malha, origens: list[int]):
    return mediana(lambda: conferir(ler_geojson(conteudo), malha, origens, edicao="2024"))


def medir_svg(conteudo: bytes, malha, conferencia):
    desenho = ler_geojson(conteudo)
    return mediana(lambda: desenhar(desenho, malha, conferencia, fonte="IBGE"))


def main() -> None:
    pasta = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("EMANCIPACAO_MALHA_IBGE", ""))
    if not pasta.is_dir():
        sys.exit("Informe a pasta da malha (argumento ou EMANCIPACAO_MALHA_IBGE).")
    ms, malha = mediana(lambda: ler_pasta(pasta), vezes=3)
    print(f"leitura da malha ({len(malha)} municípios): {ms:.0f} ms")
    for arquivo in sorted((pasta / "exemplos").glob("*.geojson")):
        conteudo = arquivo.read_bytes()
        origens = [int(c) for c in json.loads(conteudo)["features"][0]["properties"]["origens"]]
        ms, c = medir(conteudo, malha, origens)
        ms_svg, svg = medir_svg(conteudo, malha, c)
        print(
            f"{arquivo.stem}: {ms:.1f} ms ({c.area_km2:.2f} km²); "
            f"SVG {ms_svg:.1f} ms ({len(svg) / 1024:.0f} KiB)"
        )
    conteudo = desenho_de_vertices(malha, 10_000)
    ms, c = medir(conteudo, malha, [SINOP, CLAUDIA])
    vizinhos = ", ".join(f"{s.nome} {s.km2:.1f} km²" for s in c.sobreposicoes) or "nenhum"
    print(f"desenho de 10 000 vértices: {ms:.1f} ms ({c.area_km2:.2f} km²; vizinhos: {vizinhos})")
    ms_svg, svg = medir_svg(conteudo, malha, c)
    print(f"SVG do desenho de 10 000 vértices: {ms_svg:.1f} ms ({len(svg) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
