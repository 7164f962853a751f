"""A conferência territorial sobre uma malha fictícia de quadrados (tests/territorio/
malha_ficticia.py): área, parte de cada origem e % da área oficial (Art. 8), pedaços do
território e dos remanescentes (Art. 2, VI, e Art. 1, § 1º), invasão de vizinho, área fora
do Estado e fragmentos abaixo de max(1 km², 0,05 %) à parte."""

import pytest
from shapely.geometry import box
from shapely.ops import unary_union

from territorio.conferencia import area_km2, conferir, limiar_km2

from .malha_ficticia import CODIGOS, KM_POR_GRAU_LAT, largura_km, malha

A, B, C = CODIGOS["A"], CODIGOS["B"], CODIGOS["C"]


def conferir_ficticio(territorio, origens=(A, B)):
    return conferir(territorio, malha(), list(origens), edicao="fictícia 2024")


def faixa(minx, maxx, km2, *, abaixo_de=-12.0):
    """Uma faixa ao sul de `abaixo_de`, de largura minx–maxx e área ~km2."""
    altura = km2 / largura_km(minx, maxx) / KM_POR_GRAU_LAT
    return box(minx, abaixo_de - altura, maxx, abaixo_de)


def test_territorio_sobre_a_divisa_toma_metade_de_cada_origem():
    territorio = box(-54.85, -11.95, -54.75, -11.85)
    c = conferir_ficticio(territorio)
    assert c.edicao == "fictícia 2024"
    assert c.area_km2 == pytest.approx(area_km2(territorio))
    assert c.pedacos == 1 and c.continuo
    de_a, de_b = c.origens
    assert de_a.km2 == pytest.approx(c.area_km2 / 2, rel=1e-3)
    assert de_a.pct_da_origem == pytest.approx(100 * de_a.km2 / de_a.area_oficial_km2)
    assert de_a.pct_do_territorio == pytest.approx(50, abs=0.1)
    assert de_a.pedacos_remanescente == de_b.pedacos_remanescente == 1
    assert c.sobreposicoes == () and c.fora_do_estado_km2 == 0


def test_faixa_que_atravessa_a_origem_parte_o_remanescente_em_dois():
    c = conferir_ficticio(box(-54.95, -12.0, -54.93, -11.8), origens=(A,))
    assert c.origens[0].pedacos_remanescente == 2
    assert not c.continuo


def test_territorio_em_duas_partes_e_descontinuo():
    c = conferir_ficticio(
        unary_union([box(-54.99, -11.99, -54.95, -11.95), box(-54.7, -11.9, -54.65, -11.85)])
    )
    assert c.pedacos == 2 and not c.continuo


@pytest.mark.parametrize(("km2", "fragmento"), [(0.9, True), (1.1, False)])
def test_invasao_de_vizinho_abaixo_de_1_km2_fica_a_parte(km2, fragmento):
    # Território de ~190 km²: 0,05 % dele é 0,1 km², o limiar é 1 km².
    territorio = unary_union([box(-54.95, -12.0, -54.85, -11.85), faixa(-54.95, -54.85, km2)])
    c = conferir_ficticio(territorio, origens=(A,))
    assert c.limiar_km2 == 1.0
    (vizinho,) = c.sobreposicoes
    assert vizinho.codigo_ibge == C and vizinho.nome == "Fictício C"
    assert vizinho.km2 == pytest.approx(km2, rel=0.02)
    assert vizinho.fragmento is fragmento
    assert (vizinho in c.invasoes) is not fragmento


@pytest.mark.parametrize(("resto_km2", "pedacos", "fragmentos"), [(0.5, 1, 1), (3.0, 2, 0)])
def test_pedaco_isolado_do_remanescente_conta_so_acima_do_limiar(resto_km2, pedacos, fragmentos):
    # O território ocupa A inteiro menos uma faixa no norte e um recanto no sul; o recanto,
    # separado do resto pelo território, é fragmento abaixo do limiar da origem (1 km²).
    altura = faixa(-55.0, -54.98, resto_km2).bounds
    recanto = box(-55.0, -12.0, -54.98, -12.0 + (altura[3] - altura[1]))
    territorio = box(-55.0, -12.0, -54.8, -11.81).difference(recanto)
    c = conferir_ficticio(territorio, origens=(A,))
    origem = c.origens[0]
    assert origem.limiar_km2 == 1.0
    assert origem.pedacos_remanescente == pedacos
    assert len(origem.fragmentos_remanescente) == fragmentos


def test_area_fora_do_estado_e_informada():
    territorio = box(-55.1, -11.95, -54.9, -11.85)
    c = conferir_ficticio(territorio, origens=(A,))
    assert c.fora_do_estado_km2 == pytest.approx(
        area_km2(box(-55.1, -11.95, -55.0, -11.85)), rel=1e-3
    )


@pytest.mark.parametrize(
    ("area", "limiar"), [(1000.0, 1.0), (2000.0, 1.0), (2002.0, 1.001), (4000.0, 2.0)]
)
def test_limiar_dos_fragmentos_e_o_maior_entre_1_km2_e_0_05_por_cento(area, limiar):
    assert limiar_km2(area) == pytest.approx(limiar)


def test_origem_fora_da_malha_e_recusada_com_a_edicao():
    with pytest.raises(ValueError, match="fora da malha fictícia 2024: 5100000"):
        conferir_ficticio(box(-54.9, -11.9, -54.85, -11.85), origens=(5100000,))
