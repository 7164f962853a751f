"""Art. 11: as três leituras do resultado do plebiscito, em cada fronteira."""

import pytest

from plebiscito.regras import REGRAS, Votacao, apurar


def votacao(inscritos, sim, nao, brancos=0, nulos=0):
    return Votacao(inscritos, sim + nao + brancos + nulos, sim, nao, brancos, nulos)


def test_tabocao_2018_aprova_sob_as_tres_regras():
    v = Votacao(inscritos=2719, comparecimento=2175, sim=1561, nao=525, brancos=41, nulos=48)
    for regra in REGRAS:
        resultado = apurar(v, regra)
        assert resultado.aprovado
        assert resultado.unanimes
        assert [r.regra for r in resultado.vereditos if r.governa] == [regra]


@pytest.mark.parametrize(
    ("inscritos", "sim", "aprovado"),
    [(100, 50, False), (100, 51, True), (101, 50, False), (101, 51, True), (0, 0, False)],
)
def test_lc23_literal_exige_maioria_absoluta_dos_inscritos(inscritos, sim, aprovado):
    v = votacao(inscritos, sim, 0)
    assert apurar(v, "lc23_literal").aprovado is aprovado


@pytest.mark.parametrize(
    ("sim", "nao", "brancos", "nulos", "aprovado"),
    [(10, 10, 0, 0, False), (11, 10, 0, 0, True), (11, 10, 500, 500, True), (0, 0, 5, 5, False)],
)
def test_maioria_simples_ignora_brancos_e_nulos(sim, nao, brancos, nulos, aprovado):
    v = votacao(10_000, sim, nao, brancos, nulos)
    assert apurar(v, "maioria_simples_validos").aprovado is aprovado


@pytest.mark.parametrize(
    ("sim", "nao", "brancos", "aprovado"),
    [(50, 50, 0, False), (51, 49, 0, True), (50, 40, 10, False)],
)
def test_maioria_do_comparecimento(sim, nao, brancos, aprovado):
    v = votacao(1000, sim, nao, brancos)
    assert apurar(v, "maioria_comparecimento").aprovado is aprovado


def test_as_tres_leituras_podem_divergir_e_a_vigente_governa():
    v = votacao(1000, sim=300, nao=200, brancos=20)  # 300 > 200, mas 600 ≤ 1000 e 600 > 520
    lc23 = apurar(v, "lc23_literal")
    assert not lc23.aprovado and not lc23.unanimes
    assert apurar(v, "maioria_simples_validos").aprovado
    assert apurar(v, "maioria_comparecimento").aprovado
    assert "600" in lc23.vereditos[0].formula and "1.000" in lc23.vereditos[0].formula


@pytest.mark.parametrize(
    "v",
    [
        Votacao(100, 50, 30, 10, 5, 4),  # soma 49 ≠ 50
        Votacao(10, 20, 20, 0, 0, 0),  # comparecimento > inscritos
        Votacao(100, 10, -1, 11, 0, 0),  # negativo
    ],
)
def test_numeros_inconsistentes_nao_geram_veredito(v):
    with pytest.raises(ValueError):
        apurar(v, "lc23_literal")


def test_regra_desconhecida_e_recusada():
    with pytest.raises(ValueError):
        apurar(votacao(10, 6, 4), "maioria_qualificada")


def test_float_e_recusado():
    with pytest.raises(TypeError):
        apurar(Votacao(10.0, 10, 6, 4, 0, 0), "lc23_literal")
