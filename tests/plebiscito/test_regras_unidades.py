"""Art. 11, § 1º e Art. 4º, parágrafo único: as unidades de votação, a abrangência e a
pergunta sobre a sede, nas regras puras."""

import pytest

from plebiscito.regras import ApuracaoInvalida, Unidade, Votacao, apurar_unidades


def v(inscritos, sim, nao, brancos=0, nulos=0):
    return Votacao(inscritos, sim + nao + brancos + nulos, sim, nao, brancos, nulos)


AREA = Unidade("Área a desmembrar", True, v(1000, 600, 100))  # 1.200 > 1.000: aprova
ORIGEM = Unidade("Tapurah (remanescente)", False, v(3000, 200, 1500))  # rejeita


def test_area_desmembrada_conta_so_a_area():
    apuracao = apurar_unidades([AREA, ORIGEM], "lc23_literal", "area_desmembrada")
    assert apuracao.contadas == ("Área a desmembrar",)
    assert apuracao.totais.inscritos == 1000
    assert apuracao.aprovado


def test_municipios_envolvidos_somam_as_unidades_e_mudam_o_veredito():
    apuracao = apurar_unidades([AREA, ORIGEM], "lc23_literal", "municipios_envolvidos")
    assert apuracao.contadas == ("Área a desmembrar", "Tapurah (remanescente)")
    assert (apuracao.totais.inscritos, apuracao.totais.sim) == (4000, 800)
    assert not apuracao.aprovado  # 800 × 2 = 1.600 ≤ 4.000
    assert apuracao.vereditos == {
        "lc23_literal": False,
        "maioria_simples_validos": False,  # 800 ≤ 1.600
        "maioria_comparecimento": False,  # 1.600 ≤ 2.400
    }


def test_fusao_exige_as_duas_perguntas():
    sede_rejeitada = v(1000, 300, 600)
    unidades = [
        Unidade("Município A", True, v(1000, 900, 100), sede_rejeitada),
        Unidade("Município B", True, v(1000, 900, 100), sede_rejeitada),
    ]
    apuracao = apurar_unidades(unidades, "lc23_literal", "area_desmembrada")
    assert apuracao.principal.aprovado  # fusão: 1.800 × 2 = 3.600 > 2.000
    assert not apuracao.sede.aprovado  # sede: 600 × 2 = 1.200 ≤ 2.000
    assert not apuracao.aprovado
    assert apuracao.vereditos["maioria_simples_validos"] is False  # sede: 600 ≤ 1.200


def test_fusao_com_as_duas_perguntas_aprovadas_aprova():
    sim = v(1000, 900, 100)
    unidades = [Unidade("A", True, sim, sim), Unidade("B", True, sim, sim)]
    assert apurar_unidades(unidades, "maioria_simples_validos", "area_desmembrada").aprovado


@pytest.mark.parametrize(
    ("unidades", "abrangencia", "trecho"),
    [
        ([], "area_desmembrada", "ao menos uma unidade"),
        ([AREA, Unidade(" área A DESMEMBRAR ", True, v(10, 6, 4))], "area_desmembrada", "repetida"),
        ([ORIGEM], "area_desmembrada", "Nenhuma unidade é a área a desmembrar"),
        ([AREA, Unidade("B", False, v(10, 6, 4), v(10, 6, 4))], "area_desmembrada", "sede"),
        ([Unidade("X", True, Votacao(10, 9, 6, 4, 0, 0))], "area_desmembrada", "comparecimento"),
        ([AREA], "estado_inteiro", "Abrangência desconhecida"),
    ],
)
def test_unidades_que_nao_permitem_apurar_sao_recusadas(unidades, abrangencia, trecho):
    with pytest.raises(ApuracaoInvalida) as erro:
        apurar_unidades(unidades, "lc23_literal", abrangencia)
    assert trecho in str(erro.value)


def test_erro_indica_a_unidade_e_o_campo():
    ruim = Unidade("Y", True, Votacao(10, 20, 20, 0, 0, 0))
    with pytest.raises(ApuracaoInvalida) as erro:
        apurar_unidades([AREA, ruim], "lc23_literal", "area_desmembrada")
    assert ((1, "comparecimento"), "O comparecimento não pode superar os eleitores inscritos.") in (
        erro.value.problemas
    )
