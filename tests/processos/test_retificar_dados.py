"""Retificar dados do processo: o Andamento guarda cada campo antes e depois, a linha do
tempo o mostra; sem alteração ou sem justificativa, nada muda; só a CRT retifica e os
estados terminais não têm retificação. O que a etapa já fixou: test_retificar_dados_fixados.py."""

import re
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from processos.models import AtoRecusado
from processos.services import atos_da_tela, motivos_indisponivel
from requisitos.models import Municipio
from tests.processos.construtores import (
    praticar,
    processo_no_estado,
    recarregar,
)
from tests.processos.retificacao import URL, postar, retrato


@pytest.fixture
def logado(client, servidor):
    client.force_login(servidor)
    return client


@pytest.fixture
def sinop(db):
    return Municipio.objects.create(codigo_ibge=5107909, nome="Sinop")


def _texto_da_linha_do_tempo(client, processo) -> str:
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    item = re.search(r'<li data-ato="retificar_dados">(.*?)</li>', html, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", " ", item).split())


# --- o registro: antes e depois -----------------------------------------------------------


def test_retificacao_grava_cada_campo_antes_e_depois_e_a_linha_do_tempo_mostra(
    logado, servidor, operador
):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")

    resposta = postar(
        logado,
        processo,
        nome_proposto="Vale do Arinos",
        sede_proposta="Vale do Arinos",
        area_movida_km2="120.5",
        area_total_km2="9000",
        divisas="Ao norte, o Rio Arinos.",
    )

    assert resposta.status_code == 302
    processo = recarregar(processo)
    assert processo.estado == "em_instrucao"
    assert (processo.nome_proposto, processo.sede_proposta) == ("Vale do Arinos",) * 2
    assert processo.area_movida_km2 == Decimal("120.500")
    assert processo.divisas == "Ao norte, o Rio Arinos."
    andamento = processo.andamentos.first()
    assert (andamento.ato, andamento.usuario) == ("retificar_dados", servidor)
    assert (andamento.estado_origem, andamento.estado_destino) == ("em_instrucao",) * 2
    assert andamento.dados == {
        "alteracoes": [
            {
                "campo": "nome_proposto",
                "rotulo": "Nome proposto",
                "antes": "Nova Fronteira do Norte",
                "depois": "Vale do Arinos",
            },
            {
                "campo": "sede_proposta",
                "rotulo": "Sede proposta",
                "antes": "Nova Fronteira do Norte",
                "depois": "Vale do Arinos",
            },
            {
                "campo": "area_movida_km2",
                "rotulo": "Área a desmembrar (km²)",
                "antes": None,
                "depois": "120.500",
            },
            {
                "campo": "area_total_km2",
                "rotulo": "Área total do município (km²)",
                "antes": None,
                "depois": "9000.000",
            },
            {
                "campo": "divisas",
                "rotulo": "Divisas",
                "antes": "",
                "depois": "Ao norte, o Rio Arinos.",
            },
        ]
    }
    linha = _texto_da_linha_do_tempo(logado, processo)
    assert "Nome proposto: Nova Fronteira do Norte → Vale do Arinos" in linha
    assert "Área a desmembrar (km²): (vazio) → 120,500" in linha
    assert "Divisas: (vazio) → Ao norte, o Rio Arinos." in linha


def test_retificacao_dos_municipios_de_origem_grava_o_m2m_e_os_nomes(logado, operador, sinop):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    sorriso = processo.municipios_origem.get()

    resposta = postar(logado, processo, municipios_origem=[sorriso.pk, sinop.pk])

    assert resposta.status_code == 302
    assert set(recarregar(processo).municipios_origem.all()) == {sorriso, sinop}
    (alteracao,) = processo.andamentos.first().dados["alteracoes"]
    assert alteracao == {
        "campo": "municipios_origem",
        "rotulo": "Municípios de origem",
        "antes": [{"codigo_ibge": 5107925, "nome": "Sorriso"}],
        "depois": [
            {"codigo_ibge": 5107909, "nome": "Sinop"},
            {"codigo_ibge": 5107925, "nome": "Sorriso"},
        ],
    }
    assert "Municípios de origem: Sorriso → Sinop, Sorriso" in _texto_da_linha_do_tempo(
        logado, processo
    )


def test_memorial_descritivo_e_protocolado_e_retificado(client, servidor, sorriso):
    client.force_login(servidor)
    resposta = client.post(
        "/processos/novo/",
        {
            "tipo": "criacao",
            "nome_proposto": "Vale do Arinos",
            "sede_proposta": "Vale do Arinos",
            "municipios_origem": [sorriso.pk],
            "forma_encaminhamento": "comunidade",
            "data_leitura_expediente": "02/03/2020",
            "memorial_descritivo": "Parte do marco M-1.",
        },
    )
    assert resposta.status_code == 302
    processo = sorriso.processos.get()
    assert processo.memorial_descritivo == "Parte do marco M-1."

    resposta = postar(client, processo, memorial_descritivo="Parte do marco M-2.")

    assert resposta.status_code == 302
    assert recarregar(processo).memorial_descritivo == "Parte do marco M-2."
    assert "Memorial descritivo: Parte do marco M-1. → Parte do marco M-2." in (
        _texto_da_linha_do_tempo(client, processo)
    )


def test_formulario_vem_preenchido_com_os_dados_atuais(logado, operador):
    processo = processo_no_estado(
        operador, "criacao", "em_instrucao", area_movida=Decimal("10"), area_total=Decimal("90")
    )

    html = logado.get(URL.format(processo.slug)).content.decode()

    assert 'value="Nova Fronteira do Norte"' in html
    assert 'value="10"' in html  # 10 km², em pt-BR (e não "10.000", que se lê dez mil)
    assert re.search(
        r'<input type="checkbox"[^>]*name="municipios_origem"[^>]*checked[^>]*>\s*'
        r"<label[^>]*>\s*Sorriso\s*</label>",
        html,
    )
    assert "O processo permanece em: <strong>Em instrução na CRT</strong>" in html


# --- recusas: nada alterado, justificativa, papéis, estados terminais ----------------------


def test_retificacao_sem_alteracao_e_recusada_e_nada_e_gravado(logado, operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = retrato(processo)

    resposta = postar(
        logado,
        processo,
        nome_proposto="Nova Fronteira do Norte",
        sede_proposta="Nova Fronteira do Norte",
    )

    assert resposta.status_code == 400
    assert "Nenhum dado foi alterado." in resposta.content.decode()
    assert retrato(processo) == antes
    with pytest.raises(AtoRecusado, match="Nenhum dado foi alterado."):
        praticar(processo, operador, "retificar_dados", dados={"divisas": ""})
    assert retrato(processo) == antes


@pytest.mark.parametrize("justificativa", ["", "  \n "])
def test_retificacao_exige_justificativa(logado, operador, justificativa):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = retrato(processo)

    resposta = postar(logado, processo, justificativa=justificativa)

    assert resposta.status_code == 400
    assert "Este campo é obrigatório." in resposta.content.decode()
    with pytest.raises(AtoRecusado, match="exige justificativa"):
        praticar(processo, operador, "retificar_dados", justificativa=justificativa)
    assert retrato(processo) == antes


@pytest.mark.parametrize("papel", ["servidor", "presidente"])
def test_servidor_e_presidente_retificam(client, request, operador, papel):
    usuario = request.getfixturevalue(papel)
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    client.force_login(usuario)

    assert client.get(URL.format(processo.slug)).status_code == 200
    resposta = postar(client, processo, nome_proposto="Vale do Arinos")

    assert resposta.status_code == 302
    assert recarregar(processo).nome_proposto == "Vale do Arinos"
    assert processo.andamentos.first().usuario == usuario


@pytest.mark.parametrize("papel", ["mesa", "deputado"])
def test_mesa_e_deputado_nao_retificam(client, request, operador, papel):
    usuario = request.getfixturevalue(papel)
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = retrato(processo)
    client.force_login(usuario)

    assert client.get(URL.format(processo.slug)).status_code == 403
    assert postar(client, processo).status_code == 403
    with pytest.raises(PermissionDenied):
        praticar(processo, usuario, "retificar_dados")
    assert retrato(processo) == antes


@pytest.mark.parametrize("estado", ["concluido", "arquivado"])
def test_estados_terminais_nao_tem_retificacao(operador, estado):
    processo = processo_no_estado(operador, "criacao", estado)
    antes = retrato(processo)

    assert "retificar_dados" not in {a.nome for a in atos_da_tela(processo, operador)}
    assert motivos_indisponivel(processo, "retificar_dados")[0].startswith(
        "Ato não disponível no estado atual"
    )
    with pytest.raises(AtoRecusado, match="Ato não disponível no estado atual"):
        praticar(processo, operador, "retificar_dados")
    assert retrato(processo) == antes
