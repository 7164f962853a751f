"""Art. 3º — janela eleitoral (tabela das datas reais das eleições municipais)."""

from datetime import date

import pytest

from requisitos.eleicoes import ELEICOES_MUNICIPAIS, janela_art3, seis_meses_antes


@pytest.mark.parametrize(
    ("eleicao", "limite"),
    [
        (date(2028, 10, 1), date(2028, 4, 1)),
        (date(2024, 10, 6), date(2024, 4, 6)),
        (date(2020, 11, 15), date(2020, 5, 15)),  # adiada pela EC 107/2020
        (date(2024, 8, 31), date(2024, 2, 29)),  # dia 31 → último dia do mês (bissexto)
        (date(2023, 8, 31), date(2023, 2, 28)),
        (date(2024, 12, 31), date(2024, 6, 30)),
        (date(2024, 3, 15), date(2023, 9, 15)),  # volta o ano
    ],
)
def test_seis_meses_antes_mesmo_dia_ou_ultimo_do_mes(eleicao, limite):
    assert seis_meses_antes(eleicao) == limite


@pytest.mark.parametrize(
    ("consulta", "vedado"),
    [
        (date(2028, 3, 31), False),
        (date(2028, 4, 1), False),  # "até 6 meses antes": o último dia ainda é permitido
        (date(2028, 4, 2), True),
        (date(2028, 10, 1), True),  # o dia da eleição
        (date(2020, 5, 15), False),
        (date(2020, 5, 16), True),
        (date(2020, 10, 4), True),  # o primeiro domingo de outubro não valeu em 2020
    ],
)
def test_art_3_janela_vedada_a_partir_do_dia_seguinte_ao_limite(consulta, vedado):
    janela = janela_art3(consulta)
    assert janela.vedado is vedado


def test_art_3_depois_da_eleicao_a_janela_passa_para_a_seguinte():
    janela = janela_art3(date(2024, 10, 7))
    assert janela.eleicao == date(2028, 10, 1)
    assert not janela.vedado
    assert (
        janela.mensagem
        == "Próxima eleição municipal: 01/10/2028. Art. 3º: permitido até 01/04/2028."
    )


def test_art_3_mensagem_dentro_da_janela():
    assert janela_art3(date(2028, 5, 1)).mensagem.startswith("Período do Art. 3º: de 01/04/2028")


def test_art_3_depois_da_ultima_eleicao_tabelada_nao_ha_janela():
    assert janela_art3(date(2028, 10, 2)) is None


def test_tabela_de_eleicoes_em_ordem_e_com_2020_adiada():
    assert list(ELEICOES_MUNICIPAIS) == sorted(ELEICOES_MUNICIPAIS)
    assert date(2020, 11, 15) in ELEICOES_MUNICIPAIS
    assert date(2020, 10, 4) not in ELEICOES_MUNICIPAIS
