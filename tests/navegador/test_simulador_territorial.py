"""Jornada real no Chromium: um cidadão envia, sem login, cada um dos três mapas de exemplo
da pasta da malha do IBGE 2024 ao simulador territorial e lê as figuras do ESPERADO.md na
tabela (±0,05 km² e ±0,01 ponto percentual, mais o arredondamento da tela a duas casas).
Pulado sem a malha (EMANCIPACAO_MALHA_IBGE) ou sem o Chromium."""

import os
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import expect

from tests.territorio.arquivos_de_mapa import shapefile_zip
from tests.territorio.test_exemplos_ibge import esperado

PASTA = os.environ.get("EMANCIPACAO_MALHA_IBGE", "")
pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not PASTA, reason="sem a malha do IBGE: defina EMANCIPACAO_MALHA_IBGE com a pasta dela"
    ),
]
# A tela mostra duas casas: o arredondamento soma 0,005 à tolerância do ESPERADO.md.
TOLERANCIA_KM2, TOLERANCIA_PP = 0.05 + 0.005, 0.01 + 0.005
GRAVES = ("serious", "critical")


@pytest.fixture(autouse=True)
def malha_2024(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()
    call_command("carregar_municipios", verbosity=0)
    call_command("carregar_malha", PASTA, edicao="2024", verbosity=0)


def numero(texto: str) -> float:
    """'3.810,87 km²' → 3810.87."""
    return float(texto.split()[0].replace(".", "").replace(",", "."))


def enviar(pagina, arquivo: Path, origens: list[str]):
    pagina.goto(pagina.url_base + "/simulador/territorio/")
    pagina.get_by_label("Mapa do território").set_input_files(str(arquivo))
    pagina.get_by_label("Municípios de origem").select_option(label=origens)
    # O envio é um POST que navega: espera-se a página da resposta antes de lê-la.
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Conferir o território").click()
    return pagina.locator("#resultado")


def conferir_tabela(resultado, alvo: dict) -> None:
    assert abs(numero(resultado.locator("[data-area]").inner_text()) - alvo["area_km2"]) <= (
        TOLERANCIA_KM2
    )
    assert resultado.locator("[data-pedacos]").inner_text().startswith(str(alvo["pedacos"]))
    for o in alvo["origens"]:
        linha = resultado.locator(f"tr[data-origem='{o['codigo_ibge']}']")
        assert f"De {o['nome']}" in linha.inner_text()
        assert abs(numero(linha.locator("[data-km2]").inner_text()) - o["km2"]) <= TOLERANCIA_KM2
        assert abs(numero(linha.locator("[data-pct]").inner_text()) - o["pct_da_origem"]) <= (
            TOLERANCIA_PP
        )
        remanescente = linha.locator("[data-remanescente]").inner_text()
        assert int(remanescente) == o["pedacos_remanescente"]
    invasoes = resultado.locator("[data-invasao]")
    assert invasoes.count() == len(alvo["nao_origens"])
    for i, n in enumerate(alvo["nao_origens"]):
        texto = invasoes.nth(i).inner_text()
        assert texto.startswith(n["nome"] + ":")
        assert abs(numero(texto.split(":")[1]) - n["km2"]) <= TOLERANCIA_KM2
    assert "Começa no ponto P1" in resultado.locator("[data-memorial]").inner_text()


@pytest.mark.parametrize("nome", ["criacao-valida", "criacao-invade-vizinho", "revisao-faixa"])
def test_exemplo_enviado_mostra_as_figuras_esperadas(pagina, nome):
    alvo = esperado()[f"{nome}.geojson"]
    origens = [o["nome"] for o in alvo["origens"]]
    resultado = enviar(pagina, Path(PASTA) / "exemplos" / f"{nome}.geojson", origens)
    expect(resultado.get_by_role("heading", name="Conferência do território")).to_be_visible()
    conferir_tabela(resultado, alvo)


def test_shapefile_em_utm_da_as_mesmas_figuras(pagina, tmp_path):
    from territorio.leitura import ler_mapa

    nome = "revisao-faixa"
    desenho = ler_mapa((Path(PASTA) / "exemplos" / f"{nome}.geojson").read_bytes())
    zipado = tmp_path / "faixa-utm21s.zip"
    zipado.write_bytes(shapefile_zip([desenho], 31981))
    alvo = esperado()[f"{nome}.geojson"]
    conferir_tabela(enviar(pagina, zipado, ["Santa Carmem"]), alvo)


def test_tela_com_resultado_e_com_o_reparo_sem_violacao_seria_ou_critica(pagina, tmp_path):
    """axe-core (do pacote axe-playwright-python, nunca de uma CDN) na tela do simulador:
    vazia, com o resultado e com o pedido de confirmação do reparo."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()

    def graves() -> list[str]:
        violacoes = axe.run(pagina).response["violations"]
        return [f"{v['id']}: {v['help']}" for v in violacoes if v["impact"] in GRAVES]

    pagina.goto(pagina.url_base + "/simulador/territorio/")
    assert graves() == []
    enviar(pagina, Path(PASTA) / "exemplos" / "criacao-invade-vizinho.geojson", ["Sinop"])
    assert graves() == []
    oito = tmp_path / "oito.geojson"
    oito.write_text(
        '{"type":"Polygon","coordinates":[[[-55.2,-11.8],[-55.1,-11.7],[-55.1,-11.8],'
        "[-55.2,-11.7],[-55.2,-11.8]]]}"
    )
    enviar(pagina, oito, ["Sinop"])
    assert pagina.locator("[data-reparo]").is_visible()
    assert graves() == []
