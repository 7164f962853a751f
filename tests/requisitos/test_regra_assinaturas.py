"""Art. 13: no mínimo 100 eleitores aptos (parâmetro `assinaturas_minimas`)."""

import pytest

from requisitos.parametros import ParametrosLegais
from requisitos.regras import avaliar_assinaturas


@pytest.mark.parametrize(
    ("aptas", "minimo", "atende", "falta"),
    [
        (99, 100, False, "Falta 1 assinatura."),
        (100, 100, True, ""),
        (101, 100, True, ""),
        (0, 100, False, "Faltam 100 assinaturas."),
        (149, 150, False, "Falta 1 assinatura."),  # parâmetro alterado por lei posterior
    ],
)
def test_assinaturas_minimas_nas_fronteiras(aptas, minimo, atende, falta):
    veredito = avaliar_assinaturas(aptas, ParametrosLegais(assinaturas_minimas=minimo))

    assert veredito.atende is atende
    assert veredito.requisitos[0].falta == falta
    assert veredito.parametros["assinaturas_minimas"] == minimo


@pytest.mark.parametrize("invalido", [-1, 1.0, True])
def test_numero_que_nao_e_inteiro_nao_negativo_e_recusado(invalido):
    with pytest.raises((TypeError, ValueError)):
        avaliar_assinaturas(invalido, ParametrosLegais())
