"""Os números que vêm de fora (emancipacao.numeros): a forma e o tamanho do literal são
conferidos antes da conversão; o que passa vira o número certo, nos dois lados de cada
limite."""

from decimal import Decimal

import pytest
from django.utils import translation

from emancipacao import numeros
from emancipacao.numeros import (
    ALGARISMOS_MAXIMOS,
    CampoDecimal,
    CampoInteiro,
    NumeroInvalido,
    ler_decimal,
    ler_inteiro,
)


@pytest.mark.parametrize(
    ("texto", "valor"),
    [("2026", 2026), (" 42 ", 42), ("-7", -7), ("0", 0), ("007", 7), ("9" * 40, int("9" * 40))],
)
def test_le_o_inteiro_escrito_por_extenso(texto, valor):
    assert ler_inteiro(texto) == valor


@pytest.mark.parametrize(
    ("texto", "motivo"),
    [
        ("-1e999999", "expoente"),
        ("1E5", "expoente"),
        ("NaN", "nao_finito"),
        ("-Infinity", "nao_finito"),
        ("inf", "nao_finito"),
        ("-0", "zero_negativo"),
        ("-000", "zero_negativo"),
        ("0.5", "fracao"),
        ("2026.0", "fracao"),
        ("9" * 41, "longo"),
        ("1" * 1_000_000, "longo"),
        ("²", "invalid"),
        ("١٢", "invalid"),
        ("dois mil", "invalid"),
        ("", "invalid"),
        ("0x10", "invalid"),
        ("1_000", "invalid"),
    ],
)
def test_recusa_o_inteiro_pela_forma_antes_de_converter(texto, motivo):
    with pytest.raises(NumeroInvalido) as erro:
        ler_inteiro(texto)
    assert erro.value.codigo == motivo


def test_o_limite_de_algarismos_vale_para_o_int_e_o_decimal_do_json():
    assert ler_inteiro(10**ALGARISMOS_MAXIMOS - 1) == 10**ALGARISMOS_MAXIMOS - 1
    assert ler_inteiro(Decimal("4000.0")) == 4000
    assert ler_inteiro(Decimal("4E+3")) == 4000
    for valor, motivo in [
        (10**ALGARISMOS_MAXIMOS, "longo"),
        (Decimal("1E+300000"), "longo"),
        (Decimal("-1E+999999"), "longo"),
        (Decimal("1E-999999"), "longo"),
        (Decimal("4000.5"), "fracao"),
        (Decimal("-0"), "zero_negativo"),
        (Decimal("NaN"), "nao_finito"),
        (True, "invalid"),
    ]:
        with pytest.raises(NumeroInvalido) as erro:
            ler_inteiro(valor)
        assert erro.value.codigo == motivo, valor


@pytest.mark.parametrize(
    ("texto", "valor"),
    [
        ("1.234,56", Decimal("1234.56")),
        ("5.200", Decimal("5200")),
        ("12,5", Decimal("12.5")),
        ("12.5", Decimal("12.5")),
        (",5", Decimal("0.5")),
        ("0", Decimal("0")),
    ],
)
def test_le_o_decimal_escrito_em_pt_br(texto, valor):
    with translation.override("pt-br"):
        assert ler_decimal(texto, localizado=True) == valor


@pytest.mark.parametrize(
    ("texto", "motivo"),
    [("1e30", "expoente"), ("NaN", "nao_finito"), ("-0,00", "zero_negativo"), ("R$ 5", "decimal")],
)
def test_recusa_o_decimal_pela_forma(texto, motivo):
    with translation.override("pt-br"), pytest.raises(NumeroInvalido) as erro:
        ler_decimal(texto, localizado=True)
    assert erro.value.codigo == motivo


@pytest.mark.parametrize(
    ("texto", "pagina"), [("3", 3), ("1", 1), ("0", None), ("-1e999999", None), (None, None)]
)
def test_pagina_ilegivel_ou_menor_que_um_e_a_primeira(texto, pagina):
    assert numeros.pagina(texto) == pagina


def test_literal_inteiro_longo_do_json_e_recusado_sem_virar_int():
    assert numeros.literal_inteiro_json("9" * 40) == int("9" * 40)
    assert numeros.literal_inteiro_json("-0") == Decimal("-0")
    with pytest.raises(ValueError, match="Número longo demais"):
        numeros.literal_inteiro_json("9" * 41)


@pytest.mark.parametrize(
    ("digitado", "erro"),
    [
        ("2.719", None),
        ("1e999999", "Escreva o número com todos os dígitos, sem expoente (como em 1e5)."),
        ("-0", "“-0” não é aceito: informe 0, sem o sinal de menos."),
        ("12,5", "Informe um número inteiro. Este campo não aceita casas decimais."),
        ("-1", "Certifique-se que este valor seja maior ou igual a 0."),
    ],
)
def test_campo_inteiro_do_formulario_da_a_mensagem_no_campo(digitado, erro):
    campo = CampoInteiro(min_value=0, max_value=100_000, localize=True)
    with translation.override("pt-br"):
        if erro is None:
            assert campo.clean(digitado) == 2719
        else:
            with pytest.raises(Exception) as recusa:
                campo.clean(digitado)
            assert recusa.value.messages == [erro]


def test_campo_decimal_do_formulario_confere_as_casas_depois_da_forma():
    campo = CampoDecimal(max_digits=18, decimal_places=2, localize=True)
    with translation.override("pt-br"):
        assert campo.clean("1.234.567,89") == Decimal("1234567.89")
        with pytest.raises(Exception) as recusa:
            campo.clean("1,234")
    assert "2 casas decimais" in recusa.value.messages[0]


def test_campo_numerico_sem_faixa_nao_existe():
    with pytest.raises(TypeError):
        CampoInteiro(min_value=0)
    with pytest.raises(TypeError):
        numeros.InteiroJSON(max_value=10)
