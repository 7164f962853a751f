"""As três propostas fictícias da pasta da malha do IBGE 2024 dão as figuras do ESPERADO.md
dela (±0,05 km² ou ±0,01 % da área; ±0,01 ponto percentual). A malha real não entra no
repositório: o teste lê a pasta de EMANCIPACAO_MALHA_IBGE e é pulado sem ela."""

import json
import os
from pathlib import Path

import pytest
from django.core.management import call_command

from territorio.conferencia import conferir
from territorio.leitura import ler_geojson
from territorio.malha import edicao_vigente, ler_malha

PASTA = os.environ.get("EMANCIPACAO_MALHA_IBGE", "")
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        not PASTA, reason="sem a malha do IBGE: defina EMANCIPACAO_MALHA_IBGE com a pasta dela"
    ),
]
EXEMPLOS = ["criacao-valida", "criacao-invade-vizinho", "revisao-faixa"]


def esperado() -> dict:
    texto = (Path(PASTA) / "exemplos" / "ESPERADO.md").read_text(encoding="utf-8")
    return json.loads(texto.rsplit("```json", 1)[1].split("```", 1)[0])


def perto(valor: float, alvo: float) -> bool:
    return abs(valor - alvo) <= max(0.05, 0.0001 * alvo)


@pytest.fixture
def malha_2024():
    call_command("carregar_municipios", verbosity=0)
    call_command("carregar_malha", PASTA, edicao="2024", verbosity=0)
    edicao = edicao_vigente()
    return edicao, ler_malha(edicao)


@pytest.mark.parametrize("nome", EXEMPLOS)
def test_exemplo_da_as_figuras_do_esperado(malha_2024, nome):
    edicao, malha = malha_2024
    conteudo = (Path(PASTA) / "exemplos" / f"{nome}.geojson").read_bytes()
    origens = [int(c) for c in json.loads(conteudo)["features"][0]["properties"]["origens"]]
    c = conferir(ler_geojson(conteudo), malha, origens, edicao=edicao.nome)
    alvo = esperado()[f"{nome}.geojson"]
    assert c.edicao == "2024"
    assert perto(c.area_km2, alvo["area_km2"]) and c.pedacos == alvo["pedacos"]
    for origem, o in zip(c.origens, alvo["origens"], strict=True):
        assert (origem.codigo_ibge, origem.nome) == (int(o["codigo_ibge"]), o["nome"])
        assert perto(origem.km2, o["km2"])
        assert origem.area_oficial_km2 == o["denominador_km2"]
        assert abs(origem.pct_da_origem - o["pct_da_origem"]) <= 0.01
        assert abs(origem.pct_do_territorio - o["pct_do_territorio"]) <= 0.01
        assert origem.pedacos_remanescente == o["pedacos_remanescente"]
    assert [(s.nome, round(s.km2, 3)) for s in c.invasoes] == [
        (n["nome"], pytest.approx(n["km2"], abs=0.05)) for n in alvo["nao_origens"]
    ]
    assert perto(c.fora_do_estado_km2, alvo["fora_da_malha_km2"])
