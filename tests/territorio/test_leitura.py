"""O mapa do Art. 15, II lido como polígono: o que não serve é recusado com a mensagem."""

import json

import pytest

from territorio.leitura import GeometriaRecusada, ler_geojson, ler_kml

QUADRADO = [[-54.9, -11.9], [-54.8, -11.9], [-54.8, -11.8], [-54.9, -11.8], [-54.9, -11.9]]


def geojson(geometria) -> bytes:
    feicao = {"type": "Feature", "properties": {}, "geometry": geometria}
    return json.dumps({"type": "FeatureCollection", "features": [feicao]}).encode()


def test_poligono_em_mato_grosso_e_lido():
    desenho = ler_geojson(geojson({"type": "Polygon", "coordinates": [QUADRADO]}))
    assert desenho.geom_type == "Polygon" and desenho.is_valid


@pytest.mark.parametrize(
    ("geometria", "mensagem"),
    [
        ({"type": "Point", "coordinates": [-54.9, -11.9]}, "como polígono"),
        ({"type": "LineString", "coordinates": QUADRADO}, "como polígono"),
        ({"type": "Polygon", "coordinates": []}, "vazio"),
        (
            {
                "type": "Polygon",
                "coordinates": [
                    [[-54.9, -11.9], [-54.8, -11.8], [-54.8, -11.9], [-54.9, -11.8], [-54.9, -11.9]]
                ],
            },
            "autointerseção",
        ),
        ({"type": "Polygon", "coordinates": [[[y, x] for x, y in QUADRADO]]}, "trocadas"),
        (
            {"type": "Polygon", "coordinates": [[[x - 10, y] for x, y in QUADRADO]]},
            "fora de Mato Grosso",
        ),
    ],
    ids=["ponto", "linha", "vazio", "gravata", "lat-lon", "fora-de-mt"],
)
def test_desenho_que_nao_serve_e_recusado_com_o_motivo(geometria, mensagem):
    with pytest.raises(GeometriaRecusada, match=mensagem):
        ler_geojson(geojson(geometria))


def test_texto_que_nao_e_json_e_recusado():
    with pytest.raises(GeometriaRecusada, match="não é um GeoJSON legível"):
        ler_geojson(b"<kml/>")


def kml(corpo: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
        f"<Document><Placemark>{corpo}</Placemark></Document></kml>"
    ).encode()


def anel(pontos) -> str:
    return " ".join(f"{x},{y},0" for x, y in pontos)


def test_poligono_em_kml_e_lido():
    corpo = (
        "<Polygon><outerBoundaryIs><LinearRing><coordinates>"
        f"{anel(QUADRADO)}</coordinates></LinearRing></outerBoundaryIs></Polygon>"
    )
    desenho = ler_kml(kml(corpo))
    assert desenho.geom_type == "Polygon" and desenho.bounds == (-54.9, -11.9, -54.8, -11.8)


@pytest.mark.parametrize(
    ("corpo", "mensagem"),
    [
        ("<Point><coordinates>-54.9,-11.9,0</coordinates></Point>", "como polígono"),
        ("", "vazio"),
        (
            "<Polygon><outerBoundaryIs><LinearRing><coordinates>"
            f"{anel([(y, x) for x, y in QUADRADO])}"
            "</coordinates></LinearRing></outerBoundaryIs></Polygon>",
            "trocadas",
        ),
    ],
    ids=["ponto", "vazio", "lat-lon"],
)
def test_kml_que_nao_serve_e_recusado_com_o_motivo(corpo, mensagem):
    with pytest.raises(GeometriaRecusada, match=mensagem):
        ler_kml(kml(corpo))
