"""As telas da fase do plebiscito: o formulário por unidade de votação, a seção
"Plebiscito" do processo, o parecer sem declaração, a página pública e a recusa do TRE."""

from unittest import mock

import pytest

from plebiscito.models import Resultado
from processos.models import Andamento
from processos.services import estados_com_atos_do_usuario
from tests.plebiscito.conftest import vigorar
from tests.plebiscito.test_resultado import RELATADO, no_tre, parecer, registrar
from tests.processos.construtores import (
    DADOS,
    dados_resultado,
    formulario_do_ato,
    para_post,
    post_resultado,
    praticar,
    recarregar,
)

AREA = "Área a desmembrar (futuro Município de Nova Fronteira do Norte)"


@pytest.fixture(autouse=True)
def sem_pdf():
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


@pytest.fixture
def logado(client, operador):
    client.force_login(operador)
    return client


def _url(processo, slug=""):
    base = f"/processos/{processo.slug}/"
    return base + (f"atos/{slug}/" if slug else "")


def test_formulario_oferece_exatamente_a_area_sob_a_abrangencia_padrao(logado, operador):
    processo = no_tre(operador)

    html = logado.get(_url(processo, "registrar-resultado")).content.decode()

    assert f"{AREA}: Eleitores inscritos" in html
    assert "território remanescente" not in html
    assert "Declaro" not in html


def test_formulario_oferece_os_remanescentes_sob_municipios_envolvidos(logado, operador, sorriso):
    vigorar("abrangencia_plebiscito", "municipios_envolvidos")
    processo = no_tre(operador, municipios=[sorriso])

    html = logado.get(_url(processo, "registrar-resultado")).content.decode()

    assert f"{AREA}: Comparecimento" in html
    assert "Sorriso (território remanescente): Comparecimento" in html


def test_formulario_da_fusao_pede_a_pergunta_sobre_a_sede(logado, operador, sorriso, sinop):
    processo = no_tre(operador, "fusao", municipios=[sorriso, sinop], nome="Sinop")

    html = logado.get(_url(processo, "registrar-resultado")).content.decode()

    assert "Sinop: Sede — Sim" in html and "Sorriso: Sede — Nulos" in html
    assert "Art. 4º, parágrafo único" in html


@pytest.mark.parametrize(
    ("campo", "valor", "mensagem"),
    [
        ("area_nulos", "49", "deve ser igual ao comparecimento (2.175)"),
        ("area_comparecimento", "3000", "não pode superar os eleitores inscritos"),
        ("area_sim", "-5", "maior ou igual a 0"),
        ("area_sim", "1.561,5", "Informe um número inteiro."),
        ("area_inscritos", "", "Este campo é obrigatório."),
    ],
)
def test_numeros_incoerentes_voltam_com_o_erro_junto_ao_campo(
    logado, operador, campo, valor, mensagem
):
    processo = no_tre(operador)
    dados = formulario_do_ato(processo, "registrar_resultado") | {campo: valor}

    resposta = logado.post(_url(processo, "registrar-resultado"), dados)

    assert resposta.status_code == 400
    html = resposta.content.decode()
    alvo = "area_comparecimento" if campo == "area_nulos" else campo
    inicio = html.index(f'id="id_{alvo}_erro"')
    assert mensagem in html[inicio : inicio + 400]
    assert recarregar(processo).estado == "plebiscito_no_tre"
    assert not Resultado.objects.exists()


def test_resultado_registrado_aparece_na_secao_plebiscito(logado, operador):
    processo = no_tre(operador)

    resposta = logado.post(
        _url(processo, "registrar-resultado"), formulario_do_ato(processo, "registrar_resultado")
    )

    assert resposta.status_code == 302
    html = logado.get(_url(processo)).content.decode()
    secao = html[html.index('id="titulo-plebiscito"') :]
    assert AREA in secao and "2.719" in secao and "1.561" in secao
    for regra in ("lc23_literal", "maioria_simples_validos", "maioria_comparecimento"):
        assert f'data-regra="{regra}"' in secao
    assert "(regra que governa)" in secao
    assert "Maioria absoluta dos eleitores inscritos (LC 23/1992, Art. 11, § 2º)" in secao
    assert "Abrangência da consulta em vigor" in html  # na linha do tempo, por extenso
    assert "area_desmembrada" not in html


def test_parecer_mostra_as_leituras_e_o_destino_sem_declaracao(logado, operador):
    processo = no_tre(operador)
    registrar(processo, operador, RELATADO)

    html = logado.get(_url(processo, "emitir-parecer-resultado")).content.decode()

    assert "Declaro" not in html and 'name="conclusao"' not in html
    assert "O processo passará para: <strong>Arquivado</strong>" in html
    assert "Sim × 2 = 2.400 ≤ 2.719 inscritos" in html
    assert "Sim 1.200 &gt; Não 250" in html
    post = para_post(DADOS["emitir_parecer_resultado"][""]) | {
        "data_ato": formulario_do_ato(processo, "emitir_parecer_resultado")["data_ato"],
        "estado_esperado": "resultado_em_analise",
        "versao_resultado": "1",
        # campos antigos enviados por um formulário forjado não têm efeito
        "conclusao": "favoravel",
        "declara_plebiscito_aprovado": "on",
    }
    resposta = logado.post(_url(processo, "emitir-parecer-resultado"), post)
    assert resposta.status_code == 302
    assert recarregar(processo).estado == "arquivado"


def test_retificacao_parte_dos_numeros_vigentes_e_mostra_a_versao_anterior(logado, operador):
    processo = no_tre(operador)
    registrar(processo, operador)
    processo = recarregar(processo)

    html = logado.get(_url(processo, "retificar-resultado")).content.decode()
    assert 'name="area_sim" id="id_area_sim" value="1.561"' in html
    post = formulario_do_ato(processo, "retificar_resultado")
    post |= post_resultado(processo, dados_resultado(processo, RELATADO))
    resposta = logado.post(_url(processo, "retificar-resultado"), post)

    assert resposta.status_code == 302
    pagina = logado.get(_url(processo)).content.decode()
    assert "Resultado — versão 2" in pagina
    assert "Versões anteriores do resultado (1)" in pagina
    assert "Retificar resultado do plebiscito" in pagina  # na linha do tempo


def test_pagina_publica_mostra_resultado_decreto_e_lei(client, operador):
    processo = no_tre(operador)
    for ato, dados in (
        ("publicar_decreto", {"numero_decreto": "2.944"}),
        ("registrar_lei", {"numero_lei": "7.266"}),
    ):
        Andamento.objects.create(
            processo=processo,
            ato=ato,
            estado_origem="x",
            estado_destino="y",
            usuario=operador,
            data_ato="2020-03-02",
            dados=dados,
        )
    registrar(processo, operador)
    parecer(processo, operador)

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    secao = html[html.index('id="titulo-plebiscito"') :]
    assert "Decreto Legislativo nº <strong>2.944</strong>" in secao
    assert "Lei nº <strong>7.266</strong>" in secao
    assert "2.719" in secao and "aprovado" in secao
    assert "versão" not in secao  # histórico interno fica na área interna


def test_recusa_do_tre_oferece_ao_presidente_sobrestar_com_o_fundamento(
    client, operador, servidor, presidente
):
    processo = no_tre(operador)
    dados = dict(DADOS["registrar_fase_tre"][""], fase="recusado", referencia="Acórdão 1/2026")
    praticar(processo, operador, "registrar_fase_tre", dados=dados)

    client.force_login(servidor)
    assert (
        "Sobrestar o processo com esse fundamento"
        not in client.get(_url(processo)).content.decode()
    )
    client.force_login(presidente)
    html = client.get(_url(processo)).content.decode()
    assert "Realização recusada pelo TRE" in html and "Acórdão 1/2026" in html
    inicio = html.index("Sobrestar o processo com esse fundamento")
    href = html[
        html.rindex('href="', 0, inicio) + 6 : html.index('"', html.rindex('href="', 0, inicio) + 6)
    ]

    formulario = client.get(href.replace("&amp;", "&")).content.decode()

    assert '<option value="bloqueio_federal" selected>' in formulario
    assert "EC 15/1996" in formulario


def test_fase_no_tre_nao_conta_como_ato_pendente_no_painel(servidor):
    assert "plebiscito_no_tre" not in estados_com_atos_do_usuario(servidor)
