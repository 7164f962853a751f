"""Os três exemplos da pasta da malha do IBGE 2024, enviados à API do simulador territorial
em GeoJSON, KMZ e shapefile em UTM 21S (com o .prj), dão as figuras do ESPERADO.md (±0,05 km²
ou ±0,01 % da área; ±0,01 ponto percentual). Pulado sem a malha (EMANCIPACAO_MALHA_IBGE)."""

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from territorio.leitura import ler_mapa
from territorio.leitura.desenho import GeometriaRecusada

from .arquivos_de_mapa import kml, kmz, shapefile_zip
from .test_exemplos_ibge import EXEMPLOS, PASTA, esperado, perto

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        not PASTA, reason="sem a malha do IBGE: defina EMANCIPACAO_MALHA_IBGE com a pasta dela"
    ),
]


def formatos(nome: str) -> dict[str, bytes]:
    geojson = (Path(PASTA) / "exemplos" / f"{nome}.geojson").read_bytes()
    desenho = ler_mapa(geojson)
    pedacos = list(getattr(desenho, "geoms", [desenho]))
    return {
        f"{nome}.geojson": geojson,
        f"{nome}.kmz": kmz(kml(pedacos)),
        f"{nome}-utm21s.zip": shapefile_zip(pedacos, 31981),
    }


def conferir_figuras(dados: dict, alvo: dict) -> None:
    assert dados["edicao_da_malha"] == "2024"
    assert perto(dados["area_km2"], alvo["area_km2"]) and dados["pedacos"] == alvo["pedacos"]
    for origem, o in zip(dados["origens"], alvo["origens"], strict=True):
        assert (origem["codigo_ibge"], origem["nome"]) == (int(o["codigo_ibge"]), o["nome"])
        assert perto(origem["km2"], o["km2"])
        assert origem["area_oficial_km2"] == o["denominador_km2"]
        assert abs(origem["pct_da_origem"] - o["pct_da_origem"]) <= 0.01
        assert abs(origem["pct_do_territorio"] - o["pct_do_territorio"]) <= 0.01
        assert origem["pedacos_remanescente"] == o["pedacos_remanescente"]
    invasoes = [(s["nome"], s["km2"]) for s in dados["sobreposicoes"] if not s["fragmento"]]
    assert [n for n, _ in invasoes] == [n["nome"] for n in alvo["nao_origens"]]
    for (_, km2), n in zip(invasoes, alvo["nao_origens"], strict=True):
        assert perto(km2, n["km2"])
    assert perto(dados["fora_do_estado_km2"], alvo["fora_da_malha_km2"])


@pytest.mark.parametrize("nome", EXEMPLOS)
def test_exemplo_pela_api_em_tres_formatos(client, settings, nome):
    settings.SIMULADOR_LIMITE = "100000/m"
    call_command("carregar_municipios", verbosity=0)
    call_command("carregar_malha", PASTA, edicao="2024", verbosity=0)
    alvo = esperado()[f"{nome}.geojson"]
    origens = [int(o["codigo_ibge"]) for o in alvo["origens"]]
    for arquivo, conteudo in formatos(nome).items():
        resposta = client.post(
            "/api/v1/simulacoes/territorio/",
            {"arquivo": SimpleUploadedFile(arquivo, conteudo), "origens": origens},
        )
        assert resposta.status_code == 200, (arquivo, resposta.content)
        conferir_figuras(resposta.json(), alvo)


def test_formatos_dos_exemplos_sao_o_mesmo_desenho():
    for nome in EXEMPLOS:
        desenhos = [ler_mapa(c) for c in formatos(nome).values()]
        for outro in desenhos[1:]:
            assert desenhos[0].symmetric_difference(outro).area < 1e-9
    with pytest.raises(GeometriaRecusada):
        ler_mapa(json.dumps({"type": "Polygon", "coordinates": []}).encode())
