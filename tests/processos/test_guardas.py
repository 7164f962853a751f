"""Guardas dos atos: declarações, Art. 2º § 1º, Art. 7º I, Art. 2º V, Art. 3º."""

from datetime import date
from unittest import mock

import pytest

from processos.models import Andamento, AtoRecusado
from processos.services import motivos_indisponivel
from requisitos.models import ParametroLegal
from tests.processos.construtores import (
    DADOS,
    avancar,
    dados_resultado,
    praticar,
    processo_no_estado,
    protocolar_variante,
    recarregar,
    responder_oficios,
)


def _sem(nome_ato: str, *campos: str, conclusao: str = "") -> dict:
    return {k: v for k, v in DADOS[nome_ato][conclusao].items() if k not in campos}


def _recusado(processo, usuario, nome_ato, dados, conclusao="") -> str:
    """Pratica o ato esperando a recusa; confere que nada mudou e devolve a mensagem."""
    estado, andamentos = processo.estado, processo.andamentos.count()
    with pytest.raises(AtoRecusado) as erro:
        praticar(processo, usuario, nome_ato, conclusao, dados=dados)
    assert recarregar(processo).estado == estado
    assert processo.andamentos.count() == andamentos
    return str(erro.value)


def _certidao_do_tre(processo, **numeros):
    from instrucao.models import FiguraCertidao

    FiguraCertidao.objects.filter(
        certidao__oficio__processo=processo, certidao__oficio__orgao="tre", chave="area"
    ).update(**numeros)


def test_recusa_parecer_de_merito_na_criacao_sem_os_numeros_do_art2(operador):
    processo = processo_no_estado(operador, "criacao", "aguardando_parecer_merito")
    _certidao_do_tre(processo, eleitores=None)  # o TRE respondeu sem o eleitorado da área

    mensagem = _recusado(
        processo,
        operador,
        "emitir_parecer_merito",
        dict(DADOS["emitir_parecer_merito"]["contrario"]),
    )

    assert "Não é possível avaliar o Art. 2º com as certidões recebidas" in mensagem
    assert "Falta eleitores (Art. 2º, II)" in mensagem


def test_recusa_parecer_de_merito_favoravel_quando_falta_um_requisito(operador):
    processo = processo_no_estado(operador, "criacao", "aguardando_parecer_merito")
    _certidao_do_tre(processo, eleitores=799)  # 799 × 100 < 20 × 4.000

    mensagem = _recusado(
        processo,
        operador,
        "emitir_parecer_merito",
        dict(DADOS["emitir_parecer_merito"]["favoravel"]),
    )

    assert "requisitos indispensáveis não atendidos (Art. 2º e § 1º)" in mensagem
    assert "Art. 2º, II" in mensagem


def test_parecer_de_merito_contrario_na_criacao_e_registrado_com_a_avaliacao(operador):
    processo = processo_no_estado(operador, "criacao", "aguardando_parecer_merito")
    _certidao_do_tre(processo, eleitores=799)

    andamento = praticar(processo, operador, "emitir_parecer_merito", "contrario")

    assert recarregar(processo).estado == "deliberacao_plenario"
    assert andamento.dados["avaliacao_art2"]["atende"] is False


def test_recusa_parecer_favoravel_sem_condicoes_de_instalacao_na_visita(operador):
    """Art. 2º, V: apurado pela CRT in loco — a visita registrou que não há condições."""
    processo = processo_no_estado(operador, "criacao", "aguardando_parecer_merito")
    Andamento.objects.filter(processo=processo, ato="registrar_visita").update(
        dados={"condicoes_instalacao": False}
    )

    mensagem = _recusado(
        processo,
        operador,
        "emitir_parecer_merito",
        dict(DADOS["emitir_parecer_merito"]["favoravel"]),
    )

    assert "Art. 2º, V" in mensagem


@pytest.mark.parametrize("variante", ["fusao", "incorporacao", "alteracao_nome", "extincao"])
def test_parecer_de_merito_favoravel_sem_art2_nos_tipos_que_o_dispensam(variante, operador):
    processo = processo_no_estado(operador, variante, "aguardando_parecer_merito")
    praticar(processo, operador, "emitir_parecer_merito", "favoravel")

    assert recarregar(processo).estado == "deliberacao_plenario"


@pytest.mark.parametrize("variante", ["criacao", "fusao"])
def test_recusa_projeto_de_lei_com_nome_diferente_da_sede(variante, operador):
    processo = processo_no_estado(
        operador, variante, "elaboracao_pl", nome="Nova Fronteira", sede="Vila Esperança"
    )

    mensagem = _recusado(processo, operador, "apresentar_pl", DADOS["apresentar_pl"][""])

    assert mensagem == "O nome do município deve ser o da sede (Art. 7º, I)."
    assert motivos_indisponivel(recarregar(processo), "apresentar_pl") == [mensagem]


def test_nome_igual_a_sede_ignora_acentos_maiusculas_e_hifens(operador):
    processo = processo_no_estado(
        operador,
        "criacao",
        "elaboracao_pl",
        nome="Águas Claras-do Leste",
        sede="aguas claras do leste",
    )

    praticar(processo, operador, "apresentar_pl")

    assert recarregar(processo).estado == "pl_em_ordem_do_dia"


def test_revisao_de_limites_nao_exige_nome_igual_a_sede(operador):
    processo = processo_no_estado(
        operador, "revisao_limites_sem_plebiscito", "elaboracao_pl", nome="Divisa Norte", sede=""
    )

    praticar(processo, operador, "apresentar_pl")

    assert recarregar(processo).estado == "pl_em_ordem_do_dia"


def test_projeto_de_lei_da_criacao_exige_declarar_que_o_nome_nao_e_de_pessoa_viva(operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")

    mensagem = _recusado(
        processo, operador, "apresentar_pl", _sem("apresentar_pl", "declara_pessoa_viva")
    )

    assert "pessoa viva (Art. 6º)" in mensagem


def test_projeto_de_lei_com_nome_repetido_no_pais_fica_indisponivel(operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl", nome="Sinop", sede="Sinop")

    mensagem = _recusado(processo, operador, "apresentar_pl", DADOS["apresentar_pl"][""])

    assert mensagem.startswith("Nome recusado pelo Art. 6º")
    assert "Sinop/MT" in mensagem


def test_art6_nome_com_composto_por_hifen_sao_tres_palavras_e_o_pl_e_apresentado(operador):
    """O caso relatado: "Nova Ji-Paraná do Sul" contava 4 palavras (o hífen partia o composto)
    e o Projeto de Lei ficava sem saída; são 3 (Nova, Ji-Paraná, Sul), o limite do Art. 6º."""
    nome = "Nova Ji-Paraná do Sul"
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl", nome=nome, sede=nome)

    praticar(processo, operador, "apresentar_pl", dados=dict(DADOS["apresentar_pl"][""]))

    assert recarregar(processo).estado == "pl_em_ordem_do_dia"


def test_art6_uma_palavra_alem_das_tres_recusa_o_pl(operador):
    """O outro lado do limite: 4 palavras contadas (Nova, Ji-Paraná, Sul, Verde)."""
    nome = "Nova Ji-Paraná do Sul Verde"
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl", nome=nome, sede=nome)

    mensagem = _recusado(processo, operador, "apresentar_pl", DADOS["apresentar_pl"][""])

    assert mensagem.startswith("Nome recusado pelo Art. 6º")
    assert "O nome tem 4 palavras (Nova, Ji-Paraná, Sul, Verde)" in mensagem


def test_visita_na_criacao_exige_o_veredito_do_art2_v(operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")

    mensagem = _recusado(
        processo, operador, "registrar_visita", _sem("registrar_visita", "condicoes_instalacao")
    )

    assert "Art. 2º, V" in mensagem


def test_recusa_concluir_certidoes_da_criacao_se_a_visita_nao_registrou_o_art2_v(operador):
    processo = processo_no_estado(operador, "criacao", "aguardando_certidoes")
    # A visita semeada pelo construtor é substituída por uma sem o Art. 2º, V.
    Andamento.objects.filter(processo=processo, ato="registrar_visita").update(
        dados={"membros_presentes": "Dep. A"}
    )

    mensagem = _recusado(processo, operador, "concluir_certidoes", DADOS["concluir_certidoes"][""])

    assert mensagem == "A verificação in loco do Art. 2º, V não foi registrada na visita."


def test_criacao_com_visita_que_negou_condicoes_de_instalacao_pode_concluir_certidoes(operador):
    """O guarda exige a verificação registrada; o resultado negativo pesa no parecer de
    mérito (Art. 2º, V), não impede juntar as certidões."""
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "em_instrucao")
    praticar(
        processo,
        operador,
        "registrar_visita",
        dados=DADOS["registrar_visita"][""] | {"condicoes_instalacao": False},
    )
    praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")
    responder_oficios(processo, operador)

    praticar(processo, operador, "concluir_certidoes")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_extincao_conclui_certidoes_sem_veredito_do_art2_v(operador):
    processo = processo_no_estado(operador, "extincao", "aguardando_certidoes")
    Andamento.objects.filter(processo=processo, ato="registrar_visita").delete()

    praticar(processo, operador, "concluir_certidoes")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_parecer_sobre_o_resultado_rejeitado_arquiva_mesmo_com_declaracao_e_conclusao(operador):
    """Art. 11, § 2º e Art. 20, § 1º: não há declaração que faça passar um plebiscito
    rejeitado — os campos antigos enviados ao serviço não mudam o veredito calculado."""
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    rejeitado = {"sim": 1000, "nao": 1000, "brancos": 100, "nulos": 75}  # 2.000 ≤ 2.719
    praticar(processo, operador, "registrar_resultado", dados=dados_resultado(processo, rejeitado))
    dados = dict(DADOS["emitir_parecer_resultado"][""])
    dados |= {"conclusao": "favoravel", "declara_plebiscito_aprovado": True}

    andamento = praticar(processo, operador, "emitir_parecer_resultado", dados=dados)

    assert andamento.estado_destino == "arquivado"
    assert andamento.dados["conclusao"] == "contrario"
    assert andamento.dados["apuracao"]["aprovado"] is False


# --- Art. 3º: eleição de 01/10/2028, permitido até 01/04/2028 inclusive -------------------

ULTIMO_DIA_PERMITIDO = date(2028, 4, 1)
PRIMEIRO_DIA_VEDADO = date(2028, 4, 2)


def _art3_vigente(valor: str = "true") -> None:
    ParametroLegal.objects.create(
        nome="art3_vigente",
        valor=valor,
        vigencia_inicio=date(2026, 1, 1),
        fundamento="Teste: reaplicação hipotética do Art. 3º",
    )


def _em(dia: date):
    return mock.patch("django.utils.timezone.localdate", return_value=dia)


@pytest.mark.parametrize("nome_ato", ["aprovar_pl", "registrar_lei"])
@pytest.mark.parametrize("variante", ["criacao", "incorporacao", "extincao"])
def test_art3_vigente_recusa_o_ato_dentro_da_janela_eleitoral(variante, nome_ato, operador):
    _art3_vigente()
    estado = {"aprovar_pl": "pl_em_ordem_do_dia", "registrar_lei": "aguardando_sancao"}[nome_ato]
    processo = processo_no_estado(operador, variante, estado)

    with _em(PRIMEIRO_DIA_VEDADO):
        mensagem = _recusado(processo, operador, nome_ato, DADOS[nome_ato][""])

    assert mensagem == "Vedado pelo Art. 3º: período de seis meses antes da eleição municipal."


@pytest.mark.parametrize("variante", ["criacao", "incorporacao", "extincao"])
def test_art3_vigente_permite_aprovar_o_pl_ate_seis_meses_antes_inclusive(variante, operador):
    _art3_vigente()
    processo = processo_no_estado(operador, variante, "pl_em_ordem_do_dia")

    with _em(ULTIMO_DIA_PERMITIDO):
        praticar(processo, operador, "aprovar_pl")

    assert recarregar(processo).estado == "aguardando_sancao"


def test_art3_vigente_permite_aprovar_o_pl_depois_da_eleicao(operador):
    _art3_vigente()
    processo = processo_no_estado(operador, "criacao", "pl_em_ordem_do_dia")

    with _em(date(2028, 10, 2)):
        praticar(processo, operador, "aprovar_pl")

    assert recarregar(processo).estado == "aguardando_sancao"


def test_art3_desligado_nao_recusa_dentro_da_janela(operador):
    """Padrão: o Art. 3º foi declarado inconstitucional (ADPF 819) e só informa."""
    processo = processo_no_estado(operador, "criacao", "pl_em_ordem_do_dia")

    with _em(PRIMEIRO_DIA_VEDADO):
        praticar(processo, operador, "aprovar_pl")

    assert recarregar(processo).estado == "aguardando_sancao"


def test_art3_religado_e_depois_desligado_segue_a_versao_em_vigor(operador):
    _art3_vigente()
    ParametroLegal.objects.create(
        nome="art3_vigente", valor="false", vigencia_inicio=date(2028, 1, 1), fundamento="Teste"
    )
    processo = processo_no_estado(operador, "criacao", "pl_em_ordem_do_dia")

    with _em(PRIMEIRO_DIA_VEDADO):
        praticar(processo, operador, "aprovar_pl")

    assert recarregar(processo).estado == "aguardando_sancao"


@pytest.mark.parametrize("variante", ["revisao_limites_com_plebiscito", "alteracao_nome"])
def test_art3_nao_alcanca_revisao_de_limites_nem_alteracao_de_nome(variante, operador):
    _art3_vigente()
    processo = processo_no_estado(operador, variante, "pl_em_ordem_do_dia")

    with _em(PRIMEIRO_DIA_VEDADO):
        praticar(processo, operador, "aprovar_pl")

    assert recarregar(processo).estado == "aguardando_sancao"


def test_pagina_mostra_aprovar_pl_desabilitado_com_o_motivo_do_art3(client, mesa):
    _art3_vigente()
    processo = processo_no_estado(mesa, "criacao", "pl_em_ordem_do_dia")
    client.force_login(mesa)

    with _em(PRIMEIRO_DIA_VEDADO):
        html = client.get(f"/processos/{processo.slug}/").content.decode()

    assert f'href="/processos/{processo.slug}/atos/aprovar-pl/"' not in html
    assert "Aprovar PL — indisponível: Vedado pelo Art. 3º" in html
    assert f'href="/processos/{processo.slug}/atos/rejeitar-pl/"' in html
