"""Art. 1º, caput e § 1º: a criação, a incorporação e a fusão preservam a continuidade e a
unidade histórico-cultural do ambiente urbano; a análise é da CRT, registrada no parecer de
mérito com o seu fundamento e impressa nele."""

import pytest

from documentos.models import Documento
from processos.models import AtoRecusado
from tests.documentos.auxiliares import sem_espacos, texto
from tests.processos.construtores import (
    DADOS,
    FUNDAMENTO_UNIDADE,
    praticar,
    processo_no_estado,
    recarregar,
)

pytestmark = pytest.mark.django_db

FAVORAVEL = DADOS["emitir_parecer_merito"]["favoravel"]
SEM_ANALISE = {"conclusao": "favoravel", "texto_parecer": "Parecer de mérito."}


def _no_merito(operador, variante="criacao"):
    return processo_no_estado(operador, variante, "aguardando_parecer_merito")


def test_art1_p1_favoravel_sem_a_analise_e_recusado(operador):
    processo = _no_merito(operador)

    with pytest.raises(AtoRecusado, match=r"registre a análise da CRT .*\(Art\. 1º, § 1º\)"):
        praticar(processo, operador, "emitir_parecer_merito", dados=dict(SEM_ANALISE))

    assert recarregar(processo).estado == "aguardando_parecer_merito"


@pytest.mark.parametrize("variante", ["fusao", "incorporacao"])
def test_art1_caput_fusao_e_incorporacao_tambem_exigem_a_analise(operador, variante):
    processo = _no_merito(operador, variante)

    with pytest.raises(AtoRecusado, match=r"Art\. 1º, § 1º"):
        praticar(processo, operador, "emitir_parecer_merito", dados=dict(SEM_ANALISE))


@pytest.mark.parametrize(
    ("fundamento", "passa"),
    [("x" * 19, False), ("x" * 20, True)],
)
def test_art1_p1_fundamento_de_20_caracteres_no_minimo(operador, fundamento, passa):
    processo = _no_merito(operador)
    dados = FAVORAVEL | {"fundamento_unidade": fundamento}

    if passa:
        praticar(processo, operador, "emitir_parecer_merito", dados=dados)
        assert recarregar(processo).estado == "deliberacao_plenario"
    else:
        with pytest.raises(AtoRecusado, match=r"escreva o fundamento .*ao menos 20"):
            praticar(processo, operador, "emitir_parecer_merito", dados=dados)


def test_art1_p1_favoravel_com_a_unidade_preservada_e_fundamentada_passa(operador):
    processo = _no_merito(operador)

    andamento = praticar(processo, operador, "emitir_parecer_merito", dados=dict(FAVORAVEL))

    assert andamento.dados["unidade_historico_cultural"] == "preservada"
    assert andamento.dados["fundamento_unidade"] == FUNDAMENTO_UNIDADE


def test_art1_caput_favoravel_com_a_unidade_nao_preservada_e_recusado(operador):
    processo = _no_merito(operador)
    dados = FAVORAVEL | {"unidade_historico_cultural": "nao_preservada"}

    with pytest.raises(AtoRecusado, match=r"não preserva .*\(Art\. 1º, caput e § 1º\)"):
        praticar(processo, operador, "emitir_parecer_merito", dados=dados)


def test_art1_p1_contrario_nao_exige_a_analise(operador):
    processo = _no_merito(operador)

    praticar(processo, operador, "emitir_parecer_merito", "contrario")

    assert recarregar(processo).estado == "deliberacao_plenario"


def test_art1_p1_alteracao_de_nome_nao_tem_a_analise(operador):
    processo = _no_merito(operador, "alteracao_nome")

    andamento = praticar(processo, operador, "emitir_parecer_merito", dados=dict(FAVORAVEL))

    assert "unidade_historico_cultural" not in andamento.dados


def test_art1_p1_o_parecer_de_merito_imprime_a_analise_e_o_fundamento(operador, emissao_real):
    processo = _no_merito(operador, "fusao")

    praticar(processo, operador, "emitir_parecer_merito", dados=dict(FAVORAVEL))

    doc = Documento.objects.get(processo=processo, tipo="parecer_merito")
    conteudo = sem_espacos(texto(doc.arquivo.path))
    assert sem_espacos("unidade histórico-cultural do ambiente urbano são preservadas") in conteudo
    assert sem_espacos(f"Fundamento: {FUNDAMENTO_UNIDADE}") in conteudo


def test_art1_p1_o_formulario_pede_a_analise_so_nos_tipos_do_art1(client, presidente, operador):
    client.force_login(presidente)
    criacao = _no_merito(operador)
    nome = _no_merito(operador, "alteracao_nome")

    url = "/processos/{}/atos/emitir-parecer-merito/"
    pagina_criacao = client.get(url.format(criacao.slug)).content.decode()
    pagina_nome = client.get(url.format(nome.slug)).content.decode()

    assert "Fundamento da análise (Art. 1º, § 1º)" in pagina_criacao
    assert "Fundamento da análise" not in pagina_nome
