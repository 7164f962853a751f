"""O mapa do Art. 15, II juntado também em KMZ e shapefile; o rascunho do memorial gerado
quando ele é juntado, guardado com a conferência e mostrado na página do processo; e o
território do processo na API de dados abertos, em GeoJSON (a geometria do mapa juntado)."""

import io
import json
import zipfile

import pytest
from shapely.geometry import box, shape

from documentos.arquivos import ArquivoRecusado
from processos.models import AtoRecusado
from territorio.models import ConferenciaTerritorial
from tests.representacao.construtores import juntar

from .arquivos_de_mapa import kml, kmz, shapefile_zip
from .test_mapa_do_processo import SOBRE_A_E_B, mapa, pagina, processo_de_a_e_b

pytestmark = pytest.mark.django_db


def test_mapa_juntado_guarda_o_rascunho_e_a_pagina_o_mostra(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    conferencia = ConferenciaTerritorial.objects.get(documento=documento)
    assert conferencia.memorial_rascunho.startswith("Começa no ponto P1, de coordenadas")
    assert "Malha Municipal 2024 do IBGE" in conferencia.memorial_rascunho
    html = pagina(client, servidor, processo)
    assert "Memorial descritivo (Art. 15, II)" in html and "Rascunho gerado do mapa" in html
    assert "Começa no ponto P1" in html and "para a CRT revisar e adotar" in html


def test_sem_mapa_nao_ha_secao_do_memorial(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    assert "rascunho gerado do mapa" not in pagina(client, servidor, processo)


def test_api_devolve_o_territorio_do_processo_em_geojson(client, servidor, malha, settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    processo = processo_de_a_e_b(servidor)
    url = f"/api/v1/processos/{processo.slug}/territorio/"
    sem_mapa = client.get(url)
    assert sem_mapa.status_code == 404 and "não tem mapa do território" in sem_mapa.json()["detail"]
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    resposta = client.get(url)
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/geo+json"
    feicao = json.loads(resposta.content)
    assert feicao["type"] == "Feature"
    # RFC 7946, 3.1.6: o anel externo em sentido anti-horário.
    assert shape(feicao["geometry"]).exterior.is_ccw
    assert shape(feicao["geometry"]).equals(shape(SOBRE_A_E_B))
    assert feicao["properties"]["edicao_da_malha"] == "2024"
    assert feicao["properties"]["area_km2"] == pytest.approx(120.6, abs=0.5)
    # Uma nova versão do mapa substitui a anterior na resposta.
    nova = box(-54.84, -11.95, -54.75, -11.85)
    juntar(processo, servidor, "mapa_territorio", mapa(nova.__geo_interface__), "v2.geojson", 1)
    feicao = client.get(url, HTTP_ACCEPT="application/json").json()
    assert shape(feicao["geometry"]).equals(nova)
    assert feicao["properties"]["versoes_do_mapa"] == [2]


def test_api_territorio_de_processo_inexistente_e_404(client, db, settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    assert client.get("/api/v1/processos/9999-2020/territorio/").status_code == 404
    assert client.get("/api/v1/processos/abc/territorio/").status_code == 400


@pytest.mark.parametrize(
    ("conteudo", "nome", "tipo"),
    [
        (lambda: kmz(kml([box(-54.85, -11.95, -54.75, -11.85)])), "mapa.kmz", "KMZ"),
        (
            lambda: shapefile_zip([box(-54.85, -11.95, -54.75, -11.85)], 31981),
            "mapa.zip",
            "Shapefile (ZIP)",
        ),
    ],
)
def test_mapa_juntado_em_kmz_ou_shapefile_e_conferido(
    client, servidor, malha, conteudo, nome, tipo
):
    """Art. 15, II: o mapa compactado também é lido e conferido (o shapefile em UTM 21S)."""
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", conteudo(), nome)
    assert documento.get_tipo_conteudo_display() == tipo
    conferencia = ConferenciaTerritorial.objects.get(documento=documento)
    assert conferencia.resultado["area_km2"] == pytest.approx(120.6, abs=0.5)
    assert "Território — conferência do mapa" in pagina(client, servidor, processo)


def test_zip_sem_mapa_ou_mapa_compactado_invalido_e_recusado_sem_gravar(servidor, malha):
    processo = processo_de_a_e_b(servidor)
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as pacote:
        pacote.writestr("leia-me.txt", "nada")
    with pytest.raises((AtoRecusado, ArquivoRecusado), match="sem mapa dentro"):
        juntar(processo, servidor, "mapa_territorio", saida.getvalue(), "mapa.zip")
    linhas = shapefile_zip([box(-54.85, -11.95, -54.75, -11.85)], 4674, tipo=3)
    with pytest.raises((AtoRecusado, ArquivoRecusado), match="traz pontos ou linhas"):
        juntar(processo, servidor, "mapa_territorio", linhas, "linhas.zip")
    assert not processo.documentos_representacao.exists()


def test_mapa_que_se_cruza_e_recusado_na_juntada_dizendo_a_area_antes_e_depois(servidor, malha):
    processo = processo_de_a_e_b(servidor)
    oito = {
        "type": "Polygon",
        "coordinates": [
            [
                [-54.85, -11.95],
                [-54.75, -11.85],
                [-54.75, -11.95],
                [-54.85, -11.85],
                [-54.85, -11.95],
            ]
        ],
    }
    with pytest.raises(AtoRecusado, match=r"mede 0,00 km²; reparado .* 60,\d\d km² em 2 pedaço"):
        juntar(processo, servidor, "mapa_territorio", mapa(oito), "oito.geojson")
    assert not processo.documentos_representacao.exists()
