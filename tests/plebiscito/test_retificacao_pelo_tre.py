"""O veredito do plebiscito muda só pelo TRE (Art. 20, § 1º) e é lido pela regra em vigor no
dia da consulta (Art. 11; tempus regit actum): depois do parecer, a retificação exige um novo
ofício do TRE e devolve o processo à análise do resultado, onde o parecer é recalculado."""

from datetime import timedelta
from unittest import mock

import pytest

from plebiscito.models import Resultado
from processos.models import AtoRecusado
from tests.plebiscito.conftest import vigorar
from tests.processos.construtores import (
    TABOCAO,
    dados_resultado,
    praticar,
    processo_no_estado,
    recarregar,
)

# O caso relatado: 1.000 inscritos, 400 Sim — rejeitado pela regra que governa.
REJEITADO = {"inscritos": 1000, "comparecimento": 1000, "sim": 400, "nao": 600}
REJEITADO |= {"brancos": 0, "nulos": 0}


@pytest.fixture(autouse=True)
def sem_pdf():
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


def analisado(operador, numeros):
    """Resultado registrado e parecer emitido; devolve o processo depois do parecer."""
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    praticar(processo, operador, "registrar_resultado", dados=dados_resultado(processo, numeros))
    praticar(processo, operador, "emitir_parecer_resultado", dados={"texto_parecer": "P."})
    return recarregar(processo)


def retificar(processo, operador, numeros=TABOCAO, **oficio):
    dados = dados_resultado(processo, numeros) | oficio
    return praticar(processo, operador, "retificar_resultado", dados=dados)


def test_retificar_depois_do_parecer_sem_novo_oficio_e_recusado(operador):
    processo = analisado(operador, REJEITADO)
    assert processo.estado == "arquivado"

    with pytest.raises(AtoRecusado, match=r"novo ofício do TRE .* \(Art. 20, § 1º\)"):
        retificar(processo, operador)  # o mesmo ofício 1/2026

    assert recarregar(processo).estado == "arquivado"
    assert Resultado.objects.filter(processo=processo).count() == 1


def test_novo_oficio_do_tre_reabre_a_analise_e_o_parecer_e_recalculado(operador):
    processo = analisado(operador, REJEITADO)

    andamento = retificar(processo, operador, oficio_tre="9/2026")
    parecer = praticar(
        processo, operador, "emitir_parecer_resultado", dados={"texto_parecer": "P."}
    )

    assert andamento.estado_destino == "resultado_em_analise"
    assert parecer.dados["apuracao"]["versao_resultado"] == 2
    assert parecer.estado_destino == "elaboracao_pl"


def test_novo_oficio_anterior_ao_registrado_e_recusado(operador):
    processo = analisado(operador, REJEITADO)
    anterior = Resultado.objects.vigente(processo).data_oficio_tre - timedelta(days=1)

    with pytest.raises(AtoRecusado, match="não anterior a ele"):
        retificar(
            processo,
            operador,
            oficio_tre="9/2026",
            data_oficio_tre=anterior,
            data_consulta=anterior,
        )


def test_parecer_favoravel_tambem_so_muda_por_novo_oficio(operador):
    processo = analisado(operador, TABOCAO)
    assert processo.estado == "elaboracao_pl"

    with pytest.raises(AtoRecusado, match="novo ofício do TRE"):
        retificar(processo, operador, REJEITADO)
    retificar(processo, operador, REJEITADO, oficio_tre="9/2026")

    assert recarregar(processo).estado == "resultado_em_analise"


def test_arquivamento_do_presidente_nao_se_reabre_pela_retificacao(operador):
    processo = processo_no_estado(operador, "criacao", "arquivado")

    with pytest.raises(AtoRecusado, match="Arquivado pelo Presidente da CRT"):
        retificar(processo, operador, oficio_tre="9/2026")


@pytest.mark.parametrize(("vigencia", "destino"), [(1, "arquivado"), (0, "elaboracao_pl")])
def test_regra_do_plebiscito_e_a_do_dia_da_consulta(operador, vigencia, destino):
    """Uma versão da regra criada depois da votação não muda o veredito (tempus regit
    actum); a que já vigorava no dia da consulta governa."""
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    dados = dados_resultado(processo, REJEITADO | {"sim": 600, "nao": 400})
    dados["unidades"][0] |= {"comparecimento": 1000, "inscritos": 2000}  # literal rejeita
    consulta = dados["data_consulta"]
    vigorar("regra_plebiscito", "maioria_simples_validos", desde=consulta + timedelta(vigencia))
    praticar(processo, operador, "registrar_resultado", dados=dados)

    parecer = praticar(
        processo, operador, "emitir_parecer_resultado", dados={"texto_parecer": "P."}
    )

    assert parecer.estado_destino == destino
    versao = parecer.dados["apuracao"]["versao_regra"]
    assert versao["data_consulta"] == consulta.isoformat()
    assert (versao["vigencia_inicio"] == consulta.isoformat()) == (vigencia == 0)
    assert versao["valor"] == ("lc23_literal" if vigencia else "maioria_simples_validos")
    assert versao["texto"].startswith(f"em vigor na data da consulta ({consulta:%d/%m/%Y})")


def test_consulta_posterior_ao_oficio_do_tre_e_recusada(operador):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    dados = dados_resultado(processo)
    dados["data_consulta"] = dados["data_oficio_tre"] + timedelta(days=1)

    with pytest.raises(AtoRecusado, match="consulta não pode ser posterior"):
        praticar(processo, operador, "registrar_resultado", dados=dados)
    assert not Resultado.objects.exists()


def test_resultado_sem_data_da_consulta_e_recusado(operador):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    dados = dados_resultado(processo) | {"data_consulta": None}

    with pytest.raises(AtoRecusado, match="data da consulta"):
        praticar(processo, operador, "registrar_resultado", dados=dados)
    assert not Resultado.objects.exists()


def test_formulario_pede_a_data_da_consulta_e_a_pagina_a_mostra(client, operador):
    from tests.processos.construtores import formulario_do_ato, post_resultado

    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    url = f"/processos/{processo.slug}/atos/registrar-resultado/"
    client.force_login(operador)
    assert "Data da consulta (dia da votação)" in client.get(url).content.decode()
    dados = dados_resultado(processo)
    post = formulario_do_ato(processo, "registrar_resultado") | post_resultado(processo, dados)

    assert client.post(url, post).status_code == 302
    pagina = client.get(f"/processos/{processo.slug}/").content.decode()
    assert f"consulta realizada em {dados['data_consulta']:%d/%m/%Y}" in pagina


def test_caso_relatado_rejeitado_e_arquivado_nao_volta_pelo_presidente_nem_pela_mesa(operador):
    """O defeito relatado, passo a passo: rejeitado pela regra que governa (1.000 inscritos,
    400 Sim) e arquivado, o processo era desarquivado pelo Presidente, retificado pela Mesa e
    levado à lei. Agora cada passo é recusado e nada se grava (Art. 20, § 1º)."""
    processo = analisado(operador, REJEITADO)
    assert processo.estado == "arquivado"
    andamentos = processo.andamentos.count()

    for ato in ("desarquivar", "reabrir_por_decisao_do_plenario"):
        with pytest.raises(AtoRecusado, match="Arquivado pelo resultado do plebiscito"):
            praticar(processo, operador, ato)
    with pytest.raises(AtoRecusado, match=r"novo ofício do TRE .* \(Art. 20, § 1º\)"):
        retificar(processo, operador)  # o mesmo ofício 1/2026, números que aprovariam

    assert recarregar(processo).estado == "arquivado"
    assert processo.andamentos.count() == andamentos
    assert Resultado.objects.filter(processo=processo).count() == 1


@pytest.mark.parametrize("mesmo", ["01/2026", " 1 / 2026 ", "001/2026"])
def test_o_mesmo_oficio_escrito_de_outro_jeito_nao_e_novo_oficio(operador, mesmo):
    """O número do ofício comparado como número: zeros à esquerda e espaços não fazem do
    mesmo ofício do TRE um novo (Art. 20, § 1º)."""
    processo = analisado(operador, REJEITADO)

    with pytest.raises(AtoRecusado, match="novo ofício do TRE"):
        retificar(processo, operador, oficio_tre=mesmo)
    assert recarregar(processo).estado == "arquivado"
    assert Resultado.objects.filter(processo=processo).count() == 1


def test_resultado_gravado_sem_a_data_da_consulta_pede_a_data_antes_do_parecer(operador):
    """Tempus regit actum (Art. 11, § 2º): o resultado gravado antes de a data da consulta ser
    registrada não é lido pela regra do dia do parecer; a Mesa registra a data retificando o
    resultado (antes do parecer, o mesmo ofício do TRE serve) e o parecer então se emite."""
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    praticar(processo, operador, "registrar_resultado", dados=dados_resultado(processo, REJEITADO))
    Resultado.objects.filter(processo=processo).update(data_consulta=None)  # gravado antes

    recusa = r"não traz a data da consulta.*\(Art\. 11, § 2º.*“Retificar resultado"
    with pytest.raises(AtoRecusado, match=recusa):
        praticar(processo, operador, "emitir_parecer_resultado", dados={"texto_parecer": "P."})
    assert recarregar(processo).estado == "resultado_em_analise"

    retificar(processo, operador, REJEITADO)
    parecer = praticar(
        processo, operador, "emitir_parecer_resultado", dados={"texto_parecer": "P."}
    )
    assert parecer.estado_destino == "arquivado"
    assert parecer.dados["apuracao"]["versao_regra"]["data_consulta"] is not None
