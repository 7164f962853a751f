"""Art. 25 (distrito), Art. 8º (revisão de limites), Art. 10, III (maioria absoluta),
Art. 6º, § 2º (2/3 da Câmara) e a média do VA do Art. 2º, IV."""

from decimal import Decimal

import pytest

from requisitos.parametros import ParametrosLegais
from requisitos.regras import (
    avaliar_aprovacao_camara,
    avaliar_distrito,
    avaliar_maioria_absoluta_eleitores,
    avaliar_revisao_limites,
    como_dict,
    media_va_menores,
)

P = ParametrosLegais()


@pytest.mark.parametrize(
    ("habitacoes", "populacao", "atende_i", "atende_ii"),
    [
        (49, 5000, False, True),
        (50, 5000, True, True),
        (51, 5000, True, True),
        (60, 1000, True, False),  # "superior a 1.000": 1.000 não basta
        (60, 1001, True, True),
        (49, 1000, False, False),
    ],
)
def test_art_25_habitacoes_no_minimo_50_e_populacao_superior_a_1000(
    habitacoes, populacao, atende_i, atende_ii
):
    veredito = avaliar_distrito(habitacoes, populacao, P)
    i, ii = veredito.requisitos
    assert (i.inciso, i.atende, i.comparacao, i.fundamento) == ("I", atende_i, ">=", "Art. 25, I")
    assert (ii.inciso, ii.atende, ii.comparacao, ii.fundamento) == (
        "II",
        atende_ii,
        ">",
        "Art. 25, II",
    )
    assert veredito.atende is (atende_i and atende_ii)


def test_art_25_diz_o_que_falta():
    i, ii = avaliar_distrito(49, 1000, P).requisitos
    assert i.falta == "Falta 1 habitação."
    assert ii.falta == "Falta 1 habitante."
    assert ii.mensagem == "População de 1.000 habitantes; a lei exige mais de 1.000."


@pytest.mark.parametrize(
    ("movida", "total", "dispensado"),
    [
        ("19.999", "100", True),
        ("20", "100", True),  # "não superior a 20 %": 20 % ainda dispensa
        ("20.001", "100", False),
        ("20.01", "100", False),
        ("0", "100", True),
        ("100", "100", False),
        ("1234.567", "6172.835", True),  # exatamente 20 %
        ("1234.568", "6172.835", False),
    ],
)
def test_art_8_plebiscito_dispensado_ate_20_por_cento_da_area(movida, total, dispensado):
    veredito = avaliar_revisao_limites(Decimal(movida), Decimal(total), P)
    assert veredito.plebiscito_dispensado is dispensado
    assert veredito.atende is dispensado
    (requisito,) = veredito.requisitos
    assert (requisito.comparacao, requisito.fundamento) == ("<=", "Art. 8º")
    assert requisito.limite == Decimal(total) * 20 / 100


def test_art_8_mensagem_diz_que_o_plebiscito_e_necessario():
    (requisito,) = avaliar_revisao_limites(Decimal("20.01"), Decimal("100"), P).requisitos
    assert requisito.mensagem == (
        "Área desmembrada de 20,010 km² (20,01 % do território), superior a 20 %: "
        "a consulta plebiscitária é necessária."
    )
    assert (
        requisito.falta == "Para dispensar o plebiscito, a área não poderia passar de 20,000 km²."
    )


@pytest.mark.parametrize(("movida", "total"), [("1", "0"), ("101", "100"), ("-1", "100")])
def test_art_8_recusa_areas_impossiveis(movida, total):
    with pytest.raises(ValueError):
        avaliar_revisao_limites(Decimal(movida), Decimal(total), P)


@pytest.mark.parametrize(
    ("assinaturas", "eleitores", "atende"),
    [
        (5000, 10000, False),  # metade não é maioria absoluta
        (5001, 10000, True),
        (5000, 9999, True),  # ⌊9.999/2⌋ + 1 = 5.000
        (4999, 9999, False),
        (1, 1, True),
        (0, 1, False),
    ],
)
def test_art_10_iii_maioria_absoluta_dos_eleitores(assinaturas, eleitores, atende):
    veredito = avaliar_maioria_absoluta_eleitores(assinaturas, eleitores)
    (requisito,) = veredito.requisitos
    assert veredito.atende is atende
    assert requisito.limite == eleitores // 2 + 1
    assert requisito.fundamento == "Art. 10, III"


@pytest.mark.parametrize(
    ("votos", "membros", "atende"),
    [
        (8, 12, True),  # 2/3 exatos
        (7, 12, False),
        (7, 11, False),  # 7/11 = 63,6 %
        (8, 11, True),
        (6, 9, True),
        (5, 9, False),
        (9, 13, True),  # teto de 8,67
        (8, 13, False),
    ],
)
def test_art_6_paragrafo_2_dois_tercos_da_camara(votos, membros, atende):
    veredito = avaliar_aprovacao_camara(votos, membros)
    (requisito,) = veredito.requisitos
    assert veredito.atende is atende
    assert requisito.fundamento == "Art. 6º, § 2º"


def test_art_6_paragrafo_2_mensagem_com_o_minimo_de_votos():
    (requisito,) = avaliar_aprovacao_camara(7, 11).requisitos
    assert requisito.mensagem == "7 votos favoráveis de 11 membros; 2/3 exigem 8."
    assert requisito.falta == "Falta 1 voto."


@pytest.mark.parametrize(("votos", "membros"), [(12, 11), (0, 0), (-1, 9)])
def test_art_6_paragrafo_2_recusa_numeros_impossiveis(votos, membros):
    with pytest.raises(ValueError):
        avaliar_aprovacao_camara(votos, membros)


def test_media_va_usa_os_n_menores_e_os_nomeia_do_menor_ao_maior():
    valores = {5100000 + i: Decimal(1000 * (20 - i)) for i in range(20)}
    media = media_va_menores(valores, 10, 2023)
    assert media.exercicio == 2023
    assert [codigo for codigo, _ in media.municipios] == [5100000 + i for i in range(19, 9, -1)]
    assert media.soma == Decimal(55000)
    assert media.media == Decimal("5500.00")
    assert media.n == 10


def test_media_va_empate_no_decimo_lugar_nao_muda_a_media():
    valores = {i: Decimal(10) for i in range(1, 13)}
    assert media_va_menores(valores, 10).media == Decimal("10.00")


def test_media_va_recusa_tabela_com_menos_municipios_que_n():
    with pytest.raises(ValueError, match="pelo menos 10"):
        media_va_menores({i: Decimal(1) for i in range(9)}, 10)


def test_media_va_entra_no_veredito_serializado_com_exercicio_e_municipios():
    from requisitos.regras import DadosCriacao, avaliar_criacao_municipio

    media = media_va_menores({i: Decimal(i) for i in range(1, 11)}, 10, 2022)
    dados = DadosCriacao(5000, 1000, 300, Decimal("10"), media, True, True, ())
    serializado = como_dict(avaliar_criacao_municipio(dados, P))
    assert serializado["media_va"]["exercicio"] == 2022
    assert serializado["media_va"]["media"] == "5.50"
    assert serializado["media_va"]["municipios"][0] == {"codigo_ibge": 1, "valor_adicionado": "1"}
    assert serializado["requisitos"][3]["valor"] == "10"
    assert serializado["parametros"]["n_menores_va"] == 10
