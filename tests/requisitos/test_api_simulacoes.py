"""Contrato da API /api/v1/simulacoes/: nomes dos campos, vereditos, e toda entrada ruim
respondida com 400 e erros por campo em pt-BR — nunca 500."""

import json
import re
from decimal import Decimal

import pytest

from requisitos.models import Municipio, ValorAdicionado

pytestmark = pytest.mark.django_db

URL_MUNICIPIO = "/api/v1/simulacoes/criacao-municipio/"
URL_DISTRITO = "/api/v1/simulacoes/criacao-distrito/"
URL_TOPONIMO = "/api/v1/simulacoes/toponimo/"
URL_REVISAO = "/api/v1/simulacoes/revisao-limites/"
CAMPOS_REQUISITO = {
    "inciso",
    "descricao",
    "valor",
    "limite",
    "comparacao",
    "atende",
    "fundamento",
    "mensagem",
    "fonte",
    "falta",
}


def corpo_municipio(**mudancas) -> dict:
    corpo = {
        "populacao": 5000,
        "eleitores": 1500,
        "casas_centro_urbano": 400,
        "valor_adicionado": "2000000.00",
        "media_va_menores": "1000000.00",
        "condicoes_instalacao": True,
        "continuidade_territorial": True,
        "remanescentes": [
            {
                "codigo_ibge": 5106240,  # Nova Ubiratã
                "populacao": 9000,
                "eleitores": 6000,
                "casas_centro_urbano": 2000,
                "valor_adicionado": "50000000.00",
            }
        ],
    }
    corpo.update(mudancas)
    return corpo


def postar(client, url, corpo, content_type="application/json"):
    dados = corpo if isinstance(corpo, str | bytes) else json.dumps(corpo)
    return client.post(url, dados, content_type=content_type)


def test_criacao_municipio_responde_o_contrato(client):
    resposta = postar(client, URL_MUNICIPIO, corpo_municipio())
    assert resposta.status_code == 200
    dados = resposta.json()
    assert dados["atende"] is True
    assert {"atende", "requisitos", "remanescentes", "parametros"} <= set(dados)
    assert [r["inciso"] for r in dados["requisitos"]] == ["I", "II", "III", "IV", "V", "VI", "§ 1º"]
    assert all(set(r) == CAMPOS_REQUISITO for r in dados["requisitos"])
    primeiro = dados["requisitos"][0]
    assert primeiro == {
        **primeiro,
        "inciso": "I",
        "atende": True,
        "valor": 5000,
        "limite": 4000,
        "comparacao": ">=",
        "fundamento": "Art. 2º, I",
    }
    assert dados["requisitos"][3]["valor"] == "2000000.00"  # decimal como texto, nunca float
    (origem,) = dados["remanescentes"]
    assert origem["codigo_ibge"] == 5106240
    assert origem["nome"] == "Nova Ubiratã"
    assert origem["atende"] is True
    assert [r["inciso"] for r in origem["requisitos"]] == ["I", "II", "III", "IV"]
    assert dados["parametros"]["populacao_minima"] == 4000


def test_criacao_municipio_recusa_pelo_remanescente(client):
    corpo = corpo_municipio()
    corpo["remanescentes"][0]["populacao"] = 3999
    dados = postar(client, URL_MUNICIPIO, corpo).json()
    assert dados["atende"] is False
    assert dados["remanescentes"][0]["atende"] is False
    assert dados["remanescentes"][0]["requisitos"][0]["fundamento"] == "Art. 2º, § 1º, c/c I"


def test_criacao_municipio_va_igual_a_media_nao_basta(client):
    corpo = corpo_municipio(valor_adicionado="1000000.00")
    dados = postar(client, URL_MUNICIPIO, corpo).json()
    iv = dados["requisitos"][3]
    assert (iv["inciso"], iv["atende"], iv["comparacao"]) == ("IV", False, ">")


@pytest.mark.django_db
def test_criacao_municipio_usa_a_media_da_tabela_da_sefaz_e_nomeia_os_dez(client):
    for i in range(12):
        municipio = Municipio.objects.create(codigo_ibge=5100102 + i, nome=f"Município {i}")
        ValorAdicionado.objects.create(municipio=municipio, exercicio=2023, valor=Decimal(i * 100))
    corpo = corpo_municipio(exercicio=2023, valor_adicionado="450.00")
    del corpo["media_va_menores"]
    dados = postar(client, URL_MUNICIPIO, corpo).json()
    assert dados["media_va"]["exercicio"] == 2023
    assert dados["media_va"]["media"] == "450.00"
    assert len(dados["media_va"]["municipios"]) == 10
    assert dados["media_va"]["municipios"][0] == {
        "codigo_ibge": 5100102,
        "nome": "Acorizal",
        "valor_adicionado": "0.00",
    }
    assert dados["requisitos"][3]["atende"] is False  # igual à média


@pytest.mark.django_db
def test_criacao_municipio_exercicio_sem_tabela_e_erro_no_campo(client):
    corpo = corpo_municipio(exercicio=2019)
    del corpo["media_va_menores"]
    resposta = postar(client, URL_MUNICIPIO, corpo)
    assert resposta.status_code == 400
    assert "Importe a tabela da SEFAZ" in resposta.json()["exercicio"][0]


def test_criacao_municipio_eleitores_acima_da_populacao_aceito_com_aviso(client):
    dados = postar(client, URL_MUNICIPIO, corpo_municipio(eleitores=6000)).json()
    assert dados["avisos"] == [
        "O número de eleitores (6.000) é maior que a população (5.000). "
        "Confira os números nas certidões."
    ]


def test_criacao_municipio_sem_verificacoes_v_e_vi_fica_pendente(client):
    corpo = corpo_municipio()
    del corpo["condicoes_instalacao"], corpo["continuidade_territorial"]
    dados = postar(client, URL_MUNICIPIO, corpo).json()
    assert dados["atende"] is False
    assert dados["requisitos"][4]["valor"] is None
    assert "visita in loco" in dados["requisitos"][4]["mensagem"]


@pytest.mark.parametrize(
    ("mudanca", "campo", "trecho"),
    [
        ({"populacao": -1}, "populacao", "maior ou igual a 0"),
        ({"populacao": "4000"}, "populacao", "inteiro válido"),
        ({"populacao": "muitos"}, "populacao", "inteiro válido"),
        ({"populacao": 4000.5}, "populacao", "inteiro válido"),
        ({"populacao": True}, "populacao", "inteiro válido"),
        ({"populacao": None}, "populacao", "nulo"),
        ({"populacao": 10**30}, "populacao", "inferior ou igual"),
        ({"eleitores": -5}, "eleitores", "maior ou igual a 0"),
        ({"casas_centro_urbano": [1]}, "casas_centro_urbano", "inteiro válido"),
        ({"valor_adicionado": "abc"}, "valor_adicionado", "número válido"),
        ({"valor_adicionado": "-1.00"}, "valor_adicionado", "maior ou igual a 0"),
        ({"valor_adicionado": "1.001"}, "valor_adicionado", "2 casas decimais"),
        ({"valor_adicionado": "1e30"}, "valor_adicionado", "dígitos"),
        ({"valor_adicionado": "NaN"}, "valor_adicionado", "número válido"),
        ({"media_va_menores": "Infinity"}, "media_va_menores", "número válido"),
        ({"condicoes_instalacao": "sim"}, "condicoes_instalacao", "booleano"),
        ({"exercicio": 2023}, "exercicio", "um dos dois"),
        ({"media_va_menores": None}, "media_va_menores", "nulo"),
        ({"remanescentes": "Sorriso"}, "remanescentes", "lista"),
    ],
)
def test_criacao_municipio_entrada_ruim_e_400_no_campo(client, mudanca, campo, trecho):
    resposta = postar(client, URL_MUNICIPIO, corpo_municipio(**mudanca))
    assert resposta.status_code == 400
    erros = resposta.json()
    assert campo in erros
    assert trecho in json.dumps(erros, ensure_ascii=False)


@pytest.mark.parametrize(
    "campo", ["populacao", "eleitores", "casas_centro_urbano", "valor_adicionado"]
)
def test_criacao_municipio_campo_obrigatorio_faltando(client, campo):
    corpo = corpo_municipio()
    del corpo[campo]
    resposta = postar(client, URL_MUNICIPIO, corpo)
    assert resposta.status_code == 400
    assert resposta.json() == {campo: ["Este campo é obrigatório."]}


def test_criacao_municipio_sem_exercicio_nem_media(client):
    corpo = corpo_municipio()
    del corpo["media_va_menores"]
    resposta = postar(client, URL_MUNICIPIO, corpo)
    assert resposta.status_code == 400
    assert set(resposta.json()) == {"exercicio", "media_va_menores"}


@pytest.mark.parametrize(
    ("codigo", "trecho"),
    [
        (1234567, "não encontrado na lista nacional"),
        (3550308, "São Paulo/SP não é município de Mato Grosso"),
        ("5106240", "inteiro válido"),
    ],
)
def test_remanescente_confere_codigo_ibge_na_lista_nacional(client, codigo, trecho):
    corpo = corpo_municipio()
    corpo["remanescentes"][0]["codigo_ibge"] = codigo
    resposta = postar(client, URL_MUNICIPIO, corpo)
    assert resposta.status_code == 400
    assert trecho in resposta.json()["remanescentes"]["0"]["codigo_ibge"][0]


def test_remanescente_com_campo_faltando_e_repetido(client):
    corpo = corpo_municipio()
    del corpo["remanescentes"][0]["eleitores"]
    resposta = postar(client, URL_MUNICIPIO, corpo)
    assert resposta.json()["remanescentes"]["0"] == {"eleitores": ["Este campo é obrigatório."]}
    corpo = corpo_municipio()
    corpo["remanescentes"] *= 2
    resposta = postar(client, URL_MUNICIPIO, corpo)
    assert resposta.status_code == 400
    assert "duas vezes" in resposta.json()["remanescentes"][0]


@pytest.mark.parametrize("url", [URL_MUNICIPIO, URL_DISTRITO, URL_TOPONIMO, URL_REVISAO])
@pytest.mark.parametrize(
    ("corpo", "content_type", "trecho"),
    [
        ('{"populacao": 5000,', "application/json", "JSON malformado"),
        ("{'nome': 'x'}", "application/json", "JSON malformado"),
        ('{"populacao": NaN}', "application/json", "JSON malformado"),
        ('{"populacao": 1' + "0" * 5000 + "}", "application/json", "JSON malformado"),
        (b"\xff\xfe", "application/json", "JSON malformado"),
        ('{"nome": "' + "a" * 70000 + '"}', "application/json", "passa de 64 KB"),
        ("populacao=5000", "application/x-www-form-urlencoded", "Content-Type: application/json"),
        ("nome", "text/plain", "Content-Type: application/json"),
        ("[1, 2]", "application/json", "objeto JSON"),
        ('"texto"', "application/json", "objeto JSON"),
    ],
)
def test_entrada_malformada_e_400_em_todas_as_rotas(client, url, corpo, content_type, trecho):
    resposta = postar(client, url, corpo, content_type)
    assert resposta.status_code == 400
    assert trecho in resposta.json()["detail"][0]


@pytest.mark.parametrize("url", [URL_MUNICIPIO, URL_DISTRITO, URL_TOPONIMO, URL_REVISAO])
def test_corpo_vazio_lista_os_campos_obrigatorios(client, url):
    resposta = client.post(url, "", content_type="application/json")
    assert resposta.status_code == 400
    assert all(erros == ["Este campo é obrigatório."] for erros in resposta.json().values())


@pytest.mark.parametrize("url", [URL_MUNICIPIO, URL_DISTRITO, URL_TOPONIMO, URL_REVISAO])
def test_get_nao_e_permitido(client, url):
    assert client.get(url).status_code == 405


@pytest.mark.parametrize(
    ("habitacoes", "populacao", "atende"),
    [(49, 5000, False), (50, 1001, True), (50, 1000, False)],
)
def test_criacao_distrito_art_25(client, habitacoes, populacao, atende):
    resposta = postar(client, URL_DISTRITO, {"habitacoes_sede": habitacoes, "populacao": populacao})
    assert resposta.status_code == 200
    dados = resposta.json()
    assert dados["atende"] is atende
    assert [r["fundamento"] for r in dados["requisitos"]] == ["Art. 25, I", "Art. 25, II"]
    assert all(set(r) == CAMPOS_REQUISITO for r in dados["requisitos"])


@pytest.mark.parametrize(
    ("corpo", "campo"),
    [
        ({"habitacoes_sede": -1, "populacao": 10}, "habitacoes_sede"),
        ({"habitacoes_sede": "50", "populacao": 10}, "habitacoes_sede"),
        ({"habitacoes_sede": 50}, "populacao"),
        ({"habitacoes_sede": 50, "populacao": 10**12}, "populacao"),
    ],
)
def test_criacao_distrito_entrada_ruim(client, corpo, campo):
    resposta = postar(client, URL_DISTRITO, corpo)
    assert resposta.status_code == 400
    assert list(resposta.json()) == [campo]


def test_toponimo_responde_o_contrato(client):
    resposta = postar(client, URL_TOPONIMO, {"nome": "São José dos Quatro Marcos"})
    assert resposta.status_code == 200
    dados = resposta.json()
    assert dados["valido"] is False
    assert dados["palavras_contadas"] == 4
    assert [p["regra"] for p in dados["problemas"]] == ["repeticao", "palavras"]
    assert dados["homonimos"] == [
        {"codigo_ibge": 5107107, "nome": "São José dos Quatro Marcos", "uf": "MT"}
    ]
    assert dados["semelhantes"] == []
    assert "pessoa viva" in dados["declaracao_pessoa_viva"]


def test_toponimo_data_e_semelhantes(client):
    dados = postar(client, URL_TOPONIMO, {"nome": "Treze de Maio"}).json()
    assert [p["regra"] for p in dados["problemas"]] == ["repeticao", "data"]
    assert {"codigo_ibge": 4321808, "nome": "Três de Maio", "uf": "RS"} in dados["semelhantes"]


def test_toponimo_valido(client):
    dados = postar(client, URL_TOPONIMO, {"nome": "  Nova   Esperança do Xingu "}).json()
    assert (dados["nome"], dados["valido"], dados["problemas"]) == (
        "Nova Esperança do Xingu",
        True,
        [],
    )


@pytest.mark.parametrize(
    "corpo", [{"nome": ""}, {"nome": "123"}, {"nome": "x" * 121}, {"nome": 5}, {"nome": None}, {}]
)
def test_toponimo_entrada_ruim(client, corpo):
    resposta = postar(client, URL_TOPONIMO, corpo)
    assert resposta.status_code == 400
    assert list(resposta.json()) == ["nome"]


@pytest.mark.parametrize(
    ("movida", "total", "dispensado"),
    [("20", "100", True), ("20.001", "100", False), ("20.01", "100", False), (0, 1, True)],
)
def test_revisao_limites_art_8(client, movida, total, dispensado):
    corpo = {"area_movida_km2": movida, "area_total_km2": total}
    resposta = postar(client, URL_REVISAO, corpo)
    assert resposta.status_code == 200
    dados = resposta.json()
    assert dados["plebiscito_dispensado"] is dispensado
    assert dados["requisitos"][0]["fundamento"] == "Art. 8º"


def test_revisao_limites_aceita_numero_json_sem_virar_float(client):
    resposta = postar(client, URL_REVISAO, '{"area_movida_km2": 20.001, "area_total_km2": 100}')
    assert resposta.json()["requisitos"][0]["valor"] == "20.001"
    assert resposta.json()["plebiscito_dispensado"] is False


@pytest.mark.parametrize(
    ("corpo", "campo"),
    [
        ({"area_movida_km2": "30", "area_total_km2": "20"}, "area_movida_km2"),
        ({"area_movida_km2": "1", "area_total_km2": "0"}, "area_total_km2"),
        ({"area_movida_km2": "-1", "area_total_km2": "10"}, "area_movida_km2"),
        ({"area_movida_km2": "1.0001", "area_total_km2": "10"}, "area_movida_km2"),
        ({"area_movida_km2": "1", "area_total_km2": "1e20"}, "area_total_km2"),
        ({"area_movida_km2": "1"}, "area_total_km2"),
    ],
)
def test_revisao_limites_entrada_ruim(client, corpo, campo):
    resposta = postar(client, URL_REVISAO, corpo)
    assert resposta.status_code == 400
    assert list(resposta.json()) == [campo]


def test_limite_de_simulacoes_por_endereco_responde_429_em_portugues(client, settings):
    settings.SIMULADOR_LIMITE = "3/m"
    corpo = {"habitacoes_sede": 50, "populacao": 1001}
    respostas = [postar(client, URL_DISTRITO, corpo).status_code for _ in range(4)]
    assert respostas == [200, 200, 200, 429]
    assert "Aguarde um minuto" in postar(client, URL_DISTRITO, corpo).json()["detail"]
    # outro endereço não é afetado
    outro = client.post(
        URL_DISTRITO, json.dumps(corpo), content_type="application/json", REMOTE_ADDR="10.0.0.9"
    )
    assert outro.status_code == 200


def test_esquema_openapi_e_documentacao_sem_cdn(client):
    esquema = client.get("/api/schema/")
    assert esquema.status_code == 200
    texto = esquema.content.decode()
    for rota in (URL_MUNICIPIO, URL_DISTRITO, URL_TOPONIMO, URL_REVISAO):
        assert rota in texto
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    # Nenhum recurso vem de fora (o token CSRF aleatório pode conter "cdn": olha-se as URLs).
    externos = re.findall(r"""(?:src|href)=["'](?:https?:)?//[^"']+""", html)
    assert externos == []
    assert "cdn.jsdelivr" not in html and "unpkg.com" not in html
