"""Entrada ruim: mensagem clara em pt-BR, nada gravado, nunca um 500.

O cliente de teste relança qualquer exceção da view, de modo que um erro 500 derruba o
teste em vez de passar despercebido.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from processos.models import AtoRecusado, Processo
from processos.services import MENSAGEM_DESATUALIZADO
from tests.processos.construtores import (
    DADOS,
    PASSADO,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    protocolar,
    protocolar_instruido,
    recarregar,
)


@pytest.fixture
def logado(client, operador):
    client.force_login(operador)
    return client


def _postar_ato(client, processo, slug, dados):
    return client.post(f"/processos/{processo.slug}/atos/{slug}/", dados)


def _nada_mudou(processo, estado, andamentos):
    assert recarregar(processo).estado == estado
    assert processo.andamentos.count() == andamentos


def test_data_do_ato_no_futuro_e_recusada_no_formulario(logado, operador):
    processo = protocolar_instruido(operador)
    amanha = (timezone.localdate() + timedelta(days=1)).strftime("%d/%m/%Y")

    resposta = _postar_ato(
        logado,
        processo,
        "receber-na-crt",
        formulario_do_ato(processo, "receber_na_crt", data_ato=amanha),
    )

    assert resposta.status_code == 400
    assert "A data não pode ser futura." in resposta.content.decode()
    _nada_mudou(processo, "protocolada", 1)


def test_data_do_ato_no_futuro_e_recusada_pelo_servico(operador):
    processo = protocolar_instruido(operador)

    with pytest.raises(
        AtoRecusado, match=r"A data do ato \(\d\d/\d\d/\d{4}\) não pode ser futura."
    ):
        praticar(processo, operador, "receber_na_crt", data_ato=timezone.localdate() + timedelta(1))

    _nada_mudou(processo, "protocolada", 1)


def test_data_do_ato_anterior_a_do_ultimo_andamento_e_recusada(logado, operador):
    processo = protocolar_instruido(operador, data=PASSADO)
    vespera = (PASSADO - timedelta(days=1)).strftime("%d/%m/%Y")

    resposta = _postar_ato(
        logado,
        processo,
        "receber-na-crt",
        formulario_do_ato(processo, "receber_na_crt", data_ato=vespera),
    )

    assert resposta.status_code == 400
    assert (
        "A data do ato (01/03/2020) não pode ser anterior à do último andamento (02/03/2020, "
        "ato “Protocolar”)." in resposta.content.decode()
    )
    _nada_mudou(processo, "protocolada", 1)


def test_data_do_ato_igual_a_do_ultimo_andamento_e_aceita(logado, operador):
    processo = protocolar_instruido(operador, data=PASSADO)

    resposta = _postar_ato(
        logado,
        processo,
        "receber-na-crt",
        formulario_do_ato(processo, "receber_na_crt", data_ato=PASSADO.strftime("%d/%m/%Y")),
    )

    assert resposta.status_code == 302
    assert recarregar(processo).estado == "em_instrucao"


@pytest.mark.parametrize(
    ("slug", "estado"),
    [
        ("arquivar", "em_instrucao"),
        ("desarquivar", "arquivado"),
        ("sobrestar", "em_instrucao"),
        ("retomar", "sobrestado"),
    ],
)
@pytest.mark.parametrize("justificativa", ["", "   \n "])
def test_ato_que_exige_justificativa_sem_ela_e_recusado(
    logado, operador, slug, estado, justificativa
):
    processo = processo_no_estado(operador, "criacao", estado)
    andamentos = processo.andamentos.count()
    nome = slug.replace("-", "_")

    resposta = _postar_ato(
        logado, processo, slug, formulario_do_ato(processo, nome, justificativa=justificativa)
    )

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Este campo é obrigatório." in html
    assert "This field is required" not in html
    _nada_mudou(processo, estado, andamentos)


def test_servico_recusa_justificativa_em_branco(operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")

    with pytest.raises(AtoRecusado, match="O ato “Arquivar” exige justificativa."):
        praticar(processo, operador, "arquivar", justificativa="  ")

    _nada_mudou(processo, "em_instrucao", 2)


def test_formulario_desatualizado_nao_grava_e_pede_para_recarregar(logado, operador):
    processo = protocolar_instruido(operador)
    formulario = formulario_do_ato(processo, "baixar_em_diligencia")  # aberto em "protocolada"
    praticar(processo, operador, "receber_na_crt")  # outra pessoa age antes

    resposta = _postar_ato(logado, processo, "baixar-em-diligencia", formulario)

    assert resposta.status_code == 400
    assert MENSAGEM_DESATUALIZADO in resposta.content.decode()
    _nada_mudou(processo, "em_instrucao", 2)


# --- protocolar -----------------------------------------------------------------------------


def _protocolo_valido(municipio_id) -> dict:
    return {
        "tipo": "criacao",
        "nome_proposto": "Nova Fronteira do Norte",
        "sede_proposta": "Nova Fronteira do Norte",
        "municipios_origem": [municipio_id],
        "forma_encaminhamento": "comunidade",
        "representantes": "Comissão pró-emancipação",
        "data_leitura_expediente": PASSADO.strftime("%d/%m/%Y"),
    }


@pytest.mark.parametrize(
    ("valor", "mensagem"),
    [
        (
            "9999999",
            "Município desconhecido: 9999999. Escolha um município de Mato Grosso da lista.",
        ),
        ("abc", "“abc” não é um valor válido."),
    ],
)
def test_protocolar_com_municipio_desconhecido_mostra_erro_em_portugues(
    logado, sorriso, valor, mensagem
):
    resposta = logado.post("/processos/novo/", _protocolo_valido(valor))

    assert resposta.status_code in (200, 400)
    assert mensagem in resposta.content.decode()
    assert not Processo.objects.exists()


def test_protocolar_valido_cria_o_processo(logado, municipios):
    from requisitos.models import Municipio

    sorriso = Municipio.objects.get(nome="Sorriso")

    resposta = logado.post("/processos/novo/", _protocolo_valido(sorriso.pk))

    processo = Processo.objects.get()
    assert resposta.status_code == 302
    assert resposta["Location"] == f"/processos/{processo.slug}/"
    assert list(processo.municipios_origem.all()) == [sorriso]


@pytest.mark.parametrize(
    "lixo",
    [
        {},
        {"tipo": "xyz"},
        {"data_leitura_expediente": "31/02/2026"},
        {"data_leitura_expediente": "99/99/99999"},
        {"data_leitura_expediente": "01/01/2999"},
        {"area_movida_km2": "1e400", "area_total_km2": "NaN"},
        {"area_movida_km2": "Infinity", "area_total_km2": "-5"},
        {"area_movida_km2": "abc"},
        {"forma_encaminhamento": "deputado"},
        {"forma_encaminhamento": "deputado", "deputado_autor": "999999"},
        {"nome_proposto": "x" * 5000},
        {"municipios_origem": []},
        {"tipo": "incorporacao"},
    ],
)
def test_protocolar_com_lixo_responde_com_erro_de_formulario(logado, sorriso, lixo):
    dados = _protocolo_valido(sorriso.pk) | lixo
    if not lixo:
        dados = {}

    resposta = logado.post("/processos/novo/", dados)

    assert resposta.status_code in (200, 400)
    assert 'class="invalid-feedback' in resposta.content.decode() or "alert" in (
        resposta.content.decode()
    )
    assert not Processo.objects.exists()


# --- plebiscito -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("figuras", "mensagem"),
    [
        (
            {"area_sim": "1561", "area_nao": "525", "area_brancos": "41", "area_nulos": "49"},
            "Sim + Não + brancos + nulos (2.176) deve ser igual ao comparecimento (2.175).",
        ),
        (
            {"area_inscritos": "2000"},
            "O comparecimento não pode superar os eleitores inscritos.",
        ),
        ({"area_nulos": "-1"}, "Certifique-se que este valor seja maior ou igual a 0."),
        ({"area_sim": "muitos"}, "Informe um número inteiro."),
        (
            {"area_inscritos": "9" * 40},
            "Certifique-se que este valor seja menor ou igual a 100000000.",
        ),
        ({"area_nao": ""}, "Este campo é obrigatório."),
    ],
)
def test_figuras_do_plebiscito_incoerentes_sao_recusadas(logado, operador, figuras, mensagem):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    andamentos = processo.andamentos.count()

    resposta = _postar_ato(
        logado,
        processo,
        "registrar-resultado",
        formulario_do_ato(processo, "registrar_resultado", **figuras),
    )

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    _nada_mudou(processo, "plebiscito_no_tre", andamentos)


# --- lixo em qualquer ato: 400 ou 404, nunca 500 --------------------------------------------


@pytest.mark.parametrize(
    ("slug", "estado", "lixo"),
    [
        ("receber-na-crt", "protocolada", {}),
        ("receber-na-crt", "protocolada", {"data_ato": "ontem"}),
        ("receber-na-crt", "protocolada", {"data_ato": "2026-13-45"}),
        ("receber-na-crt", "protocolada", {"estado_esperado": ""}),
        ("receber-na-crt", "protocolada", {"estado_esperado": "x" * 1000}),
        ("receber-na-crt", "protocolada", {"data_publicacao": "0"}),
        ("registrar-visita", "em_instrucao", {"condicoes_instalacao": "talvez"}),
        ("emitir-parecer-preliminar", "visita_realizada", {"conclusao": "qualquer"}),
        ("deliberar-plenario", "deliberacao_plenario", {"votos_sim": "1e9", "resultado": ""}),
        ("deliberar-plenario", "deliberacao_plenario", {"votos_nao": "9" * 400}),
        ("registrar-parecer-ccj", "na_ccj", {"numero_parecer": "n" * 201}),
        ("apresentar-pl", "elaboracao_pl", {"ano_instalacao": "1500"}),
        ("apresentar-pl", "elaboracao_pl", {"data_sessao_ordem_do_dia": "32/13/2026"}),
        ("arquivar", "protocolada", {"motivo": "porque sim"}),
        ("sobrestar", "protocolada", {"fundamento": ""}),
    ],
)
def test_lixo_no_formulario_do_ato_e_recusado_sem_erro_500(logado, operador, slug, estado, lixo):
    processo = processo_no_estado(operador, "criacao", estado)
    andamentos = processo.andamentos.count()
    nome = slug.replace("-", "_")
    dados = formulario_do_ato(processo, nome, next(iter(DADOS[nome]))) | lixo if lixo else {}

    resposta = _postar_ato(logado, processo, slug, dados)

    assert resposta.status_code == 400
    _nada_mudou(processo, estado, andamentos)


@pytest.mark.parametrize("metodo", ["get", "post"])
@pytest.mark.parametrize(
    "caminho",
    [
        "/processos/{slug}/atos/ato-inventado/",
        "/processos/{slug}/atos/protocolar/",
        "/processos/{slug}/atos/ARQUIVAR/",
        "/processos/0999-2026/",
        "/processos/0999-2026/atos/arquivar/",
        "/processos/0000-0000/",
        "/processos/999999-9999/",
        "/processos/abc/",
        "/processos/1-2026/",
        "/processos/0001/2026/",
        "/processos/0001-2026x/",
    ],
)
def test_ato_ou_protocolo_inexistente_da_404(logado, operador, metodo, caminho):
    processo = protocolar_instruido(operador)

    resposta = getattr(logado, metodo)(caminho.format(slug=processo.slug))

    assert resposta.status_code == 404
    _nada_mudou(processo, "protocolada", 1)


@pytest.mark.parametrize(
    "consulta",
    [
        "pagina=abc",
        "pagina=999999",
        "pagina=-1",
        "ano=abc",
        "ano=99999999999999999999",
        "estado=xyz",
        "tipo=xyz",
        "municipio=abc",
        "ordem=zzz",
        "q=" + "%00" * 3,
        "q=0001/abcd",
        "q=99999999999999999999/2026",
    ],
)
def test_lista_com_filtros_invalidos_nao_da_500(logado, operador, consulta):
    protocolar(operador)

    resposta = logado.get(f"/processos/?{consulta}")

    assert resposta.status_code in (200, 400)
