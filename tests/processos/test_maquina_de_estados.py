"""Cada (tipo, estado, ato) permitido ou recusado exatamente como o rito da lei.

A tabela esperada é escrita aqui a partir da lei (origens de cada ato, destinos por
conclusão e o rito de cada tipo), sem ler `processos.rito`. Só entram os estados que o tipo
alcança; que os demais são inalcançáveis decorre de todo destino obtido aqui estar na tabela
(fecho) e do rito completo de cada tipo em test_auditoria.py.
"""

import pytest

from processos.atos import ATOS
from processos.models import Andamento, AtoRecusado
from processos.services import motivos_indisponivel
from tests.processos.construtores import (
    CAMINHOS,
    DADOS,
    TODOS_OS_ATOS,
    VARIANTES,
    alcancaveis,
    avancar,
    desfeito,
    praticar,
    processo_no_estado,
    protocolar_variante,
    recarregar,
)

# Para onde desarquivar/retomar devem voltar nos processos da matriz.
ORIGEM_ARQUIVAMENTO = "em_instrucao"
ORIGEM_SOBRESTAMENTO = "na_ccj"


def esperado(variante: str, estado: str) -> dict[str, dict[str, str]]:
    """{ato: {conclusão: destino}} dos atos que o rito permite no estado."""
    caminho = CAMINHOS[variante]
    tipo = VARIANTES[variante]["tipo"]
    # fusão, incorporação e alteração de nome não passam por aguardando_certidoes
    apos_preliminar = (
        "aguardando_certidoes" if "aguardando_certidoes" in caminho else "aguardando_parecer_merito"
    )
    # extinção e revisão com plebiscito dispensado: da CCJR direto ao Projeto de Lei
    apos_ccj = "elaboracao_pdl" if "elaboracao_pdl" in caminho else "elaboracao_pl"
    origens_preliminar = {"visita_realizada"}
    if tipo == "alteracao_nome":  # Decisão: visita facultativa
        origens_preliminar.add("em_instrucao")
    nao_terminais = set(alcancaveis(variante)) - {"concluido", "arquivado"}
    tabela = [
        ("baixar_em_diligencia", {"protocolada", "em_instrucao"}, {"": "em_diligencia"}),
        ("receber_na_crt", {"protocolada", "em_diligencia"}, {"": "em_instrucao"}),
        ("registrar_visita", {"em_instrucao"}, {"": "visita_realizada"}),
        (
            "emitir_parecer_preliminar",
            origens_preliminar,
            {"solicitar_documentos": apos_preliminar, "arquivamento": "deliberacao_arquivamento"},
        ),
        (
            "deliberar_arquivamento",
            {"deliberacao_arquivamento"},
            {"aprovado": "arquivado", "rejeitado": apos_preliminar},
        ),
        ("concluir_certidoes", {"aguardando_certidoes"}, {"": "aguardando_parecer_merito"}),
        (
            "emitir_parecer_merito",
            {"aguardando_parecer_merito"},
            {"favoravel": "deliberacao_plenario", "contrario": "deliberacao_plenario"},
        ),
        (
            "deliberar_plenario",
            {"deliberacao_plenario"},
            {"aprovado": "na_ccj", "rejeitado": "arquivado"},
        ),
        (
            "registrar_parecer_ccj",
            {"na_ccj"},
            {"favoravel": apos_ccj, "contrario": "arquivado"},
        ),
        ("apresentar_pdl", {"elaboracao_pdl"}, {"": "pdl_em_tramitacao"}),
        ("publicar_decreto", {"pdl_em_tramitacao"}, {"": "decreto_publicado"}),
        ("rejeitar_pdl", {"pdl_em_tramitacao"}, {"": "arquivado"}),
        ("encaminhar_ao_tre", {"decreto_publicado"}, {"": "plebiscito_no_tre"}),
        ("registrar_resultado", {"plebiscito_no_tre"}, {"": "resultado_em_analise"}),
        # O resultado semeado (Tabocão) aprova: o veredito calculado leva ao PL.
        ("emitir_parecer_resultado", {"resultado_em_analise"}, {"": "elaboracao_pl"}),
        ("registrar_fase_tre", {"plebiscito_no_tre"}, {"": "plebiscito_no_tre"}),
        ("retificar_resultado", {"resultado_em_analise"}, {"": "resultado_em_analise"}),
        ("apresentar_pl", {"elaboracao_pl"}, {"": "pl_em_ordem_do_dia"}),
        ("aprovar_pl", {"pl_em_ordem_do_dia"}, {"": "aguardando_sancao"}),
        ("rejeitar_pl", {"pl_em_ordem_do_dia"}, {"": "arquivado"}),
        ("registrar_lei", {"aguardando_sancao"}, {"": "concluido"}),
        ("arquivar", nao_terminais, {"": "arquivado"}),
        ("desarquivar", {"arquivado"}, {"": ORIGEM_ARQUIVAMENTO}),
        ("sobrestar", nao_terminais - {"sobrestado"}, {"": "sobrestado"}),
        ("retomar", {"sobrestado"}, {"": ORIGEM_SOBRESTAMENTO}),
        # Nome e sede (os dados da tabela) só até a apresentação do PL (Art. 7º, I); daí em
        # diante nada mais se retifica e o ato fica indisponível.
        (
            "retificar_dados",
            nao_terminais - {"pl_em_ordem_do_dia", "aguardando_sancao"},
            {"": estado},
        ),
    ]
    # Art. 23: liberar os detalhes cabe em todo estado e não o muda; revogar, sem liberação
    # vigente, em nenhum.
    tabela.append(("liberar_informacao", set(alcancaveis(variante)), {"": estado}))
    return {ato: destinos for ato, origens, destinos in tabela if estado in origens}


def _origem_desvio(estado: str) -> str:
    return ORIGEM_SOBRESTAMENTO if estado == "sobrestado" else ORIGEM_ARQUIVAMENTO


MATRIZ = [(v, e) for v in VARIANTES for e in alcancaveis(v)]


def test_a_tabela_de_atos_do_teste_cobre_todos_os_atos_do_codigo():
    # Os atos praticados na tela da fase (a linha da lista de signatários) têm os seus testes
    # na fase (tests/representacao/test_correcao_da_lista.py).
    assert set(TODOS_OS_ATOS) == {nome for nome, ato in ATOS.items() if not ato.tela_da_fase}


@pytest.mark.parametrize(("variante", "estado"), MATRIZ)
def test_cada_ato_e_permitido_ou_recusado_como_no_domain(variante, estado, operador):
    processo = processo_no_estado(operador, variante, estado, origem_desvio=_origem_desvio(estado))
    andamentos_antes = processo.andamentos.count()
    disponibilidade, resultado = {}, {}
    for nome in TODOS_OS_ATOS:
        disponibilidade[nome] = motivos_indisponivel(recarregar(processo), nome) == []
        for conclusao in DADOS[nome]:
            with desfeito():
                try:
                    andamento = praticar(processo, operador, nome, conclusao)
                except AtoRecusado:
                    mudou = (
                        recarregar(processo).estado != estado
                        or processo.andamentos.count() != andamentos_antes
                    )
                    desfecho = "recusado, mas alterou o processo" if mudou else None
                else:
                    gravado = recarregar(processo).estado
                    novos = processo.andamentos.count() - andamentos_antes
                    desfecho = andamento.estado_destino
                    if gravado != desfecho or novos != 1:
                        desfecho = f"inconsistente: {gravado}, {novos} andamentos"
            if desfecho is not None:
                resultado.setdefault(nome, {})[conclusao] = desfecho

    previsto = esperado(variante, estado)
    assert resultado == previsto
    assert {n for n, pode in disponibilidade.items() if pode} == set(previsto)
    assert recarregar(processo).estado == estado
    assert processo.andamentos.count() == andamentos_antes


def test_ato_recusado_diz_em_portugues_que_nao_cabe_no_estado(operador):
    processo = processo_no_estado(operador, "criacao", "concluido")

    with pytest.raises(AtoRecusado) as erro:
        praticar(processo, operador, "arquivar")

    assert str(erro.value) == "Ato não disponível no estado atual (Concluído (lei publicada))."
    assert recarregar(processo).estado == "concluido"
    assert not Andamento.objects.filter(processo=processo, ato="arquivar").exists()


# --- destinos dos atos com conclusão, por atos reais ---------------------------------------


@pytest.mark.parametrize(
    ("variante", "destino"),
    [
        ("criacao", "aguardando_certidoes"),
        ("extincao", "aguardando_certidoes"),
        ("revisao_limites_com_plebiscito", "aguardando_certidoes"),
        ("fusao", "aguardando_parecer_merito"),
        ("incorporacao", "aguardando_parecer_merito"),
        ("alteracao_nome", "aguardando_parecer_merito"),
    ],
)
def test_parecer_preliminar_pedindo_documentos_segue_o_rito_do_tipo(variante, destino, operador):
    processo = avancar(protocolar_variante(operador, variante), operador, "visita_realizada")

    praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")

    assert recarregar(processo).estado == destino


@pytest.mark.parametrize(
    ("resultado", "destino"), [("aprovado", "arquivado"), ("rejeitado", "aguardando_certidoes")]
)
def test_plenario_decide_o_arquivamento_proposto_no_parecer_preliminar(
    resultado, destino, operador
):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")
    praticar(processo, operador, "emitir_parecer_preliminar", "arquivamento")
    assert recarregar(processo).estado == "deliberacao_arquivamento"

    praticar(processo, operador, "deliberar_arquivamento", resultado)

    assert recarregar(processo).estado == destino


@pytest.mark.parametrize(
    ("variante", "destino"),
    [
        ("criacao", "elaboracao_pdl"),
        ("fusao", "elaboracao_pdl"),
        ("alteracao_nome", "elaboracao_pdl"),
        ("revisao_limites_com_plebiscito", "elaboracao_pdl"),
        ("revisao_limites_sem_plebiscito", "elaboracao_pl"),
        ("extincao", "elaboracao_pl"),
    ],
)
def test_parecer_da_ccjr_leva_ao_pdl_ou_direto_ao_projeto_de_lei(variante, destino, operador):
    processo = avancar(protocolar_variante(operador, variante), operador, "na_ccj")

    praticar(processo, operador, "registrar_parecer_ccj", "favoravel")

    assert recarregar(processo).estado == destino


def test_parecer_contrario_da_ccjr_arquiva(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "na_ccj")

    praticar(processo, operador, "registrar_parecer_ccj", "contrario")

    assert recarregar(processo).estado == "arquivado"


@pytest.mark.parametrize(
    "origem", ["protocolada", "em_instrucao", "visita_realizada", "na_ccj", "aguardando_sancao"]
)
def test_desarquivar_devolve_ao_estado_de_onde_foi_arquivado(origem, operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, origem)
    praticar(processo, operador, "arquivar")

    praticar(processo, operador, "desarquivar")

    assert recarregar(processo).estado == origem


def test_processo_arquivado_pelo_plenario_reabre_so_por_outra_decisao_e_segue_adiante(operador):
    """Decisão: o Presidente não desfaz o voto; a Mesa registra a decisão do
    Plenário que reabre, e o processo segue à etapa seguinte — nunca a uma nova votação."""
    processo = avancar(protocolar_variante(operador, "fusao"), operador, "visita_realizada")
    praticar(processo, operador, "emitir_parecer_preliminar", "arquivamento")
    praticar(processo, operador, "deliberar_arquivamento", "aprovado")
    with pytest.raises(AtoRecusado, match="Art. 17, § 1º"):
        praticar(processo, operador, "desarquivar")

    praticar(processo, operador, "reabrir_por_decisao_do_plenario")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_desarquivar_usa_o_ultimo_arquivamento(operador):
    processo = protocolar_variante(operador, "criacao")
    praticar(processo, operador, "arquivar")
    praticar(processo, operador, "desarquivar")
    processo = avancar(processo, operador, "em_instrucao")
    praticar(processo, operador, "arquivar")

    praticar(processo, operador, "desarquivar")

    assert recarregar(processo).estado == "em_instrucao"


@pytest.mark.parametrize(
    "origem", ["protocolada", "em_diligencia", "aguardando_certidoes", "pl_em_ordem_do_dia"]
)
def test_retomar_devolve_ao_estado_de_onde_foi_sobrestado(origem, operador):
    processo = protocolar_variante(operador, "criacao")
    if origem == "em_diligencia":
        praticar(processo, operador, "baixar_em_diligencia")
    else:
        processo = avancar(processo, operador, origem)
    praticar(processo, operador, "sobrestar")

    praticar(processo, operador, "retomar")

    assert recarregar(processo).estado == origem


def test_sobrestado_arquivado_e_desarquivado_volta_sobrestado_e_retoma_de_onde_parou(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")
    praticar(processo, operador, "sobrestar")
    praticar(processo, operador, "arquivar")
    praticar(processo, operador, "desarquivar")
    assert recarregar(processo).estado == "sobrestado"

    praticar(processo, operador, "retomar")

    assert recarregar(processo).estado == "visita_realizada"
