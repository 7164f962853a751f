"""Retificar dados do processo: o Andamento guarda cada campo antes e depois, a
linha do tempo o mostra, e o que a etapa já fixou não muda — nem pela tela, nem por
formulário desatualizado ou forjado, nem pelo serviço (Art. 19, § 3º e Decisões)."""

import re
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied

from processos.models import AtoRecusado
from processos.services import MENSAGEM_DESATUALIZADO, atos_da_tela, motivos_indisponivel
from requisitos.models import Municipio
from tests.processos.construtores import (
    avancar,
    dados_atuais,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    protocolar,
    protocolar_variante,
    recarregar,
)

URL = "/processos/{}/atos/retificar-dados/"


@pytest.fixture
def logado(client, servidor):
    client.force_login(servidor)
    return client


@pytest.fixture
def sinop(db):
    return Municipio.objects.create(codigo_ibge=5107909, nome="Sinop")


def _postar(client, processo, **campos):
    """O formulário como vem preenchido (os dados atuais), com `campos` alterados."""
    post = formulario_do_ato(processo, "retificar_dados", **(dados_atuais(processo) | campos))
    return client.post(URL.format(processo.slug), post)


def _retrato(processo) -> dict:
    """Tudo o que uma retificação recusada não pode ter mudado."""
    processo = recarregar(processo)
    return {
        "estado": processo.estado,
        "nome": processo.nome_proposto,
        "sede": processo.sede_proposta,
        "municipios": sorted(processo.municipios_origem.values_list("codigo_ibge", flat=True)),
        "areas": (processo.area_movida_km2, processo.area_total_km2),
        "divisas": processo.divisas,
        "memorial": processo.memorial_descritivo,
        "andamentos": processo.andamentos.count(),
    }


def _texto_da_linha_do_tempo(client, processo) -> str:
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    item = re.search(r'<li data-ato="retificar_dados">(.*?)</li>', html, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", " ", item).split())


# --- o registro: antes e depois -----------------------------------------------------------


def test_retificacao_grava_cada_campo_antes_e_depois_e_a_linha_do_tempo_mostra(
    logado, servidor, operador
):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")

    resposta = _postar(
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

    resposta = _postar(logado, processo, municipios_origem=[sorriso.pk, sinop.pk])

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

    resposta = _postar(client, processo, memorial_descritivo="Parte do marco M-2.")

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
    antes = _retrato(processo)

    resposta = _postar(
        logado,
        processo,
        nome_proposto="Nova Fronteira do Norte",
        sede_proposta="Nova Fronteira do Norte",
    )

    assert resposta.status_code == 400
    assert "Nenhum dado foi alterado." in resposta.content.decode()
    assert _retrato(processo) == antes
    with pytest.raises(AtoRecusado, match="Nenhum dado foi alterado."):
        praticar(processo, operador, "retificar_dados", dados={"divisas": ""})
    assert _retrato(processo) == antes


@pytest.mark.parametrize("justificativa", ["", "  \n "])
def test_retificacao_exige_justificativa(logado, operador, justificativa):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = _retrato(processo)

    resposta = _postar(logado, processo, justificativa=justificativa)

    assert resposta.status_code == 400
    assert "Este campo é obrigatório." in resposta.content.decode()
    with pytest.raises(AtoRecusado, match="exige justificativa"):
        praticar(processo, operador, "retificar_dados", justificativa=justificativa)
    assert _retrato(processo) == antes


@pytest.mark.parametrize("papel", ["servidor", "presidente"])
def test_servidor_e_presidente_retificam(client, request, operador, papel):
    usuario = request.getfixturevalue(papel)
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    client.force_login(usuario)

    assert client.get(URL.format(processo.slug)).status_code == 200
    resposta = _postar(client, processo, nome_proposto="Vale do Arinos")

    assert resposta.status_code == 302
    assert recarregar(processo).nome_proposto == "Vale do Arinos"
    assert processo.andamentos.first().usuario == usuario


@pytest.mark.parametrize("papel", ["mesa", "deputado"])
def test_mesa_e_deputado_nao_retificam(client, request, operador, papel):
    usuario = request.getfixturevalue(papel)
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = _retrato(processo)
    client.force_login(usuario)

    assert client.get(URL.format(processo.slug)).status_code == 403
    assert _postar(client, processo).status_code == 403
    with pytest.raises(PermissionDenied):
        praticar(processo, usuario, "retificar_dados")
    assert _retrato(processo) == antes


@pytest.mark.parametrize("estado", ["concluido", "arquivado"])
def test_estados_terminais_nao_tem_retificacao(operador, estado):
    processo = processo_no_estado(operador, "criacao", estado)
    antes = _retrato(processo)

    assert "retificar_dados" not in {a.nome for a in atos_da_tela(processo, operador)}
    assert motivos_indisponivel(processo, "retificar_dados")[0].startswith(
        "Ato não disponível no estado atual"
    )
    with pytest.raises(AtoRecusado, match="Ato não disponível no estado atual"):
        praticar(processo, operador, "retificar_dados")
    assert _retrato(processo) == antes


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
    antes = _retrato(processo)
    valor = [sinop] if campo == "municipios_origem" else TERRITORIO[campo]

    with pytest.raises(AtoRecusado, match=r"Art\. 19, § 3º"):
        praticar(processo, operador, "retificar_dados", dados={campo: valor})

    assert _retrato(processo) == antes


@pytest.mark.parametrize("campo", TERRITORIO)
def test_territorio_e_recusado_no_formulario_depois_do_decreto(logado, operador, campo):
    processo = processo_no_estado(operador, "criacao", "decreto_publicado")
    antes = _retrato(processo)

    formulario = logado.get(URL.format(processo.slug)).content.decode()
    resposta = _postar(logado, processo, **{campo: TERRITORIO[campo]})

    campo_html = re.search(rf'<(input|textarea)[^>]*name="{campo}"[^>]*>', formulario).group(0)
    assert "disabled" in campo_html
    assert "Campo bloqueado desde a publicação do Decreto Legislativo" in formulario
    assert resposta.status_code == 400
    assert "Art. 19, § 3º" in resposta.content.decode()
    assert _retrato(processo) == antes


def test_formulario_desatualizado_nao_altera_divisas_depois_do_decreto(logado, operador):
    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")
    com_divisas = formulario_do_ato(processo, "retificar_dados", divisas="Novas divisas.")
    so_nome = formulario_do_ato(processo, "retificar_dados")
    praticar(processo, operador, "publicar_decreto")  # a Mesa publica antes do envio
    antes = _retrato(processo)

    resposta_divisas = logado.post(URL.format(processo.slug), com_divisas)
    resposta_nome = logado.post(URL.format(processo.slug), so_nome)

    assert resposta_divisas.status_code == 400
    assert "Divisas: campo bloqueado desde a publicação do Decreto Legislativo" in (
        resposta_divisas.content.decode()
    )
    assert resposta_nome.status_code == 400
    assert MENSAGEM_DESATUALIZADO in resposta_nome.content.decode()
    assert _retrato(processo) == antes


def test_decreto_publicado_pelo_rito_real_bloqueia_divisas(operador):
    processo = avancar(protocolar(operador), operador, "decreto_publicado")
    antes = _retrato(processo)

    with pytest.raises(AtoRecusado, match=r"Divisas: campo bloqueado .*\(Art\. 19, § 3º\)"):
        praticar(processo, operador, "retificar_dados", dados={"divisas": "Outras."})

    assert _retrato(processo) == antes


def test_recusa_de_um_campo_bloqueado_desfaz_o_ato_inteiro(operador, sinop):
    processo = processo_no_estado(operador, "criacao", "decreto_publicado")
    antes = _retrato(processo)

    with pytest.raises(AtoRecusado, match="Municípios de origem: campo bloqueado"):
        praticar(
            processo,
            operador,
            "retificar_dados",
            dados={"nome_proposto": "Vale do Arinos", "municipios_origem": [sinop]},
        )

    assert _retrato(processo) == antes


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
    antes = _retrato(processo)

    with pytest.raises(AtoRecusado, match=r"Área a desmembrar \(km²\): campo bloqueado .*Art\. 8º"):
        praticar(processo, operador, "retificar_dados", dados={"area_movida_km2": "150"})
    resposta = _postar(logado, processo, area_total_km2="2000")

    assert resposta.status_code == 400
    assert "as áreas decidem a dispensa do plebiscito (Art. 8º)" in resposta.content.decode()
    assert _retrato(processo) == antes
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
    antes = _retrato(processo)

    with pytest.raises(AtoRecusado, match=r"nome e sede desde a apresentação do Projeto de Lei"):
        praticar(processo, operador, "retificar_dados")
    resposta = _postar(logado, processo, nome_proposto="Vale do Arinos")

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Nome proposto: campo bloqueado desde a apresentação do Projeto de Lei" in html
    assert "Este ato não está disponível agora: Nenhum dado pode mais ser retificado" in html
    assert "(Art. 7º, I)" in html
    assert _retrato(processo) == antes


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
    antes = _retrato(processo)

    resposta = _postar(logado, processo, **campos)

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert _retrato(processo) == antes


def test_servico_recusa_area_movida_maior_que_a_total(operador):
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    antes = _retrato(processo)

    with pytest.raises(AtoRecusado, match="não pode ser maior que a área total"):
        praticar(
            processo,
            operador,
            "retificar_dados",
            dados={"area_movida_km2": Decimal("2000"), "area_total_km2": Decimal("1000")},
        )

    assert _retrato(processo) == antes
