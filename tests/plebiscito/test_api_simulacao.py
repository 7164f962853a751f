"""Contrato de /api/v1/simulacoes/plebiscito/ (Art. 11): as três leituras, a regra e a
abrangência em vigor como padrão, e toda entrada ruim respondida com 400 por campo, em
pt-BR — nunca 500, nem com JSON aninhado até esgotar a pilha."""

import json
from datetime import date

import pytest
from django.core.cache import cache

from requisitos.models import ParametroLegal

pytestmark = pytest.mark.django_db

URL = "/api/v1/simulacoes/plebiscito/"
URL_DISTRITO = "/api/v1/simulacoes/criacao-distrito/"
REGRAS = ("lc23_literal", "maioria_simples_validos", "maioria_comparecimento")


@pytest.fixture(autouse=True)
def limite_folgado(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()
    yield
    cache.clear()


def unidade(nome="Tabocão", inscritos=2719, sim=1561, nao=525, brancos=41, nulos=48, **mais):
    """Uma unidade consistente (comparecimento = soma dos votos), salvo o que `mais` mudar."""
    votos = {"sim": sim, "nao": nao, "brancos": brancos, "nulos": nulos}
    dados = {"nome": nome, "inscritos": inscritos, **votos, "area_desmembrada": True} | mais
    if "comparecimento" not in dados:
        dados["comparecimento"] = sum(votos.values())
    return dados


def postar(client, corpo, url=URL):
    dados = corpo if isinstance(corpo, str | bytes) else json.dumps(corpo)
    return client.post(url, dados, content_type="application/json")


def test_tabocao_2018_aprovado_pelas_tres_regras_com_o_contrato_exato(client):
    resposta = postar(client, {"unidades": [unidade()]})
    assert resposta.status_code == 200
    dados = resposta.json()
    assert {"aprovado", "regra_aplicada", "abrangencia", "veredictos", "totais"} <= set(dados)
    assert dados["aprovado"] is True
    assert dados["regra_aplicada"] == "lc23_literal"
    assert dados["abrangencia"] == "area_desmembrada"
    assert dados["veredictos"] == dict.fromkeys(REGRAS, True)
    assert dados["totais"] == {
        "inscritos": 2719,
        "comparecimento": 2175,
        "sim": 1561,
        "nao": 525,
        "brancos": 41,
        "nulos": 48,
    }
    assert dados["unidades_contadas"] == ["Tabocão"]
    lc23 = dados["leituras"][0]
    assert lc23["formula"] == "Sim × 2 = 3.122 > 2.719 inscritos"
    assert lc23["fundamento"] == "LC 23/1992, Art. 11, § 2º"
    assert lc23["governa"] is True
    assert dados["leituras"][1]["fundamento"] == "Lei 9.709/1998, art. 10"


@pytest.mark.parametrize(("sim", "aprovado"), [(50, False), (51, True)])
def test_lc23_literal_metade_dos_inscritos_nao_basta(client, sim, aprovado):
    corpo = {"unidades": [unidade(inscritos=100, sim=sim, nao=0, brancos=0, nulos=0)]}
    dados = postar(client, corpo | {"regra": "lc23_literal"}).json()
    assert dados["aprovado"] is aprovado
    assert dados["veredictos"]["lc23_literal"] is aprovado


@pytest.mark.parametrize(
    ("regra", "aprovado"),
    [("lc23_literal", False), ("maioria_simples_validos", True), ("maioria_comparecimento", True)],
)
def test_regra_escolhida_decide_quando_as_leituras_divergem(client, regra, aprovado):
    # 300 Sim de 1.000 inscritos: 600 ≤ 1.000, mas 300 > 200 Não e 600 > 520 votantes.
    corpo = {"unidades": [unidade(inscritos=1000, sim=300, nao=200, brancos=20, nulos=0)]}
    dados = postar(client, corpo | {"regra": regra}).json()
    assert dados["veredictos"] == {
        "lc23_literal": False,
        "maioria_simples_validos": True,
        "maioria_comparecimento": True,
    }
    assert (dados["regra_aplicada"], dados["aprovado"]) == (regra, aprovado)
    assert [leitura["governa"] for leitura in dados["leituras"]] == [r == regra for r in REGRAS]


def test_abrangencia_com_o_municipio_remanescente_muda_totais_e_veredito(client):
    area = unidade("Distrito Novo", inscritos=1000, sim=800, nao=100, brancos=0, nulos=0)
    origem = unidade(
        "Município de origem", inscritos=5000, sim=500, nao=3000, brancos=0, nulos=0
    ) | {"area_desmembrada": False}
    corpo = {"unidades": [area, origem], "regra": "maioria_simples_validos"}

    so_area = postar(client, corpo | {"abrangencia": "area_desmembrada"}).json()
    assert so_area["aprovado"] is True
    assert so_area["unidades_contadas"] == ["Distrito Novo"]
    assert so_area["totais"]["inscritos"] == 1000

    todos = postar(client, corpo | {"abrangencia": "municipios_envolvidos"}).json()
    assert todos["aprovado"] is False
    assert todos["unidades_contadas"] == ["Distrito Novo", "Município de origem"]
    assert (todos["totais"]["inscritos"], todos["totais"]["sim"]) == (6000, 1300)


def test_sem_regra_nem_abrangencia_valem_os_parametros_em_vigor(client):
    corpo = {"unidades": [unidade(inscritos=1000, sim=300, nao=200, brancos=20, nulos=0)]}
    assert postar(client, corpo).json()["aprovado"] is False  # lc23_literal, o padrão
    for nome, valor in [
        ("regra_plebiscito", "maioria_simples_validos"),
        ("abrangencia_plebiscito", "municipios_envolvidos"),
    ]:
        ParametroLegal.objects.create(
            nome=nome,
            valor=valor,
            vigencia_inicio=date(2020, 1, 1),
            fundamento="Teste: Lei 9.709/1998, arts. 7º e 10",
        )
    dados = postar(client, corpo).json()
    assert (dados["regra_aplicada"], dados["aprovado"]) == ("maioria_simples_validos", True)
    assert dados["abrangencia"] == "municipios_envolvidos"


def corpo_com(**mudancas) -> dict:
    return {"unidades": [unidade(**mudancas)]}


@pytest.mark.parametrize(
    ("mudancas", "campo", "trecho"),
    [
        ({"comparecimento": 2174}, "comparecimento", "deve ser igual ao comparecimento (2.174)"),
        ({"inscritos": 2000}, "comparecimento", "não pode superar os eleitores inscritos"),
        ({"sim": -1, "comparecimento": 613}, "sim", "maior ou igual a 0"),
        ({"nulos": 1.5, "comparecimento": 2175}, "nulos", "inteiro válido"),
        ({"inscritos": "12"}, "inscritos", "inteiro válido"),
        ({"brancos": True}, "brancos", "inteiro válido"),
        ({"nao": None, "comparecimento": 2175}, "nao", "nulo"),
        ({"inscritos": 10**12}, "inscritos", "inferior ou igual"),
        ({"nome": "  "}, "nome", "em branco"),
        ({"area_desmembrada": "sim"}, "area_desmembrada", "booleano"),
    ],
)
def test_numeros_ruins_da_unidade_sao_400_no_campo(client, mudancas, campo, trecho):
    resposta = postar(client, corpo_com(**mudancas))
    assert resposta.status_code == 400
    erros = resposta.json()
    assert list(erros) == ["unidades"]
    assert list(erros["unidades"]["0"]) == [campo]
    assert trecho in erros["unidades"]["0"][campo][0]


@pytest.mark.parametrize("campo", [*unidade()])
def test_campo_da_unidade_faltando_e_400(client, campo):
    corpo = corpo_com()
    del corpo["unidades"][0][campo]
    resposta = postar(client, corpo)
    assert resposta.status_code == 400
    assert resposta.json() == {"unidades": {"0": {campo: ["Este campo é obrigatório."]}}}


def test_unidade_repetida_ignorando_caixa_e_espacos_e_400_na_segunda(client):
    corpo = {"unidades": [unidade("Vila Rica"), unidade("  vila   RICA ", area_desmembrada=False)]}
    resposta = postar(client, corpo)
    assert resposta.status_code == 400
    assert resposta.json() == {"unidades": {"1": {"nome": ["Unidade repetida: vila RICA."]}}}


@pytest.mark.parametrize(
    ("corpo", "campo", "trecho"),
    [
        ({"unidades": []}, "unidades", "Informe ao menos uma unidade de votação."),
        ({}, "unidades", "Este campo é obrigatório."),
        ({"unidades": "Tabocão"}, "unidades", "numa lista"),
        ({"unidades": [unidade()] * 201}, "unidades", "no máximo 200 unidades"),
        (
            {"unidades": [unidade(area_desmembrada=False)]},
            "unidades",
            "Nenhuma unidade é a área a desmembrar",
        ),
        ({"unidades": [unidade()], "regra": "unanimidade"}, "regra", "não é uma escolha válida"),
        ({"unidades": [unidade()], "regra": None}, "regra", "nulo"),
        (
            {"unidades": [unidade()], "abrangencia": "estado_inteiro"},
            "abrangencia",
            "não é uma escolha válida",
        ),
    ],
)
def test_lista_regra_ou_abrangencia_ruim_e_400_no_campo(client, corpo, campo, trecho):
    resposta = postar(client, corpo)
    assert resposta.status_code == 400
    erros = resposta.json()
    assert list(erros) == [campo]
    assert trecho in erros[campo][0]


@pytest.mark.parametrize(
    ("item", "trecho"),
    [
        (5, "Esperava um dicionário, mas recebeu int"),
        ("Tabocão", "Esperava um dicionário, mas recebeu str"),
        ([unidade()], "Esperava um dicionário, mas recebeu list"),
        (None, "nulo"),
    ],
)
def test_unidade_que_nao_e_objeto_e_400_no_indice(client, item, trecho):
    resposta = postar(client, {"unidades": [unidade(), item]})
    assert resposta.status_code == 400
    erros = resposta.json()["unidades"]
    assert list(erros) == ["1"]
    assert trecho in json.dumps(erros, ensure_ascii=False)


@pytest.mark.parametrize("url", [URL, URL_DISTRITO])
@pytest.mark.parametrize(
    "corpo",
    [
        "[" * 60_000,
        '{"unidades": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"a": ' * 20 + "1" + "}" * 20,
    ],
)
def test_json_aninhado_demais_e_400_em_vez_de_500(client, url, corpo):
    resposta = postar(client, corpo, url=url)
    assert resposta.status_code == 400
    assert "JSON aninhado demais" in resposta.json()["detail"][0]


def test_corpo_acima_de_64_kb_e_400(client):
    corpo = {"unidades": [unidade(nome="x" * 70_000)]}
    resposta = postar(client, corpo)
    assert resposta.status_code == 400
    assert "passa de 64 KB" in resposta.json()["detail"][0]


def test_get_nao_e_permitido(client):
    assert client.get(URL).status_code == 405


def test_limite_de_simulacoes_responde_429(client, settings):
    settings.SIMULADOR_LIMITE = "2/m"
    assert [postar(client, corpo_com()).status_code for _ in range(3)] == [200, 200, 429]


def test_esquema_openapi_documenta_a_rota_nos_simuladores(client):
    esquema = client.get("/api/schema/?format=json")
    assert esquema.status_code == 200
    operacao = esquema.json()["paths"][URL]["post"]
    assert operacao["tags"] == ["Simuladores"]
    assert set(operacao["responses"]) == {"200", "400", "429"}
    componentes = esquema.json()["components"]["schemas"]
    assert {"aprovado", "regra_aplicada", "abrangencia", "veredictos", "totais"} <= set(
        componentes["PlebiscitoSaida"]["properties"]
    )
    assert set(componentes["VeredictosSaida"]["properties"]) == set(REGRAS)
