"""O simulador territorial público (tela e API): o mapa em qualquer formato e as origens
entram, a conferência e o rascunho do memorial saem, e nada é gravado; entrada ruim é 400 com
a mensagem em pt-BR; acima do limite de uso, 429."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from shapely.geometry import Polygon, box, mapping

from representacao.models import DocumentoRepresentacao
from territorio.models import ConferenciaTerritorial

from .arquivos_de_mapa import kml, kmz, shapefile_zip
from .malha_ficticia import CODIGOS

pytestmark = pytest.mark.django_db

SOBRE_A_E_B = box(-54.85, -11.95, -54.75, -11.85)  # ~120 km², metade em cada
ENTRA_EM_C = box(-54.95, -12.05, -54.85, -11.9)  # ~60 km² em C, que não é origem
OITO = Polygon([(-54.9, -11.9), (-54.85, -11.85), (-54.85, -11.9), (-54.9, -11.85)])
URL, API = "/simulador/territorio/", "/api/v1/simulacoes/territorio/"


def geojson(geometria) -> bytes:
    return json.dumps(
        {"type": "Feature", "properties": {}, "geometry": mapping(geometria)}
    ).encode()


@pytest.fixture
def malha(pasta, settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    call_command("carregar_malha", str(pasta), edicao="2024", verbosity=0)


def enviar(client, conteudo: bytes, nome: str, origens=("A", "B"), url=URL, **extra):
    dados = {
        "arquivo": SimpleUploadedFile(nome, conteudo),
        "origens": [CODIGOS[o] for o in origens],
        **extra,
    }
    return client.post(url, dados)


def test_pagina_lista_as_origens_da_malha(client, malha):
    html = client.get(URL).content.decode()
    assert "Simulador: território" in html and "Fictício A" in html and "Fictício C" in html


@pytest.mark.parametrize(
    ("conteudo", "nome"),
    [
        (geojson(SOBRE_A_E_B), "mapa.geojson"),
        (kml([SOBRE_A_E_B]), "mapa.kml"),
        (kmz(kml([SOBRE_A_E_B])), "mapa.kmz"),
        (shapefile_zip([SOBRE_A_E_B], 31981), "mapa.zip"),
    ],
)
def test_cada_formato_da_as_mesmas_figuras_e_nada_e_gravado(client, malha, conteudo, nome):
    resposta = enviar(client, conteudo, nome)
    html = resposta.content.decode()
    assert resposta.status_code == 200, html
    assert (
        "Conferência do território" in html and "Malha municipal <strong data-edicao>2024" in html
    )
    # ~120,6 km², metade de cada origem (~60,3 km² = 12,5 % de ~482 km²).
    assert "120,5" in html or "120,6" in html
    assert html.count("60,2") + html.count("60,3") >= 2
    assert "nenhuma sobreposição" in html
    assert "Começa no ponto P1" in html
    assert not DocumentoRepresentacao.objects.exists()
    assert not ConferenciaTerritorial.objects.exists()


def test_invasao_de_quem_nao_e_origem_aparece_com_nome_e_area(client, malha):
    html = enviar(client, geojson(ENTRA_EM_C), "m.geojson", origens=("A",)).content.decode()
    assert 'data-invasao="Fictício C"' in html


def test_o_mapa_desenhado_aparece_ao_lado_das_figuras(client, malha):
    """O mesmo desenho da página do processo: acessível (role="img", título), com o vizinho
    invadido nomeado; a API devolve só as figuras."""
    html = enviar(client, geojson(ENTRA_EM_C), "m.geojson", origens=("A",)).content.decode()
    figura = html[html.index("data-mapa-svg") : html.index("</figure>")]
    assert "<svg" in figura and 'role="img"' in figura and "<title" in figura
    assert "Fictício C" in figura


def test_contorno_que_se_cruza_pede_confirmacao_e_so_entao_e_conferido(client, malha):
    recusa = enviar(client, geojson(OITO), "oito.geojson")
    html = recusa.content.decode()
    assert recusa.status_code == 400
    assert "O contorno do desenho se cruza" in html and "data-antes" in html
    assert "Confirmo o reparo" in html and "Conferência do território" not in html
    aceito = enviar(client, geojson(OITO), "oito.geojson", reparar="on")
    assert aceito.status_code == 200
    assert "Desenho reparado com a sua confirmação" in aceito.content.decode()


def test_sem_origem_e_arquivo_ruim_dizem_o_que_falta(client, malha):
    resposta = client.post(URL, {"arquivo": SimpleUploadedFile("m.txt", b"ola")})
    html = resposta.content.decode()
    assert resposta.status_code == 400 and "Este campo é obrigatório" in html
    resposta = enviar(client, b"ola mundo", "m.txt")
    assert "GeoJSON, KML, KMZ ou shapefile" in resposta.content.decode()


def test_sem_malha_carregada_a_tela_diz_como_carregar(client, settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    html = client.get(URL).content.decode()
    assert "manage.py carregar_malha" in html


def test_api_devolve_as_figuras_e_o_rascunho_do_memorial(client, malha):
    resposta = enviar(client, shapefile_zip([SOBRE_A_E_B], 31982), "m.zip", url=API)
    assert resposta.status_code == 200, resposta.content
    dados = resposta.json()
    assert dados["edicao_da_malha"] == "2024"
    assert dados["area_km2"] == pytest.approx(120.6, abs=0.5) and dados["pedacos"] == 1
    assert [o["codigo_ibge"] for o in dados["origens"]] == [CODIGOS["A"], CODIGOS["B"]]
    assert dados["sobreposicoes"] == [] and dados["continuo"] is True
    assert dados["memorial_rascunho"].startswith("Começa no ponto P1")


def test_api_compara_o_memorial_colado_com_o_mapa(client, malha):
    primeiro = enviar(client, geojson(SOBRE_A_E_B), "m.geojson", url=API).json()
    resposta = enviar(
        client, geojson(SOBRE_A_E_B), "m.geojson", url=API, memorial=primeiro["memorial_rascunho"]
    )
    comparacao = resposta.json()["comparacao_do_memorial"]
    assert comparacao["iou"] >= 0.999 and comparacao["hausdorff_m"] < 1


def test_api_recusa_com_o_campo_e_o_reparo(client, malha):
    resposta = enviar(client, geojson(OITO), "oito.geojson", url=API)
    assert resposta.status_code == 400
    erro = resposta.json()
    assert "autointerseção" in erro["arquivo"][0]
    assert erro["reparo"]["pedacos_depois"] == 2
    assert enviar(client, geojson(OITO), "o.geojson", url=API, reparar="true").status_code == 200
    sem_origem = client.post(
        API, {"arquivo": SimpleUploadedFile("m.geojson", geojson(SOBRE_A_E_B))}
    )
    assert sem_origem.status_code == 400 and "origens" in sem_origem.json()
    fora = enviar(client, geojson(SOBRE_A_E_B), "m.geojson", url=API, origens=())
    assert fora.status_code == 400


def test_api_em_json_e_recusada_com_a_mensagem_do_multipart(client, malha):
    resposta = client.post(API, {"origens": [1]}, content_type="application/json")
    assert resposta.status_code == 400
    assert "multipart/form-data" in resposta.json()["detail"][0]


def test_api_origem_fora_da_malha_e_recusada(client, malha):
    resposta = client.post(
        API,
        {"arquivo": SimpleUploadedFile("m.geojson", geojson(SOBRE_A_E_B)), "origens": [5107909]},
    )
    assert resposta.status_code == 400 and "fora da malha 2024" in resposta.json()["origens"][0]


def test_limite_de_uso_responde_429(client, malha, settings):
    settings.SIMULADOR_LIMITE = "1/m"
    assert enviar(client, geojson(SOBRE_A_E_B), "m.geojson", url=API).status_code == 200
    resposta = enviar(client, geojson(SOBRE_A_E_B), "m.geojson", url=API)
    assert resposta.status_code == 429 and resposta["Retry-After"]
    assert client.get(URL).status_code == 429
