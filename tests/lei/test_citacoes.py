"""As citações com que as regras declaram o dispositivo que aplicam (requisitos.aplicacao)."""

import pytest

from requisitos.aplicacao import (
    CALCULADA,
    UNICO,
    CitacaoInvalida,
    Dispositivo,
    Registro,
    ler_citacao,
)

D = Dispositivo


@pytest.mark.parametrize(
    "citacao, dispositivos",
    [
        ("Art. 2º", (D(2),)),
        ("Art. 2º, I", (D(2, "", "I"),)),
        ("Art. 2º, I a IV", (D(2, "", "I"), D(2, "", "II"), D(2, "", "III"), D(2, "", "IV"))),
        ("Art. 25, I e II", (D(25, "", "I"), D(25, "", "II"))),
        ("Art. 2º, § 1º", (D(2, "1"),)),
        ("Art. 2º, §§ 2º e 3º", (D(2, "2"), D(2, "3"))),
        ("Art. 4º, parágrafo único", (D(4, UNICO),)),
        ("Art. 16, parágrafo único", (D(16, UNICO),)),
        ("Art. 15 e 16", (D(15), D(16))),
        ("Art. 13 e Art. 15, I", (D(13), D(15, "", "I"))),
        ("Art. 2º, §§ 2º e 3º; Art. 18", (D(2, "2"), D(2, "3"), D(18))),
        ("Art. 10, III", (D(10, "", "III"),)),
    ],
)
def test_le_as_citacoes_da_tecnica_legislativa(citacao, dispositivos):
    assert ler_citacao(citacao) == dispositivos


@pytest.mark.parametrize(
    "citacao", ["", "Artigo segundo", "Art. 2º, inciso primeiro", "Art. 2º, § X", "Art. 15 e 16, I"]
)
def test_citacao_que_o_mapa_nao_sabe_ler_e_recusada(citacao):
    with pytest.raises(CitacaoInvalida):
        ler_citacao(citacao)


def test_dispositivo_se_escreve_como_na_lei():
    assert [str(D(2, "", "I")), str(D(10, "2")), str(D(4, UNICO))] == [
        "Art. 2º, I",
        "Art. 10, § 2º",
        "Art. 4º, parágrafo único",
    ]


def test_decorador_registra_a_funcao_e_a_devolve_intacta():
    registro = Registro()

    @registro.aplica("Art. 2º, I", parametro="populacao_minima")
    def regra(x):
        """Art. 2º, I: população não inferior a 4.000. Mais texto."""
        return x + 1

    assert regra(1) == 2
    (aplicacao,) = registro.aplicacoes
    assert aplicacao.modo == CALCULADA
    assert aplicacao.descricao == "Art. 2º, I: população não inferior a 4.000."
    assert aplicacao.onde.endswith("regra")
    assert aplicacao.parametros == ("populacao_minima",)


def test_modo_desconhecido_e_recusado():
    with pytest.raises(ValueError, match="Modo desconhecido"):
        Registro().registrar("Art. 1º", modo="talvez", descricao="x")
