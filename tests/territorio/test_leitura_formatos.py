"""KMZ e shapefile em ZIP (Art. 15, II: o mapa do território), com o .prj honrado: SIRGAS
2000 ou WGS 84 em lon/lat e UTM 20S a 22S convertidos; o que não serve é recusado com a
mensagem em pt-BR. O contorno que se cruza só é reparado com a confirmação."""

import io
import zipfile

import pytest
from shapely.geometry import Polygon

from documentos.arquivos import orcamento
from territorio.conferencia import area_km2
from territorio.leitura import DesenhoReparavel, GeometriaRecusada, ler_mapa

from .arquivos_de_mapa import em_epsg, kml, kmz, shapefile_zip

QUADRADO = Polygon([(-54.9, -11.9), (-54.8, -11.9), (-54.8, -11.8), (-54.9, -11.8)])
COM_FURO = Polygon(
    QUADRADO.exterior.coords,
    [[(-54.87, -11.87), (-54.83, -11.87), (-54.83, -11.83), (-54.87, -11.83)]],
)
OITO = Polygon([(-54.9, -11.9), (-54.8, -11.8), (-54.8, -11.9), (-54.9, -11.8)])


def test_kmz_e_lido_como_o_kml_de_dentro():
    desenho = ler_mapa(kmz(kml([COM_FURO])))
    assert desenho.equals(COM_FURO)
    assert area_km2(desenho) == pytest.approx(area_km2(COM_FURO))


def test_kmz_sem_kml_dentro_e_recusado():
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as pacote:
        pacote.writestr("leia-me.txt", "nada")
    with pytest.raises(GeometriaRecusada, match="KMZ .* ou um shapefile"):
        ler_mapa(saida.getvalue())


@pytest.mark.parametrize("epsg", [4674, 4326, 31981, 32721])
def test_shapefile_com_prj_e_convertido_para_lonlat(epsg):
    desenho = ler_mapa(shapefile_zip([COM_FURO], epsg))
    # A conversão dos vértices mantém a área (os lados de ~11 km ficam retos): < 0,01 %.
    assert area_km2(desenho) == pytest.approx(area_km2(COM_FURO), rel=1e-4)
    assert desenho.symmetric_difference(COM_FURO).area < 1e-6 * COM_FURO.area


@pytest.mark.parametrize("epsg", [31980, 31982])
def test_shapefile_nas_zonas_vizinhas_de_mato_grosso(epsg):
    # A zona 20S (meridiano central 63° O) e a 22S (51° O) cobrem as pontas do Estado; um
    # polígono de 54,85° O escrito nelas (fora da zona) volta ao mesmo lugar.
    desenho = ler_mapa(shapefile_zip([QUADRADO], epsg))
    assert desenho.centroid.distance(QUADRADO.centroid) < 1e-6


def test_shapefile_sem_prj_em_graus_e_sirgas_e_em_metros_e_recusado():
    assert ler_mapa(shapefile_zip([QUADRADO], None)).equals(QUADRADO)
    utm = em_epsg(QUADRADO, 31981)
    with pytest.raises(GeometriaRecusada, match=r"não traz o arquivo \.prj"):
        ler_mapa(shapefile_zip([utm], None))


def test_prj_em_sistema_nao_aceito_e_recusado():
    # SIRGAS 2000 / Brazil Polyconic (EPSG 5880): não é equivalente nem aceito.
    zipado = shapefile_zip([QUADRADO], 5880)
    with pytest.raises(GeometriaRecusada, match="não converte; exporte o mapa em SIRGAS 2000"):
        ler_mapa(zipado)


def test_shapefile_de_linhas_e_recusado():
    with pytest.raises(GeometriaRecusada, match="traz pontos ou linhas"):
        ler_mapa(shapefile_zip([QUADRADO], 4674, tipo=3))


def test_shapefile_truncado_e_recusado():
    zipado = shapefile_zip([QUADRADO], 4674)
    pacote = zipfile.ZipFile(io.BytesIO(zipado))
    shp = pacote.read("territorio.shp")
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as novo:
        novo.writestr("territorio.shp", shp[:-20])
    with pytest.raises(GeometriaRecusada, match="malformado ou truncado"):
        ler_mapa(saida.getvalue())


def test_zip_que_se_abre_alem_do_limite_e_recusado(monkeypatch):
    monkeypatch.setattr(orcamento, "LIMITE_MAPA_DESCOMPRIMIDO", 1000)
    with pytest.raises(GeometriaRecusada, match="se abre em mais de"):
        ler_mapa(kmz(kml([QUADRADO]) + b" " * 2000))


def test_bomba_de_descompressao_e_recusada():
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as pacote:
        pacote.writestr("doc.kml", b"<kml>" + b" " * (orcamento.PISO_DA_RAZAO + 10) + b"</kml>")
    with pytest.raises(GeometriaRecusada, match="comprimido mais de 100 vezes"):
        ler_mapa(saida.getvalue())


def test_zip_com_arquivos_demais_e_recusado():
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as pacote:
        for n in range(orcamento.LIMITE_ARQUIVOS_ZIP + 1):
            pacote.writestr(f"{n}.txt", "")
    with pytest.raises(GeometriaRecusada, match="mais de 100 arquivos"):
        ler_mapa(saida.getvalue())


def test_shapefile_com_pontos_demais_e_recusado(monkeypatch):
    monkeypatch.setattr(orcamento, "LIMITE_PONTOS_SHAPEFILE", 4)
    with pytest.raises(GeometriaRecusada, match="mais de 4 pontos"):
        ler_mapa(shapefile_zip([QUADRADO], 4674))


def test_zip_corrompido_e_recusado():
    with pytest.raises(GeometriaRecusada, match="corrompido"):
        ler_mapa(b"PK\x03\x04" + b"\x00" * 40)


def test_autointersecao_sem_confirmacao_recusa_mostrando_a_area_antes_e_depois():
    with pytest.raises(DesenhoReparavel) as erro:
        ler_mapa(shapefile_zip([OITO], 4674))
    reparo = erro.value.reparo
    # O "8" de dois triângulos iguais: como desenhado, os laços se anulam (~0 km²); reparado,
    # dois triângulos de um quarto do quadrado cada.
    assert reparo.area_antes_km2 == pytest.approx(0, abs=0.01)
    assert reparo.area_depois_km2 == pytest.approx(area_km2(QUADRADO) / 2, rel=1e-6)
    assert reparo.pedacos_depois == 2
    assert "confirme o reparo" in str(erro.value)


def test_autointersecao_com_confirmacao_e_reparada():
    desenho = ler_mapa(kml([OITO]), reparar=True)
    assert desenho.is_valid and len(desenho.geoms) == 2
    assert area_km2(desenho) == pytest.approx(area_km2(QUADRADO) / 2, rel=1e-6)


def test_formato_desconhecido_e_recusado():
    with pytest.raises(GeometriaRecusada, match="GeoJSON, KML, KMZ ou shapefile"):
        ler_mapa(b"%PDF-1.7 ...")


def test_geojson_antigo_com_crs_utm_e_convertido():
    import json

    from shapely.geometry import mapping

    utm = em_epsg(QUADRADO, 31981)
    dados = {
        "type": "Feature",
        "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::31981"}},
        "geometry": mapping(utm),
        "properties": {},
    }
    desenho = ler_mapa(json.dumps(dados).encode())
    assert area_km2(desenho) == pytest.approx(area_km2(QUADRADO), rel=1e-4)
