"""O mapa do Art. 15, II juntado em GeoJSON: desenho inválido é recusado sem gravar nada; com
a malha carregada, as figuras ficam com a versão do mapa, a edição e a hora, e a página do
processo as mostra ao lado das áreas informadas — "confere" ou a divergência."""

import hashlib
import json
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from shapely.geometry import box, mapping

from instrucao.models import Certidao, FiguraCertidao, Oficio
from processos.models import AtoRecusado
from representacao.models import DocumentoRepresentacao
from requisitos.models import Municipio
from territorio.models import ConferenciaTerritorial
from territorio.secao import diverge
from tests.processos.construtores import INCISOS, PASSADO, PDF_MINIMO, protocolar
from tests.representacao.construtores import juntar

from .malha_ficticia import CODIGOS

pytestmark = pytest.mark.django_db


def mapa(geometria) -> bytes:
    feicao = {"type": "Feature", "properties": {}, "geometry": geometria}
    return json.dumps({"type": "FeatureCollection", "features": [feicao]}).encode()


SOBRE_A_E_B = mapping(box(-54.85, -11.95, -54.75, -11.85))  # ~120 km², metade em cada
ENTRA_EM_C = mapping(box(-54.95, -12.05, -54.85, -11.9))  # ~60 km² em C, que não é origem


def processo_de_a_e_b(servidor, **campos):
    origens = Municipio.objects.filter(codigo_ibge__in=[CODIGOS["A"], CODIGOS["B"]])
    return protocolar(servidor, municipios=origens, **campos)


def pagina(client, servidor, processo) -> str:
    client.force_login(servidor)
    return client.get(f"/processos/{processo.slug}/").content.decode()


def test_mapa_juntado_guarda_as_figuras_com_a_edicao(servidor, malha):
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    conferencia = ConferenciaTerritorial.objects.get(documento=documento)
    assert conferencia.edicao.nome == "2024" and conferencia.calculada_em
    assert conferencia.resultado["edicao"] == "2024"
    assert [o["nome"] for o in conferencia.resultado["origens"]] == ["Fictício A", "Fictício B"]
    assert conferencia.resultado["area_km2"] == pytest.approx(120.6, abs=1)


@pytest.mark.parametrize(
    ("geometria", "mensagem"),
    [
        ({"type": "Point", "coordinates": [-54.8, -11.9]}, "como polígono"),
        (
            {
                "type": "Polygon",
                "coordinates": [
                    [[-54.9, -11.9], [-54.8, -11.8], [-54.8, -11.9], [-54.9, -11.8], [-54.9, -11.9]]
                ],
            },
            "autointerseção",
        ),
        (
            {
                "type": "Polygon",
                "coordinates": [[[-11.9, -54.9], [-11.9, -54.8], [-11.8, -54.8], [-11.9, -54.9]]],
            },
            "trocadas",
        ),
        (mapping(box(-60.0, -10.0, -59.9, -9.9)), "não toca nenhum município"),
    ],
    ids=["ponto", "gravata", "lat-lon", "fora-da-malha"],
)
def test_mapa_que_nao_serve_e_recusado_sem_gravar_nada(servidor, malha, geometria, mensagem):
    processo = processo_de_a_e_b(servidor)
    with pytest.raises(AtoRecusado, match=mensagem):
        juntar(processo, servidor, "mapa_territorio", mapa(geometria), "mapa.geojson")
    assert not DocumentoRepresentacao.objects.exists()
    assert not ConferenciaTerritorial.objects.exists()


@pytest.mark.parametrize(
    ("medido", "informado", "diverge_"),
    [
        (101.0, 100, False),
        (101.01, 100, True),
        (1010.0, 1000, False),
        (1010.01, 1000, True),
        (989.99, 1000, True),
    ],
)
def test_diverge_acima_de_1_km2_e_de_1_por_cento(medido, informado, diverge_):
    assert diverge(medido, informado) is diverge_


def test_pagina_mostra_confere_ao_lado_da_area_informada(client, servidor, malha):
    processo = processo_de_a_e_b(servidor, area_movida="120.6", area_total="961")
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    html = pagina(client, servidor, processo)
    assert 'data-secao="territorio"' in html and "data-edicao>2024<" in html
    assert html.count("data-confere") == 2 and "data-diverge" not in html
    assert "nenhuma sobreposição" in html


def test_pagina_aponta_invasao_e_area_que_diverge(client, servidor, malha):
    processo = processo_de_a_e_b(servidor, area_movida="80", area_total="961")
    juntar(processo, servidor, "mapa_territorio", mapa(ENTRA_EM_C), "mapa.geojson")
    html = pagina(client, servidor, processo)
    assert "Fictício C: 60,23 km²" in html
    assert "data-diverge" in html


def test_sem_malha_o_mapa_e_juntado_e_a_pagina_diz_como_carregar(client, servidor):
    processo = protocolar(servidor)
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    assert not ConferenciaTerritorial.objects.exists()
    assert "manage.py carregar_malha" in pagina(client, servidor, processo)


def test_nova_edicao_nao_muda_a_conferencia_ja_gravada(servidor, malha, pasta):
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    antes = ConferenciaTerritorial.objects.get(documento=documento).resultado
    call_command("carregar_malha", str(pasta), edicao="2025", verbosity=0)
    conferencia = ConferenciaTerritorial.objects.get(documento=documento)
    assert conferencia.edicao.nome == "2024" and conferencia.resultado == antes


def certificar_area(processo, usuario, area_km2: str) -> None:
    """A certidão da Cartografia com a área da unidade a desmembrar (só esse número)."""
    oficio = Oficio.objects.create(
        processo=processo,
        orgao="cartografia",
        incisos=INCISOS["cartografia"],
        numero="C-1",
        enviado_em=PASSADO,
        criado_por=usuario,
        respondido_em=PASSADO,
    )
    certidao = Certidao.objects.create(
        oficio=oficio,
        numero="CERT-1",
        data=PASSADO,
        arquivo=ContentFile(PDF_MINIMO, name="certidao.pdf"),
        sha256=hashlib.sha256(PDF_MINIMO).hexdigest(),
        exercicio=2024,
        registrada_por=usuario,
    )
    FiguraCertidao.objects.create(certidao=certidao, chave="area", area_km2=Decimal(area_km2))


@pytest.mark.parametrize(
    ("certificada", "veredito"), [("120", "data-confere"), ("110", "data-diverge")]
)
def test_area_certificada_pela_cartografia_ao_lado_da_medida(
    client, servidor, malha, certificada, veredito
):
    processo = processo_de_a_e_b(servidor)
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    certificar_area(processo, servidor, certificada)
    html = pagina(client, servidor, processo)
    trecho = html[html.index("Área certificada pela Cartografia") :]
    assert trecho.index(veredito) < trecho.index("</li>")


def test_mapa_em_kml_tambem_e_conferido(servidor, malha):
    processo = processo_de_a_e_b(servidor)
    anel = " ".join(f"{x},{y}" for x, y in SOBRE_A_E_B["coordinates"][0])
    conteudo = (
        '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2">'
        "<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>"
        f"{anel}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>"
    ).encode()
    documento = juntar(processo, servidor, "mapa_territorio", conteudo, "mapa.kml")
    figuras = ConferenciaTerritorial.objects.get(documento=documento).resultado
    assert figuras["area_km2"] == pytest.approx(120.6, abs=1)


def test_tela_de_envio_devolve_o_motivo_do_desenho_recusado(client, servidor, malha, settings):
    processo = processo_de_a_e_b(servidor)
    client.force_login(servidor)
    trocado = {
        "type": "Polygon",
        "coordinates": [[[y, x] for x, y in SOBRE_A_E_B["coordinates"][0]]],
    }
    resposta = client.post(
        f"/processos/{processo.slug}/documentos-art15/",
        {"item": "mapa_territorio", "arquivo": SimpleUploadedFile("mapa.geojson", mapa(trocado))},
    )
    assert resposta.status_code == 400
    assert "longitude e latitude trocadas" in resposta.content.decode()
    assert not DocumentoRepresentacao.objects.exists()
