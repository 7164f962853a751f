"""O memorial descritivo juntado em PDF ao item do Art. 15, II: o texto extraído é lido como o
memorial colado e comparado com o mapa (área, Hausdorff); o PDF sem texto (digitalizado) fica
com a mensagem de que não dá para ler. A juntada nunca é recusada por isso."""

import pytest
from django.utils.html import escape
from weasyprint import HTML

from territorio.memorial.pdf import SEM_TEXTO
from territorio.models import ConferenciaTerritorial, LeituraDoMemorial
from tests.representacao.construtores import juntar, pdf_real

from .test_mapa_do_processo import SOBRE_A_E_B, mapa, pagina, processo_de_a_e_b

pytestmark = pytest.mark.django_db


def pdf_com_texto(texto: str) -> bytes:
    paragrafos = "".join(f"<p>{escape(p)}</p>" for p in texto.split("\n\n"))
    return HTML(string=f"<html><body>{paragrafos}</body></html>").write_pdf()


def com_mapa(servidor):
    processo = processo_de_a_e_b(servidor)
    juntar(processo, servidor, "mapa_territorio", mapa(SOBRE_A_E_B), "mapa.geojson")
    return processo


def test_memorial_em_pdf_e_lido_e_comparado_com_o_mapa(client, servidor, malha):
    processo = com_mapa(servidor)
    rascunho = ConferenciaTerritorial.objects.get().memorial_rascunho
    documento = juntar(processo, servidor, "mapa_territorio", pdf_com_texto(rascunho), "m.pdf")
    leitura = LeituraDoMemorial.objects.get(documento=documento)
    assert leitura.comparacao["fecha_poligono"] is True
    assert leitura.comparacao["iou"] >= 0.999
    assert leitura.comparacao["hausdorff_m"] < 1.0
    assert abs(leitura.comparacao["diferenca_km2"]) < 0.01
    assert leitura.mapa.nome_original == "mapa.geojson"
    html = pagina(client, servidor, processo)
    assert "Memorial em PDF juntado:" in html and "data-hausdorff" in html


def test_memorial_que_nao_confere_mostra_a_diferenca(client, servidor, malha):
    processo = com_mapa(servidor)
    # O memorial de um quadrado menor: a área descrita fica bem abaixo da do mapa.
    texto = (
        "Começa no ponto P1, de coordenadas latitude 11°51'00\" S e longitude 54°51'00\" W; "
        "daí segue até o ponto P2, de coordenadas latitude 11°51'00\" S e longitude "
        "54°48'00\" W; daí segue até o ponto P3, de coordenadas latitude 11°54'00\" S e "
        "longitude 54°48'00\" W; daí segue até o ponto P4, de coordenadas latitude 11°54'00\" S "
        "e longitude 54°51'00\" W; daí segue até o ponto P1, início desta descrição."
    )
    documento = juntar(processo, servidor, "mapa_territorio", pdf_com_texto(texto), "m.pdf")
    comparacao = LeituraDoMemorial.objects.get(documento=documento).comparacao
    assert comparacao["fecha_poligono"] and comparacao["diferenca_km2"] < -50
    assert comparacao["hausdorff_m"] > 1000


def test_pdf_sem_texto_diz_que_nao_da_para_ler_e_e_juntado(client, servidor, malha):
    processo = com_mapa(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", pdf_real(), "digitalizado.pdf")
    leitura = LeituraDoMemorial.objects.get(documento=documento)
    assert leitura.comparacao is None and leitura.mensagem == SEM_TEXTO
    html = pagina(client, servidor, processo)
    assert "não dá para ler o memorial" in html


def test_memorial_sem_mapa_desenhado_guarda_o_texto_sem_comparar(servidor, malha):
    processo = processo_de_a_e_b(servidor)
    documento = juntar(processo, servidor, "mapa_territorio", pdf_com_texto("P1 e P2."), "m.pdf")
    leitura = LeituraDoMemorial.objects.get(documento=documento)
    assert leitura.comparacao is None and "não há mapa desenhado" in leitura.mensagem
    assert "P1 e P2." in leitura.texto
