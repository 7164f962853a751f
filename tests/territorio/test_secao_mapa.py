"""A seção do território com o mapa desenhado, as divisas e as prévias calculadas do mapa
(Art. 2º, VI e Art. 8º), ao lado — nunca no lugar — da certidão da Cartografia; o mapa
também na página pública."""

import hashlib
import re

import pytest
from django.core.files.base import ContentFile
from shapely.geometry import box, mapping

from instrucao.models import Certidao, FiguraCertidao, Oficio
from requisitos.models import Municipio
from territorio.models import ConferenciaTerritorial
from tests.processos.construtores import INCISOS, PASSADO, PDF_MINIMO, protocolar
from tests.representacao.construtores import juntar

from .malha_ficticia import CODIGOS
from .test_mapa_do_processo import SOBRE_A_E_B, mapa, pagina

pytestmark = pytest.mark.django_db

# Faixa de norte a sul no meio de C: o remanescente de C fica em dois pedaços. (As áreas
# oficiais da malha fictícia são 480,5 km²: 20 % são 96,1 km², uma faixa de A de ~0,03987°.)
PARTE_C = mapping(box(-54.85, -12.2, -54.75, -12.0))


def processo_de(servidor, *nomes, **campos):
    origens = Municipio.objects.filter(codigo_ibge__in=[CODIGOS[n] for n in nomes])
    return protocolar(servidor, municipios=origens, **campos)


def previa(html: str, dispositivo: str) -> str:
    (item,) = re.findall(rf'<li data-previa="{dispositivo}">(.*?)</li>', html, re.S)
    return item


def certificar_continuidade(processo, usuario, continua: bool) -> None:
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
    FiguraCertidao.objects.create(
        certidao=certidao, chave="area", continuidade_territorial=continua
    )


def test_pagina_mostra_o_mapa_guardado_e_as_divisas(client, servidor, malha):
    processo = processo_de(servidor, "A", "B")
    documento = juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    svg = ConferenciaTerritorial.objects.get(documento=documento).mapa_svg
    assert svg.startswith("<svg") and 'role="img"' in svg
    html = pagina(client, servidor, processo)
    assert "data-mapa-svg" in html and svg in html
    divisas = re.search(r"<td data-divisas>(.*?)</td>", html, re.S).group(1)
    assert "km com o remanescente de Fictício A" in divisas
    assert "0 km sobre divisas já existentes" in divisas


def test_pagina_publica_mostra_o_mapa_sem_as_comparacoes(client, servidor, malha):
    processo = processo_de(servidor, "A", "B", area_movida="80", area_total="961")
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()
    assert "data-mapa-svg" in html and "data-edicao>2024<" in html
    assert "data-comparacoes" not in html and "data-previas" not in html


@pytest.mark.parametrize(
    ("desenho", "origens", "esperado"),
    [
        (SOBRE_A_E_B, ("A", "B"), "contínuo: território em 1 pedaço"),
        (PARTE_C, ("C",), "descontínuo"),
    ],
)
def test_previa_da_continuidade_art_2_vi_antes_da_certidao(
    client, servidor, malha, desenho, origens, esperado
):
    processo = processo_de(servidor, *origens)
    juntar(processo, servidor, "mapa_territorio", mapa(desenho), "mapa.geojson")
    item = previa(pagina(client, servidor, processo), "Art. 2º, VI")
    assert "prévia calculada do mapa" in item and esperado in item
    assert "a certidão da Cartografia ainda não chegou" in item


@pytest.mark.parametrize(
    ("continua", "veredito"), [(False, "data-confere"), (True, "data-diverge")]
)
def test_previa_da_continuidade_ao_lado_da_certificada(client, servidor, malha, continua, veredito):
    processo = processo_de(servidor, "C")
    juntar(processo, servidor, "mapa_territorio", mapa(PARTE_C), "mapa.geojson")
    certificar_continuidade(processo, servidor, continua)
    item = previa(pagina(client, servidor, processo), "Art. 2º, VI")
    assert "remanescente de Fictício C em 2 pedaços" in item and veredito in item


@pytest.mark.parametrize(
    ("largura_graus", "conclusao"),
    [
        (0.0398, "não superior a 20 %: consulta plebiscitária dispensada"),
        (0.0400, "superior a 20 %: a consulta plebiscitária é necessária"),
    ],
)
def test_previa_do_art_8_na_revisao_de_limites_dos_dois_lados_de_20_por_cento(
    client, servidor, malha, largura_graus, conclusao
):
    processo = processo_de(
        servidor, "A", tipo="revisao_limites", area_movida="96", area_total="480"
    )
    faixa = mapping(box(-55.0, -12.0, -55.0 + largura_graus, -11.8))
    juntar(processo, servidor, "mapa_territorio", mapa(faixa), "mapa.geojson")
    item = previa(pagina(client, servidor, processo), "Art. 8º")
    assert "prévia calculada do mapa" in item and conclusao in item
