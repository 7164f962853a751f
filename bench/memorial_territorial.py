"""Tempo do memorial descritivo e da leitura dos formatos compactados na malha do IBGE de MT:
`python -m bench.memorial_territorial [pasta]` (padrão: EMANCIPACAO_MALHA_IBGE).

Mede, como a mediana de 3 repetições, para os três exemplos fictícios e para o desenho de
10 000 vértices de bench.conferencia_territorial: o shapefile em UTM 21S lido e convertido,
o rascunho do memorial gerado (com as divisas da malha) e lido de volta e comparado com o
mapa (IoU e Hausdorff). O rascunho é gerado quando o mapa é juntado; a comparação, só no
simulador, quando um memorial é colado."""

import io
import os
import struct
import sys
import zipfile
from pathlib import Path

from pyproj import CRS, Transformer
from shapely.geometry.polygon import orient

from bench.conferencia_territorial import desenho_de_vertices, ler_pasta, mediana
from territorio.leitura import ler_mapa
from territorio.memorial.comparar import comparar
from territorio.memorial.gerar import gerar


def shapefile_utm(desenho) -> bytes:
    """O desenho (um polígono) como shapefile em SIRGAS 2000 / UTM 21S, com o .prj."""
    t = Transformer.from_crs(4674, 31981, always_xy=True)
    p = orient(desenho, sign=-1.0)
    pontos = [t.transform(x, y) for x, y in p.exterior.coords]
    xs, ys = [x for x, _ in pontos], [y for _, y in pontos]
    caixa = (min(xs), min(ys), max(xs), max(ys))
    corpo = struct.pack("<i4d2i", 5, *caixa, 1, len(pontos)) + struct.pack("<i", 0)
    corpo += struct.pack(f"<{2 * len(pontos)}d", *[n for c in pontos for n in c])
    registro = struct.pack(">ii", 1, len(corpo) // 2) + corpo
    cabecalho = struct.pack(">7i", 9994, 0, 0, 0, 0, 0, (100 + len(registro)) // 2)
    cabecalho += struct.pack("<2i4d4d", 1000, 5, *caixa, 0, 0, 0, 0)
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        pacote.writestr("t.shp", cabecalho + registro)
        pacote.writestr("t.prj", CRS.from_epsg(31981).to_wkt("WKT1_ESRI"))
    return saida.getvalue()


def medir(nome: str, conteudo: bytes, malha) -> None:
    desenho = ler_mapa(conteudo)
    zipado = shapefile_utm(max(getattr(desenho, "geoms", [desenho]), key=lambda g: g.area))
    ms_shp, _ = mediana(lambda: ler_mapa(zipado), vezes=3)
    ms_gerar, texto = mediana(lambda: gerar(desenho, malha, edicao="2024"), vezes=3)
    ms_comparar, c = mediana(lambda: comparar(texto, desenho), vezes=3)
    print(
        f"{nome}: shapefile UTM {ms_shp:.0f} ms; memorial gerado {ms_gerar:.0f} ms "
        f"({len(texto) // 1024} KB); lido e comparado {ms_comparar:.0f} ms "
        f"(IoU {c.iou:.7f}, Hausdorff {c.hausdorff_m:.3f} m)"
    )


def main() -> None:
    pasta = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("EMANCIPACAO_MALHA_IBGE", ""))
    if not pasta.is_dir():
        sys.exit("Informe a pasta da malha (argumento ou EMANCIPACAO_MALHA_IBGE).")
    malha = ler_pasta(pasta)
    for arquivo in sorted((pasta / "exemplos").glob("*.geojson")):
        medir(arquivo.stem, arquivo.read_bytes(), malha)
    medir("desenho de 10 000 vértices", desenho_de_vertices(malha, 10_000), malha)


if __name__ == "__main__":
    main()
