"""Votos coerentes com o resultado: quem registra uma votação do Plenário não
grava "5 favoráveis × 15 contrários" como "pela tramitação" (maioria simples,
requisitos.votacoes). No formulário (erro no campo, nada gravado) e no serviço."""

import pytest
from django.urls import reverse

from processos.models import AtoRecusado
from tests.processos.construtores import (
    DADOS,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    recarregar,
)

CINCO_A_QUINZE = {"votos_sim": 5, "votos_nao": 15}


def _post(client, processo, slug, post):
    return client.post(reverse("processos:ato", args=[processo.slug, slug]), post)


def test_cinco_contra_quinze_pela_tramitacao_e_recusado_no_formulario(client, operador):
    """Art. 18, § 1º: o relato."""
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)
    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado", **CINCO_A_QUINZE)
    resposta = _post(client, processo, "deliberar-plenario", post)
    assert resposta.status_code == 400
    assert (
        "Os votos (5 favoráveis × 15 contrários) dão o resultado “pelo arquivamento”, e não "
        "“pela tramitação”" in resposta.content.decode()
    )
    assert recarregar(processo).estado == "deliberacao_plenario"


def test_cinco_contra_quinze_pelo_arquivamento_e_gravado(client, operador):
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)
    post = formulario_do_ato(processo, "deliberar_plenario", "rejeitado", **CINCO_A_QUINZE)
    assert _post(client, processo, "deliberar-plenario", post).status_code == 302
    assert recarregar(processo).estado == "arquivado"


def test_empate_e_recusado_pedindo_o_voto_de_desempate(operador):
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    dados = DADOS["deliberar_plenario"]["aprovado"] | {"votos_sim": 10, "votos_nao": 10}
    with pytest.raises(AtoRecusado, match=r"Empate \(10 × 10\)"):
        praticar(processo, operador, "deliberar_plenario", dados=dados)
    assert recarregar(processo).estado == "deliberacao_plenario"


@pytest.mark.parametrize(
    ("estado", "nome_ato", "conclusao", "recusado", "aceito"),
    [
        # Art. 17, § 1º: arquivamento aprovado exige maioria pelo arquivamento.
        ("deliberacao_arquivamento", "deliberar_arquivamento", "aprovado", (10, 11), (11, 10)),
        ("deliberacao_arquivamento", "deliberar_arquivamento", "rejeitado", (11, 10), (10, 11)),
        ("pdl_em_tramitacao", "rejeitar_pdl", "", (11, 10), (10, 11)),  # Art. 19
        ("pl_em_ordem_do_dia", "aprovar_pl", "", (10, 11), (11, 10)),  # Art. 20, § 2º
        ("pl_em_ordem_do_dia", "rejeitar_pl", "", (11, 10), (10, 11)),
    ],
)
def test_cada_votacao_nos_dois_lados(operador, estado, nome_ato, conclusao, recusado, aceito):
    processo = processo_no_estado(operador, "criacao", estado)
    base = DADOS[nome_ato][conclusao]
    sim, nao = recusado
    with pytest.raises(AtoRecusado, match=rf"Os votos \({sim} favoráveis × {nao} contrários\)"):
        praticar(processo, operador, nome_ato, dados=base | {"votos_sim": sim, "votos_nao": nao})
    assert recarregar(processo).estado == estado
    sim, nao = aceito
    praticar(processo, operador, nome_ato, dados=base | {"votos_sim": sim, "votos_nao": nao})
    assert recarregar(processo).estado != estado


def test_votacao_simbolica_sem_numeros_vale_o_resultado_declarado(operador):
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    dados = {"sessao_numero": "42ª Ordinária", "resultado": "aprovado"}
    praticar(processo, operador, "deliberar_plenario", dados=dados)
    assert recarregar(processo).estado == "na_ccj"
