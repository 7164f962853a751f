"""Retificar dados: o que a etapa já fixou não muda — nem pela tela, nem por formulário
desatualizado ou forjado, nem pelo serviço (Art. 7º, I; Art. 8º; Art. 19, § 3º) — e a
entrada inválida volta com a mensagem, sem nada gravado."""

import re
from decimal import Decimal

import pytest

from processos.models import AtoRecusado
from processos.services import MENSAGEM_DESATUALIZADO
from requisitos.models import Municipio
from tests.processos.construtores import (
    avancar,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    protocolar,
    protocolar_variante,
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


# --- Art. 19, § 3º: território fixado pelo Decreto Legislativo ----------------------------

APOS_O_DECRETO = [
    ("criacao", "decreto_publicado", {}),
    ("criacao", "plebiscito_no_tre", {}),
    ("criacao", "elaboracao_pl", {}),
    # O sobrestado conta pela etapa de onde saiu.
    ("criacao", "sobrestado", {"origem_desvio": "decreto_publicado"}),
    # Decisão: sem PDL, vale a mesma posição no caminho (o PL menciona as divisas, Art. 7º).
    ("extincao", "elaboracao_pl", {}),
]
TERRITORIO = {
    "divisas": "Ao norte, o Rio Arinos.",
    "memorial_descritivo": "Parte do marco M-9.",
    "area_movida_km2": "10",
    "area_total_km2": "5000",
}


@pytest.mark.parametrize(("variante", "estado", "extra"), APOS_O_DECRETO)
@pytest.mark.parametrize("campo", [*TERRITORIO, "municipios_origem"])
def test_territorio_e_recusado_depois_do_decreto_pelo_servico(
    operador, sinop, variante, estado, extra, campo
):
    processo = processo_no_estado(operador, variante, estado, **extra)
    antes = retrato(processo)
    valor = [sinop] if campo == "municipios_origem" else TERRITORIO[campo]

    with pytest.raises(AtoRecusado, match=r"Art\. 19, § 3º"):
        praticar(processo, operador, "retificar_dados", dados={campo: valor})

    assert retrato(processo) == antes


@pytest.mark.parametrize("campo", TERRITORIO)
def test_territorio_e_recusado_no_formulario_depois_do_decreto(logado, operador, campo):
    processo = processo_no_estado(operador, "criacao", "decreto_publicado")
    antes = retrato(processo)

    formulario = logado.get(URL.format(processo.slug)).content.decode()
    resposta = postar(logado, processo, **{campo: TERRITORIO[campo]})

    campo_html = re.search(rf'<(input|textarea)[^>]*name="{campo}"[^>]*>', formulario).group(0)
    assert "disabled" in campo_html
    assert "Campo bloqueado desde a publicação do Decreto Legislativo" in formulario
    assert resposta.status_code == 400
    assert "Art. 19, § 3º" in resposta.content.decode()
    assert retrato(processo) == antes


def test_formulario_desatualizado_nao_altera_divisas_depois_do_decreto(logado, operador):
    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")
    com_divisas = formulario_do_ato(processo, "retificar_dados", divisas="Novas divisas.")
    so_nome = formulario_do_ato(processo, "retificar_dados")
    praticar(processo, operador, "publicar_decreto")  # a Mesa publica antes do envio
    antes = retrato(processo)

    resposta_divisas = logado.post(URL.format(processo.slug), com_divisas)
    resposta_nome = logado.post(URL.format(processo.slug), so_nome)

    assert resposta_divisas.status_code == 400
    assert "Divisas: campo bloqueado desde a publicação do Decreto Legislativo" in (
        resposta_divisas.content.decode()
    )
    assert resposta_nome.status_code == 400
    assert MENSAGEM_DESATUALIZADO in resposta_nome.content.decode()
    assert retrato(processo) == antes


def test_decreto_publicado_pelo_rito_real_bloqueia_divisas(operador):
    processo = avancar(protocolar(operador), operador, "decreto_publicado")
    antes = retrato(processo)

    with pytest.raises(AtoRecusado, match=r"Divisas: campo bloqueado .*\(Art\. 19, § 3º\)"):
        praticar(processo, operador, "retificar_dados", dados={"divisas": "Outras."})

    assert retrato(processo) == antes


def test_recusa_de_um_campo_bloqueado_desfaz_o_ato_inteiro(operador, sinop):
    processo = processo_no_estado(operador, "criacao", "decreto_publicado")
    antes = retrato(processo)

    with pytest.raises(AtoRecusado, match="Municípios de origem: campo bloqueado"):
        praticar(
            processo,
            operador,
            "retificar_dados",
            dados={"nome_proposto": "Vale do Arinos", "municipios_origem": [sinop]},
        )

    assert retrato(processo) == antes


def test_divisas_e_nome_seguem_retificaveis_antes_do_decreto(operador):
    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")

    praticar(
        processo,
        operador,
        "retificar_dados",
        dados={"divisas": "Ao sul, o Rio Teles Pires.", "nome_proposto": "Vale do Arinos"},
    )

    processo = recarregar(processo)
    assert (processo.divisas, processo.nome_proposto) == (
        "Ao sul, o Rio Teles Pires.",
        "Vale do Arinos",
    )


def test_nome_segue_retificavel_depois_do_decreto(operador):
    processo = processo_no_estado(operador, "criacao", "decreto_publicado")

    praticar(processo, operador, "retificar_dados")

    assert recarregar(processo).nome_proposto == "Vale do Arinos"


# --- Art. 8º: na revisão de limites, as áreas ficam após o parecer preliminar (Decisão) ----


def test_revisao_de_limites_aceita_areas_antes_do_parecer_preliminar(operador):
    processo = avancar(
        protocolar_variante(operador, "revisao_limites_com_plebiscito"),
        operador,
        "visita_realizada",
    )
    assert not processo.plebiscito_dispensado

    praticar(processo, operador, "retificar_dados", dados={"area_movida_km2": Decimal("150")})

    assert recarregar(processo).plebiscito_dispensado


def test_revisao_de_limites_recusa_areas_depois_do_parecer_preliminar(logado, operador):
    processo = avancar(
        protocolar_variante(operador, "revisao_limites_com_plebiscito"),
        operador,
        "aguardando_certidoes",
    )
    antes = retrato(processo)

    with pytest.raises(AtoRecusado, match=r"Área a desmembrar \(km²\): campo bloqueado .*Art\. 8º"):
        praticar(processo, operador, "retificar_dados", dados={"area_movida_km2": "150"})
    resposta = postar(logado, processo, area_total_km2="2000")

    assert resposta.status_code == 400
    assert "as áreas decidem a dispensa do plebiscito (Art. 8º)" in resposta.content.decode()
    assert retrato(processo) == antes
    assert not recarregar(processo).plebiscito_dispensado
    # As divisas seguem retificáveis até o Decreto (Art. 19, § 3º).
    praticar(processo, operador, "retificar_dados", dados={"divisas": "Nova linha."})
    assert recarregar(processo).divisas == "Nova linha."


def test_na_criacao_as_areas_seguem_retificaveis_depois_do_parecer_preliminar(operador):
    processo = avancar(protocolar(operador), operador, "aguardando_certidoes")

    praticar(processo, operador, "retificar_dados", dados={"area_movida_km2": "10"})

    assert recarregar(processo).area_movida_km2 == Decimal("10.000")


# --- Art. 7º, I: nome e sede fixados pelo Projeto de Lei (Decisão) ------------------------


@pytest.mark.parametrize("estado", ["pl_em_ordem_do_dia", "aguardando_sancao"])
def test_nome_e_recusado_da_apresentacao_do_pl_em_diante(logado, operador, estado):
    processo = processo_no_estado(operador, "criacao", estado)
    antes = retrato(processo)

    with pytest.raises(AtoRecusado, match=r"nome e sede desde a apresentação do Projeto de Lei"):
        praticar(processo, operador, "retificar_dados")
    resposta = postar(logado, processo, nome_proposto="Vale do Arinos")

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Nome proposto: campo bloqueado desde a apresentação do Projeto de Lei" in html
    assert "Este ato não está disponível agora: Nenhum dado pode mais ser retificado" in html
    assert "(Art. 7º, I)" in html
    assert retrato(processo) == antes


def test_nome_segue_retificavel_na_elaboracao_do_pl(operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")

    praticar(processo, operador, "retificar_dados")

    assert recarregar(processo).nome_proposto == "Vale do Arinos"


# --- entrada inválida: 400, mensagem em pt-BR, nada gravado --------------------------------


@pytest.mark.parametrize(
    ("variante", "campos", "mensagem"),
    [
        (
            "criacao",
            {"area_movida_km2": "2000", "area_total_km2": "1000"},
            "A área a desmembrar não pode ser maior que a área total do município.",
        ),
        ("criacao", {"area_movida_km2": "0", "area_total_km2": "1000"}, "A área deve ser maior"),
        ("criacao", {"area_total_km2": "-5"}, "A área deve ser maior que zero."),
        ("criacao", {"municipios_origem": []}, "Este campo é obrigatório."),
        ("alteracao_nome", {"municipios_origem": "DOIS"}, "escolha exatamente 1 município(s)."),
        ("criacao", {"sede_proposta": ""}, "Informe a sede proposta (Art. 7º, I)."),
        ("criacao", {"area_movida_km2": "dez"}, "Informe um número."),
        ("criacao", {"municipios_origem": ["999999"]}, "Município desconhecido"),
    ],
)
def test_entrada_invalida_da_400_com_mensagem_e_nada_gravado(
    logado, operador, sinop, variante, campos, mensagem
):
    processo = processo_no_estado(operador, variante, "em_instrucao")
    if campos.get("municipios_origem") == "DOIS":
        campos = {"municipios_origem": [processo.municipios_origem.get().pk, sinop.pk]}
    antes = retrato(processo)

    resposta = postar(logado, processo, **campos)

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert retrato(processo) == antes


def test_servico_recusa_area_movida_maior_que_a_total(operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = retrato(processo)

    with pytest.raises(AtoRecusado, match="não pode ser maior que a área total"):
        praticar(
            processo,
            operador,
            "retificar_dados",
            dados={"area_movida_km2": Decimal("2000"), "area_total_km2": Decimal("1000")},
        )

    assert retrato(processo) == antes
