"""O memorial gerado para as três propostas fictícias, na malha do IBGE 2024, lido de volta dá
o mesmo polígono (IoU ≥ 0,999); as divisas que o desenho acompanha são nomeadas. Pulado sem
a pasta da malha (EMANCIPACAO_MALHA_IBGE)."""

import json
import os
from functools import lru_cache
from pathlib import Path

import pytest
from shapely.geometry import shape

from territorio.conferencia import MunicipioDaMalha
from territorio.leitura import ler_mapa
from territorio.memorial.comparar import comparar
from territorio.memorial.gerar import gerar

PASTA = os.environ.get("EMANCIPACAO_MALHA_IBGE", "")
pytestmark = pytest.mark.skipif(
    not PASTA, reason="sem a malha do IBGE: defina EMANCIPACAO_MALHA_IBGE com a pasta dela"
)


@lru_cache(maxsize=1)
def malha() -> list[MunicipioDaMalha]:
    dados = json.loads((Path(PASTA) / "municipios-mt-2024.geojson").read_bytes())
    return [
        MunicipioDaMalha(
            int(f["properties"]["codigo_ibge"]), f["properties"]["nome"], shape(f["geometry"]), 1
        )
        for f in dados["features"]
    ]


@pytest.mark.parametrize(
    ("nome", "divisa"),
    [
        ("criacao-valida", "Santa Carmem"),
        ("criacao-invade-vizinho", None),
        ("revisao-faixa", "União do Sul"),
    ],
)
def test_memorial_gerado_e_lido_de_volta_da_o_mesmo_poligono(nome, divisa):
    desenho = ler_mapa((Path(PASTA) / "exemplos" / f"{nome}.geojson").read_bytes())
    texto = gerar(desenho, malha(), edicao="2024")
    c = comparar(texto, desenho)
    assert c.iou >= 0.999
    assert c.hausdorff_m < 0.5
    assert abs(c.diferenca_km2) < 0.01
    if divisa:
        assert f"segue pela divisa intermunicipal com o Município de {divisa}" in texto
    else:
        # O desenho sem recorte corta Santa Carmem: só linhas secas, nenhuma divisa seguida.
        assert "divisa intermunicipal" not in texto
    assert texto.endswith("azimutes e distâncias geodésicos (GRS80).")
    assert "Malha Municipal 2024 do IBGE" in texto
