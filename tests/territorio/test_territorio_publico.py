"""`GET /api/v1/processos/<numero>/territorio/`: o território de todo processo público em
GeoJSON (o arquivado também: a lista pública mostra todos), só da versão vigente do mapa do
Art. 15, II — nem a versão anulada, nem o arquivo enviado guardado ao lado do reparado, nem
o texto de um memorial em PDF — e descrito no OpenAPI."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from shapely.geometry import box, mapping, shape

from processos.models import Processo
from representacao.documentos import anular_documento, enviar_documento
from tests.representacao.construtores import juntar
from transparencia.dados_abertos import processos_publicos

from .test_mapa_do_processo import SOBRE_A_E_B, mapa, processo_de_a_e_b
from .test_reparo_na_juntada import GRAVATA, SHA_DA_GRAVATA

pytestmark = pytest.mark.django_db

OUTRO = mapping(box(-54.84, -11.95, -54.75, -11.85))


@pytest.fixture(autouse=True)
def sem_limite(settings):
    settings.SIMULADOR_LIMITE = "100000/m"


def territorio(client, processo):
    return client.get(f"/api/v1/processos/{processo.slug}/territorio/")


def test_vale_para_todo_processo_publico_com_mapa_desenhado(client, servidor, malha):
    com_mapa = processo_de_a_e_b(servidor)
    juntar(com_mapa, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    arquivado = processo_de_a_e_b(servidor)
    juntar(arquivado, servidor, "mapa_territorio", mapa(OUTRO), "outro.geojson")
    Processo.objects.filter(pk=arquivado.pk).update(estado="arquivado")  # atalho
    so_pdf = processo_de_a_e_b(servidor)
    juntar(so_pdf, servidor, "mapa_territorio")  # o mapa em PDF: sem geometria
    esperados = {com_mapa.pk: SOBRE_A_E_B, arquivado.pk: OUTRO}
    for processo in processos_publicos():
        resposta = territorio(client, processo)
        if processo.pk in esperados:
            assert resposta.status_code == 200
            assert shape(json.loads(resposta.content)["geometry"]).equals(
                shape(esperados[processo.pk])
            )
        else:
            assert resposta.status_code == 404
    assert processos_publicos().count() == 3


def test_versao_anulada_nao_aparece(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "m.geojson")
    anular_documento(documento_id=documento.pk, usuario=servidor, justificativa="Errado.")
    assert territorio(client, processo).status_code == 404


def test_do_mapa_reparado_sai_o_reparado_e_nada_do_enviado(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    enviar_documento(
        processo=processo,
        usuario=servidor,
        item="mapa_territorio",
        arquivo=SimpleUploadedFile("gravata.geojson", GRAVATA),
        confirmo_reparo=True,
        reparo_sha256=SHA_DA_GRAVATA,
    )
    resposta = territorio(client, processo)
    feicao = json.loads(resposta.content)
    assert feicao["geometry"]["type"] == "MultiPolygon"
    assert len(feicao["geometry"]["coordinates"]) == 2
    assert SHA_DA_GRAVATA not in resposta.content.decode()
    assert "gravata" not in resposta.content.decode()


def test_openapi_descreve_o_territorio_em_geojson(client, db):
    esquema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    caminho = esquema["paths"]["/api/v1/processos/{numero}/territorio/"]
    assert set(caminho) == {"get"}
    operacao = caminho["get"]
    assert {"200", "304", "400", "404", "429"} <= set(operacao["responses"])
    assert "application/geo+json" in operacao["responses"]["200"]["content"]
    assert "Art. 15, II" in operacao["description"]
