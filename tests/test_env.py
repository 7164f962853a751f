"""As variáveis de ambiente inteiras (`emancipacao.env.env_int`) passam pelo leitor central
dos inteiros (`emancipacao.literais.ler_inteiro`): o que um formulário recusaria, a
inicialização recusa também, com a mensagem que diz a variável e o valor."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from emancipacao.env import env_int
from emancipacao.literais import ALGARISMOS_MAXIMOS
from tests.ambiente import configuracao_com


@pytest.mark.parametrize(
    "valor, lido",
    [("587", 587), (" 25 ", 25), ("+3", 3), ("-1", -1), ("9" * ALGARISMOS_MAXIMOS, int("9" * 40))],
)
def test_inteiro_escrito_por_extenso_e_lido(monkeypatch, valor, lido):
    monkeypatch.setenv("EMANCIPACAO_TESTE_INTEIRO", valor)
    assert env_int("EMANCIPACAO_TESTE_INTEIRO", 7) == lido


def test_variavel_ausente_ou_vazia_fica_com_o_padrao(monkeypatch):
    monkeypatch.delenv("EMANCIPACAO_TESTE_INTEIRO", raising=False)
    assert env_int("EMANCIPACAO_TESTE_INTEIRO", 7) == 7
    monkeypatch.setenv("EMANCIPACAO_TESTE_INTEIRO", "")
    assert env_int("EMANCIPACAO_TESTE_INTEIRO", None) is None


# O `int()` do Python aceitava "1_000", os algarismos de outras escritas e um literal de
# qualquer tamanho; o leitor central, não.
@pytest.mark.parametrize(
    "valor",
    ["dez", "1e3", "1_000", "٣", "2.5", "-0", "NaN", "9" * (ALGARISMOS_MAXIMOS + 1)],
)
def test_valor_invalido_interrompe_com_a_mensagem_clara(monkeypatch, valor):
    monkeypatch.setenv("EMANCIPACAO_TESTE_INTEIRO", valor)
    with pytest.raises(ImproperlyConfigured) as recusa:
        env_int("EMANCIPACAO_TESTE_INTEIRO", 7)
    assert str(recusa.value) == (
        f"EMANCIPACAO_TESTE_INTEIRO deve ser um número inteiro, não {valor!r}."
    )


def test_a_inicializacao_recusa_a_porta_com_expoente():
    """Nas settings: a porta do e-mail escrita "5.87e2" não sobe o sistema."""
    lida = configuracao_com("settings.EMAIL_PORT", EMAIL_PORT="2525")
    recusa = configuracao_com("settings.EMAIL_PORT", EMAIL_PORT="5.87e2")
    assert lida.stdout.strip() == "2525"
    assert recusa.returncode != 0
    assert "EMAIL_PORT deve ser um número inteiro, não '5.87e2'." in recusa.stderr
