"""Maioria simples das deliberações do Plenário (requisitos.votacoes; Arts. 17, § 1º, 18,
§ 1º, 19 e 20, § 2º: a lei não fixa quórum). Os dois lados da fronteira e o empate."""

import pytest

from requisitos.votacoes import contradicao, resultado_da_votacao

ROTULOS = {"aprovado": "pela tramitação", "rejeitado": "pelo arquivamento"}


@pytest.mark.parametrize(
    ("sim", "nao", "esperado"),
    [
        (11, 10, "aprovado"),  # um voto a mais aprova
        (10, 11, "rejeitado"),
        (1, 0, "aprovado"),
        (10, 10, None),  # empate: o sistema não decide
        (0, 0, None),
    ],
)
def test_resultado_pela_maioria_simples(sim, nao, esperado):
    assert resultado_da_votacao(sim, nao) == esperado


def test_cinco_contra_quinze_nao_e_pela_tramitacao():
    assert contradicao("aprovado", 5, 15, ROTULOS) == (
        "Os votos (5 favoráveis × 15 contrários) dão o resultado “pelo arquivamento”, e não "
        "“pela tramitação” (maioria simples dos votos)."
    )


def test_resultado_igual_ao_dos_votos_e_coerente():
    assert contradicao("rejeitado", 5, 15, ROTULOS) is None


def test_empate_pede_o_voto_de_desempate():
    assert contradicao("aprovado", 10, 10, ROTULOS).startswith("Empate (10 × 10): registre")


@pytest.mark.parametrize(("sim", "nao"), [(None, None), (14, None), (None, 3)])
def test_sem_os_votos_vale_o_resultado_declarado(sim, nao):
    """Votação simbólica: sem os números, nada a conferir."""
    assert contradicao("aprovado", sim, nao, ROTULOS) is None
