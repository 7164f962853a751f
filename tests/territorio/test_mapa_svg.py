"""O mapa em SVG e as figuras que faltavam (comprimento das divisas), na malha fictícia:
acessível (role="img", título, descrição com as figuras), com legenda, escala, norte e a
edição da malha; a sobreposição e o pedaço solto do remanescente aparecem só quando há."""

from xml.etree import ElementTree

import pytest
from shapely.geometry import box

from territorio.conferencia import GRS80, conferir
from territorio.mapa_svg import _escala_redonda, desenhar

from .malha_ficticia import CODIGOS, malha

A, B, C = CODIGOS["A"], CODIGOS["B"], CODIGOS["C"]
SVG = "{http://www.w3.org/2000/svg}"


def _svg(territorio, origens):
    conferencia = conferir(territorio, malha(), origens, edicao="2024")
    return conferencia, desenhar(territorio, malha(), conferencia, fonte="IBGE, teste")


def test_mapa_acessivel_com_titulo_descricao_legenda_e_fonte():
    conferencia, svg = _svg(box(-54.85, -11.95, -54.75, -11.85), [A, B])
    raiz = ElementTree.fromstring(svg)  # XML bem formado
    assert raiz.get("role") == "img"
    assert raiz.find(f"{SVG}title").text.endswith("malha municipal 2024")
    descricao = raiz.find(f"{SVG}desc").text
    assert f"Novo território de {conferencia.area_km2:.2f}".replace(".", ",") in descricao
    assert "De Fictício A:" in descricao and "De Fictício B:" in descricao
    textos = [t.text for t in raiz.iter(f"{SVG}text")]
    assert "Remanescente de Fictício A" in textos and "Município vizinho" in textos
    assert "N" in textos and any(t.endswith(" km") for t in textos)
    assert any("malha municipal 2024 — IBGE, teste" in t for t in textos)
    assert "Sobreposição" not in textos and "Pedaço solto" not in textos


def test_mapa_mostra_a_sobreposicao_com_quem_nao_e_origem():
    _, svg = _svg(box(-54.95, -12.05, -54.85, -11.9), [A])
    raiz = ElementTree.fromstring(svg)
    assert "Sobreposição com Fictício C, que não é origem" in raiz.find(f"{SVG}desc").text
    assert len(raiz.findall(f".//{SVG}path[@class='invasao']")) == 1
    assert "Sobreposição" in [t.text for t in raiz.iter(f"{SVG}text")]


def test_mapa_contorna_o_pedaco_solto_do_remanescente_art_1_par_1():
    # Uma faixa de norte a sul no meio de C parte o remanescente em dois.
    conferencia, svg = _svg(box(-54.85, -12.2, -54.75, -12.0), [C])
    assert conferencia.origens[0].pedacos_remanescente == 2
    raiz = ElementTree.fromstring(svg)
    assert len(raiz.findall(f".//{SVG}path[@class='solto']")) == 1
    assert "Pedaço solto" in [t.text for t in raiz.iter(f"{SVG}text")]


@pytest.mark.parametrize(("metros", "redondo"), [(9_999, 5_000), (10_000, 10_000), (2_500, 2_000)])
def test_barra_de_escala_em_numero_redondo(metros, redondo):
    assert _escala_redonda(metros) == redondo


def _km(lons, lats) -> float:
    return GRS80.line_length(lons, lats) / 1000


def test_divisa_toda_nova_quando_o_territorio_fica_dentro_das_origens():
    """Art. 15, II: o contorno por dentro das origens é linha nova, a descrever na lei."""
    conferencia = conferir(box(-54.85, -11.95, -54.75, -11.85), malha(), [A, B], edicao="2024")
    perimetro = _km(
        [-54.85, -54.75, -54.75, -54.85, -54.85], [-11.95, -11.95, -11.85, -11.85, -11.95]
    )
    assert conferencia.divisas_novas_km == pytest.approx(perimetro, abs=0.01)
    assert conferencia.divisas_herdadas_km == pytest.approx(0, abs=0.001)
    assert sum(o.divisa_nova_km for o in conferencia.origens) == pytest.approx(perimetro, abs=0.01)


@pytest.mark.parametrize(("oeste", "herdada"), [(-55.0, True), (-54.99998, False)])
def test_divisa_herdada_so_quando_segue_a_divisa_da_origem_a_menos_de_1_m(oeste, herdada):
    # O lado oeste em -55,0 é a divisa de A com o vizinho; 2 m para dentro já é linha nova.
    conferencia = conferir(box(oeste, -11.95, -54.9, -11.85), malha(), [A], edicao="2024")
    lado_oeste = _km([oeste, oeste], [-11.95, -11.85])
    esperado = lado_oeste if herdada else 0.0
    assert conferencia.divisas_herdadas_km == pytest.approx(esperado, abs=0.01)
