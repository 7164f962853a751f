"""Nenhuma data de ato anterior a 05/10/1988, promulgação da Constituição Federal (Decisão em
processos.atos): no formulário (CampoData) e no serviço, com a mesma mensagem; nunca um 500.
"""

from datetime import date

import pytest

from processos.models import AtoRecusado, FormaEncaminhamento, Processo
from processos.services import DadosProtocolo, protocolar_processo
from tests.processos.construtores import (
    formulario_do_ato,
    origem_padrao,
    praticar,
    protocolar,
    protocolar_instruido,
    recarregar,
)

ANTERIOR_A_CF = "A data não pode ser anterior a 05/10/1988 (Constituição Federal)."
VESPERA = date(1988, 10, 4)
PROMULGACAO = date(1988, 10, 5)


@pytest.fixture
def logado(client, operador):
    client.force_login(operador)
    return client


def _protocolo(municipio, lida_em: str) -> dict:
    return {
        "tipo": "criacao",
        "nome_proposto": "Nova Fronteira do Norte",
        "sede_proposta": "Nova Fronteira do Norte",
        "municipios_origem": [municipio.pk],
        "forma_encaminhamento": "comunidade",
        "data_leitura_expediente": lida_em,
    }


def _dados_protocolo(lida_em: date) -> DadosProtocolo:
    return DadosProtocolo(
        tipo="criacao",
        nome_proposto="Nova Fronteira do Norte",
        sede_proposta="Nova Fronteira do Norte",
        municipios_origem=[origem_padrao()],
        forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
        data_leitura_expediente=lida_em,
    )


# --- formulário -----------------------------------------------------------------------------


def test_formulario_de_protocolo_recusa_04_10_1988_e_aceita_05_10_1988(logado):
    vespera = logado.post("/processos/novo/", _protocolo(origem_padrao(), "04/10/1988"))
    assert vespera.status_code == 400
    assert ANTERIOR_A_CF in vespera.content.decode()
    assert not Processo.objects.exists()

    no_dia = logado.post("/processos/novo/", _protocolo(origem_padrao(), "05/10/1988"))
    assert no_dia.status_code == 302
    assert Processo.objects.get().data_leitura_expediente == PROMULGACAO


@pytest.mark.parametrize("lida_em", ["01/01/0001", "0001-01-01"])
def test_formulario_de_protocolo_recusa_o_ano_1_sem_erro_500(logado, lida_em):
    resposta = logado.post("/processos/novo/", _protocolo(origem_padrao(), lida_em))

    assert resposta.status_code == 400
    assert ANTERIOR_A_CF in resposta.content.decode()
    assert not Processo.objects.exists()


@pytest.mark.parametrize("campo", ["data_ato", "data_publicacao", "data_distribuicao_deputados"])
def test_formulario_do_ato_recusa_04_10_1988_e_aceita_05_10_1988(logado, operador, campo):
    processo = protocolar_instruido(operador, data=PROMULGACAO)
    url = f"/processos/{processo.slug}/atos/receber-na-crt/"
    no_dia = {
        c: "05/10/1988" for c in ("data_ato", "data_publicacao", "data_distribuicao_deputados")
    }

    vespera = logado.post(
        url, formulario_do_ato(processo, "receber_na_crt", **no_dia | {campo: "04/10/1988"})
    )
    assert vespera.status_code == 400
    assert ANTERIOR_A_CF in vespera.content.decode()
    assert recarregar(processo).estado == "protocolada"

    aceito = logado.post(url, formulario_do_ato(processo, "receber_na_crt", **no_dia))
    assert aceito.status_code == 302
    assert recarregar(processo).estado == "em_instrucao"
    assert processo.andamentos.first().data_ato == PROMULGACAO


def test_formulario_do_ato_recusa_o_ano_1_sem_erro_500(logado, operador):
    processo = protocolar_instruido(operador, data=PROMULGACAO)

    resposta = logado.post(
        f"/processos/{processo.slug}/atos/receber-na-crt/",
        formulario_do_ato(processo, "receber_na_crt", data_ato="01/01/0001"),
    )

    assert resposta.status_code == 400
    assert ANTERIOR_A_CF in resposta.content.decode()
    assert processo.andamentos.count() == 1


# --- serviço --------------------------------------------------------------------------------

CF = r"anterior a 05/10/1988 \(Constituição Federal\)"


def test_servico_de_protocolo_recusa_04_10_1988_e_o_ano_1_e_aceita_05_10_1988(operador):
    for lida_em in (VESPERA, date(1, 1, 1)):
        with pytest.raises(AtoRecusado, match=CF):
            protocolar_processo(usuario=operador, dados=_dados_protocolo(lida_em))
    assert not Processo.objects.exists()

    processo = protocolar_processo(usuario=operador, dados=_dados_protocolo(PROMULGACAO))
    assert processo.andamentos.get().data_ato == PROMULGACAO


def test_servico_do_ato_recusa_04_10_1988_e_o_ano_1_e_aceita_05_10_1988(operador):
    processo = protocolar(operador, data=PROMULGACAO)
    no_dia = {"data_distribuicao_deputados": PROMULGACAO, "data_publicacao": PROMULGACAO}

    for data_ato, dados in (
        (VESPERA, no_dia),
        (date(1, 1, 1), no_dia),
        (PROMULGACAO, no_dia | {"data_publicacao": VESPERA}),
    ):
        with pytest.raises(AtoRecusado, match=CF):
            praticar(processo, operador, "receber_na_crt", data_ato=data_ato, dados=dados)
    assert recarregar(processo).estado == "protocolada"
    assert processo.andamentos.count() == 1

    andamento = praticar(processo, operador, "receber_na_crt", data_ato=PROMULGACAO, dados=no_dia)
    assert andamento.data_ato == PROMULGACAO
    assert recarregar(processo).estado == "em_instrucao"
