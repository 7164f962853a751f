"""Título de eleitor dos signatários (Art. 13): 12 algarismos, dígitos em módulo 11
pela regra atual do TSE ou, nos títulos de SP e MG, pela regra antiga (resto 0 vale 1).

Os números foram calculados à mão com o algoritmo (sequencial × pesos 2 a 9; UF e 1º dígito ×
7, 8 e 9), não copiados de listas da internet.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from validate_docbr import TituloEleitoral

from representacao.titulo import (
    DIGITO_ERRADO,
    TAMANHO_ERRADO,
    digitos_verificadores,
    verificar_titulo,
)


@pytest.mark.parametrize(
    "texto",
    [
        "001234561805",  # soma 154, resto 0 → 0; 1·7 + 8·8 + 0·9 = 71, resto 5
        "102385011872",
        "556677881899",
        "876543211821",
        "358124671805",  # resto 0 no 1º dígito: em MT vale 0
        "946411771880",  # resto 0 no 2º dígito: em MT vale 0
    ],
)
def test_aceita_titulos_de_mato_grosso_pela_regra_atual(texto):
    titulo = verificar_titulo(texto)

    assert (titulo.valido, titulo.numero, titulo.motivo, titulo.regra_antiga) == (
        True,
        texto,
        "",
        False,
    )


@pytest.mark.parametrize(
    "texto", ["0012 3456 1805", "0012.3456.18-05", " 0012-3456-1805 ", "0012 3456 18 05"]
)
def test_aceita_titulo_com_espacos_pontos_e_hifens_e_guarda_so_os_algarismos(texto):
    titulo = verificar_titulo(texto)

    assert titulo.valido
    assert titulo.numero == "001234561805"


@pytest.mark.parametrize(
    ("texto", "uf", "qual"),
    [
        ("358124670116", "SP", "1º dígito: resto 0 vale 1"),
        ("987651230141", "SP", "2º dígito: resto 0 vale 1"),
        ("274509180213", "MG", "1º dígito: resto 0 vale 1"),
        ("946411770281", "MG", "2º dígito: resto 0 vale 1"),
    ],
)
def test_aceita_titulo_antigo_de_sp_e_mg_que_a_regra_atual_recusa(texto, uf, qual):
    titulo = verificar_titulo(texto)

    assert not TituloEleitoral().validate(texto), "o exemplo deve falhar na regra atual"
    assert titulo.valido, qual
    assert titulo.regra_antiga


@pytest.mark.parametrize("texto", ["358124670108", "274509180205", "987651230140"])
def test_titulo_de_sp_e_mg_pela_regra_atual_continua_valido(texto):
    titulo = verificar_titulo(texto)

    assert titulo.valido
    assert not titulo.regra_antiga


@pytest.mark.parametrize("texto", ["358124671813", "946411771881"])
def test_regra_antiga_nao_vale_para_titulo_de_mato_grosso(texto):
    titulo = verificar_titulo(texto)

    assert (titulo.valido, titulo.motivo) == (False, DIGITO_ERRADO)


@pytest.mark.parametrize(
    "texto",
    [
        "001234561806",  # 2º dígito trocado
        "001234561815",  # 1º dígito trocado
        "102385011827",  # dígitos invertidos
        "001234571805",  # sequencial alterado, dígitos mantidos
    ],
)
def test_recusa_digito_verificador_errado(texto):
    titulo = verificar_titulo(texto)

    assert (titulo.valido, titulo.motivo, titulo.numero) == (False, DIGITO_ERRADO, texto)


@pytest.mark.parametrize(
    "texto",
    [
        "00123456180",  # 11 algarismos
        "0012345618051",  # 13 algarismos
        "",
        "   ",
        "0012345618AB",
        "OO1234561805",  # letra O no lugar do zero
        "００１２３４５６１８０５",  # algarismos de largura total
    ],
)
def test_recusa_titulo_sem_12_algarismos(texto):
    titulo = verificar_titulo(texto)

    assert (titulo.valido, titulo.motivo) == (False, TAMANHO_ERRADO)
    assert titulo.numero == texto.strip()


@pytest.mark.parametrize("uf", ["00", "29", "99"])
def test_recusa_uf_inexistente_mesmo_com_digitos_certos(uf):
    base = "12345678" + uf
    titulo = verificar_titulo(base + digitos_verificadores(base))

    assert not titulo.valido
    assert titulo.motivo.startswith("UF do título inexistente")


@pytest.mark.parametrize("uf", ["01", "18", "28"])
def test_aceita_as_ufs_das_pontas_da_tabela(uf):
    base = "12345678" + uf

    assert verificar_titulo(base + digitos_verificadores(base)).valido


@given(
    sequencial=st.integers(min_value=0, max_value=99_999_999),
    uf=st.integers(min_value=3, max_value=28),
)
def test_digitos_calculados_conferem_com_o_validate_docbr_fora_de_sp_e_mg(sequencial, uf):
    base = f"{sequencial:08d}{uf:02d}"
    numero = base + digitos_verificadores(base)

    assert TituloEleitoral().validate(numero)
    assert verificar_titulo(numero).valido
