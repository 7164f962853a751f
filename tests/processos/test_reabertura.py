"""Quem desfaz um arquivamento (Art. 17, § 1º; Art. 18, §§ 1º e 2º; Art. 19; Art. 20): o
Presidente desfaz só o seu arquivamento; uma votação reabre só por outra decisão do Plenário,
registrada pela Mesa, para a etapa seguinte à votação — nunca para votar de novo."""

from unittest import mock

import pytest

from processos.models import AtoRecusado
from processos.services import motivos_indisponivel
from tests.processos.construtores import (
    DADOS,
    avancar,
    praticar,
    processo_no_estado,
    protocolar_variante,
    recarregar,
)

REABRIR = "reabrir_por_decisao_do_plenario"


@pytest.fixture(autouse=True)
def sem_pdf():
    """Os PDFs dos atos são conferidos em tests/documentos; aqui, o estado e o registro."""
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


# A votação que arquivou: (etapa em que se vota, ato, conclusão, fundamento, etapa seguinte).
VOTACOES = [
    ("deliberacao_arquivamento", "deliberar_arquivamento", "aprovado", "Art. 17, § 1º",
     "aguardando_certidoes"),
    ("deliberacao_plenario", "deliberar_plenario", "rejeitado", "Art. 18, § 1º", "na_ccj"),
    ("na_ccj", "registrar_parecer_ccj", "contrario", "Art. 18, § 2º", "elaboracao_pdl"),
    ("pdl_em_tramitacao", "rejeitar_pdl", "", "Art. 18, § 2º; Art. 19", "decreto_publicado"),
    ("pl_em_ordem_do_dia", "rejeitar_pl", "", "Art. 20, § 2º", "aguardando_sancao"),
]  # fmt: skip


def arquivado_por(operador, etapa, ato, conclusao):
    processo = protocolar_variante(operador, "criacao")
    if etapa == "deliberacao_arquivamento":
        processo = avancar(processo, operador, "visita_realizada")
        praticar(processo, operador, "emitir_parecer_preliminar", "arquivamento")
    else:
        processo = avancar(processo, operador, etapa)
    praticar(processo, operador, ato, conclusao)
    return recarregar(processo)


def reabrir(processo, operador, **dados):
    return praticar(processo, operador, REABRIR, dados=dict(DADOS[REABRIR][""]) | dados)


@pytest.mark.parametrize(("etapa", "ato", "conclusao", "fundamento", "seguinte"), VOTACOES)
def test_presidente_nao_desarquiva_o_que_uma_votacao_arquivou(
    operador, etapa, ato, conclusao, fundamento, seguinte
):
    processo = arquivado_por(operador, etapa, ato, conclusao)
    andamentos = processo.andamentos.count()

    with pytest.raises(AtoRecusado) as erro:
        praticar(processo, operador, "desarquivar")

    assert f"({fundamento})" in str(erro.value)
    assert "Reabrir por decisão do Plenário" in str(erro.value)
    assert "nova representação" in str(erro.value)
    assert recarregar(processo).estado == "arquivado"
    assert processo.andamentos.count() == andamentos


@pytest.mark.parametrize(("etapa", "ato", "conclusao", "fundamento", "seguinte"), VOTACOES)
def test_decisao_do_plenario_reabre_na_etapa_seguinte_a_votacao(
    operador, etapa, ato, conclusao, fundamento, seguinte
):
    processo = arquivado_por(operador, etapa, ato, conclusao)

    andamento = reabrir(processo, operador)

    assert andamento.estado_destino == seguinte == recarregar(processo).estado
    assert andamento.dados["numero_decisao"] == "Decisão 7/2026"


def test_pl_rejeitado_reaberto_nao_volta_a_ordem_do_dia(operador):
    """O caso relatado: o PL rejeitado pelo Plenário voltava à pauta e era aprovado."""
    processo = arquivado_por(operador, "pl_em_ordem_do_dia", "rejeitar_pl", "")

    reabrir(processo, operador)

    assert recarregar(processo).estado == "aguardando_sancao"
    assert not motivos_indisponivel(recarregar(processo), "registrar_lei")


@pytest.mark.parametrize("motivo", ["desistencia", "perda_objeto"])
def test_arquivamento_do_presidente_ele_mesmo_desarquiva(operador, motivo):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "em_instrucao")
    praticar(processo, operador, "arquivar", dados={"motivo": motivo})

    assert motivos_indisponivel(recarregar(processo), REABRIR) == [
        f"Arquivado pelo Presidente da CRT em {processo.andamentos.first().data_ato:%d/%m/%Y}"
        " (Art. 21): o arquivamento administrativo se desfaz pelo ato “Desarquivar”, do "
        "Presidente da CRT (Art. 21); não há votação a reabrir."
    ]
    praticar(processo, operador, "desarquivar")

    assert recarregar(processo).estado == "em_instrucao"


def test_veredito_do_plebiscito_nao_se_desfaz_por_desarquivar_nem_pelo_plenario(operador):
    processo = processo_no_estado(operador, "criacao", "resultado_em_analise")
    praticar(
        processo, operador, "retificar_resultado",
        dados=_rejeitado(processo), justificativa="O TRE corrigiu a apuração.",
    )  # fmt: skip
    praticar(processo, operador, "emitir_parecer_resultado", dados={"texto_parecer": "P."})
    processo = recarregar(processo)
    assert processo.estado == "arquivado"

    (desarquivar,) = motivos_indisponivel(processo, "desarquivar")
    (plenario,) = motivos_indisponivel(processo, REABRIR)

    assert "Arquivado pelo resultado do plebiscito" in desarquivar
    assert "novo ofício do TRE" in desarquivar
    assert "novo ofício do TRE" in plenario and "(Art. 20, § 1º)" in plenario


def _rejeitado(processo):
    from tests.processos.construtores import dados_resultado

    numeros = {"inscritos": 1000, "comparecimento": 1000, "sim": 400, "nao": 600}
    return dados_resultado(processo, numeros | {"brancos": 0, "nulos": 0})


@pytest.mark.parametrize(("sim", "aceito"), [(10, False), (11, True)])
def test_decisao_que_reabre_precisa_de_mais_votos_favoraveis(operador, sim, aceito):
    processo = arquivado_por(operador, "deliberacao_plenario", "deliberar_plenario", "rejeitado")
    votos = {"votos_sim": sim, "votos_nao": 10}

    if aceito:
        assert reabrir(processo, operador, **votos).estado_destino == "na_ccj"
        return
    with pytest.raises(AtoRecusado, match=r"favoráveis \(10\) não superam os contrários \(10\)"):
        reabrir(processo, operador, **votos)
    assert recarregar(processo).estado == "arquivado"


def test_decisao_sem_numero_e_recusada(operador):
    processo = arquivado_por(operador, "deliberacao_plenario", "deliberar_plenario", "rejeitado")

    with pytest.raises(AtoRecusado, match="o número da decisão"):
        reabrir(processo, operador, numero_decisao="")
    assert recarregar(processo).estado == "arquivado"


def test_pagina_diz_quem_arquivou_e_por_qual_ato(client, operador):
    processo = arquivado_por(operador, "deliberacao_plenario", "deliberar_plenario", "rejeitado")
    data = f"{processo.andamentos.first().data_ato:%d/%m/%Y}"
    client.force_login(operador)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    frase = f"Arquivado por decisão do Plenário em {data} (Art. 18, § 1º)"
    assert f"<strong>{frase}. O processo não aguarda nenhum ato." in html  # "Aguardando"
    assert f"<strong>{frase}.</strong>" in html  # a linha do tempo
    assert "Reabrir por decisão do Plenário" in html
