"""Art. 2º, IV: o valor adicionado do último exercício encerrado antes do parecer de mérito,
contra a média dos menores da tabela completa da SEFAZ desse exercício (todo município que
existia nele). Certidão de outro exercício ou tabela incompleta bloqueiam o favorável."""

from datetime import date
from decimal import Decimal

import pytest

from processos.models import AtoRecusado, Processo
from requisitos.models import Municipio, ValorAdicionado
from tests.processos.construtores import (
    ANO_VA,
    FIGURAS_ART2,
    completar_tabela_va,
    praticar,
    processo_no_estado,
    recarregar,
    responder_oficios,
)


def no_parecer(operador, **figuras):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    responder_oficios(processo, operador, figuras=FIGURAS_ART2 | figuras)
    Processo.objects.filter(pk=processo.pk).update(estado="aguardando_parecer_merito")  # atalho
    return recarregar(processo)


def favoravel(processo, presidente):
    return praticar(processo, presidente, "emitir_parecer_merito", "favoravel")


def tabela(exercicio, valor):
    """Dez municípios com o mesmo VA no exercício, e a tabela completada."""
    for i in range(1, 11):
        municipio, _ = Municipio.objects.get_or_create(
            codigo_ibge=9900000 + i, defaults={"nome": f"Município fictício {i}"}
        )
        ValorAdicionado.objects.create(municipio=municipio, exercicio=exercicio, valor=valor)
    completar_tabela_va(exercicio)


def test_caso_relatado_tabela_de_2019_nao_serve_ao_parecer_de_hoje(operador, presidente):
    """Dez linhas de 2019 a R$ 100 deixavam passar um VA de R$ 100,01 em 2026."""
    tabela(2019, Decimal(100))
    processo = no_parecer(operador, exercicio_va=2019, valor_adicionado=Decimal("100.01"))

    with pytest.raises(AtoRecusado) as erro:
        favoravel(processo, presidente)

    assert "exercício de 2019, que é anterior" in str(erro.value)
    assert f"({ANO_VA}). Peça à SEFAZ a certidão de {ANO_VA}." in str(erro.value)
    assert recarregar(processo).estado == "aguardando_parecer_merito"


@pytest.mark.parametrize(
    ("exercicio", "recusa"),
    [(ANO_VA - 1, "é anterior"), (ANO_VA, None), (ANO_VA + 1, "ainda não se encerrou")],
)
def test_certidao_de_exercicio_antigo_bloqueia_o_parecer_favoravel(
    operador, presidente, exercicio, recusa
):
    for ano in (ANO_VA - 1, ANO_VA + 1):
        tabela(ano, Decimal(1_000_000))
    processo = no_parecer(operador, exercicio_va=exercicio)

    if recusa is None:
        assert favoravel(processo, presidente).estado_destino == "deliberacao_plenario"
        return
    with pytest.raises(AtoRecusado, match=f"exercício de {exercicio}, que {recusa}"):
        favoravel(processo, presidente)


@pytest.mark.parametrize(
    ("instalado_em", "recusado"),
    [(date(ANO_VA, 12, 31), True), (date(ANO_VA + 1, 1, 1), False)],
)
def test_tabela_incompleta_do_exercicio_diz_quais_municipios_faltam(
    operador, presidente, instalado_em, recusado
):
    """Um município instalado até 31/12 do exercício existia nele: sem o seu VA, a tabela
    está incompleta; instalado depois, não conta."""
    processo = no_parecer(operador)
    Municipio.objects.create(
        codigo_ibge=5199999, nome="Boa Esperança do Norte", instalado_em=instalado_em
    )

    if not recusado:
        assert favoravel(processo, presidente).estado_destino == "deliberacao_plenario"
        return
    with pytest.raises(AtoRecusado) as erro:
        favoravel(processo, presidente)
    assert (
        f"A tabela do valor adicionado da SEFAZ de {ANO_VA} está incompleta: falta(m) 1 "
        "município(s) que existiam no exercício (Boa Esperança do Norte)"
    ) in str(erro.value)
