"""O mapa e as figuras da conferência no parecer preliminar (Art. 17, II): o desenho que
invade um vizinho, parte um remanescente ou diverge da área certificada aparece com as
figuras; o que concorda, "confere". A página do processo diz o mesmo."""

import pytest
from django.utils import timezone
from shapely.geometry import box, mapping

from documentos.models import Documento
from processos.services import praticar_ato
from tests.documentos.auxiliares import texto
from tests.representacao.construtores import instruir_representacao, juntar

from .test_mapa_do_processo import ENTRA_EM_C, SOBRE_A_E_B, certificar_area, mapa, pagina
from .test_secao_mapa import processo_de

pytestmark = pytest.mark.django_db

# Uma faixa de norte a sul no meio de A e de C, que são as origens: os dois remanescentes
# ficam em dois pedaços.
PARTE_A_E_C = mapping(box(-54.9, -12.2, -54.85, -11.8))


@pytest.fixture
def midia(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.URL_PUBLICA = "https://emancipacao.al.mt.gov.br"


def instruido_com(processo, servidor, desenho=None):
    """A representação completa (PDF em cada item) e, além deles, o desenho em GeoJSON."""
    instruir_representacao(processo, servidor)
    if desenho is not None:
        juntar(processo, servidor, "mapa_territorio", mapa(desenho), "mapa.geojson")
    return processo


def parecer_preliminar(processo, servidor, presidente) -> str:
    hoje = timezone.localdate()
    atos = [
        (
            "receber_na_crt",
            servidor,
            {
                "declara_documentos_art15": True,
                "declara_representacao_valida": True,
                "data_distribuicao_deputados": hoje.isoformat(),
                "data_publicacao": hoje.isoformat(),
            },
        ),
        (
            "registrar_visita",
            servidor,
            {
                "membros_presentes": "Dep. Fulano",
                "levantamento_socioeconomico": "Comércio.",
                "relatorio_circunstanciado": "Visita à sede.",
                "condicoes_instalacao": True,
            },
        ),
        (
            "emitir_parecer_preliminar",
            presidente,
            {"conclusao": "solicitar_documentos", "texto_parecer": "Pela solicitação."},
        ),
    ]
    for nome, usuario, dados in atos:
        praticar_ato(
            processo_id=processo.pk, nome_ato=nome, usuario=usuario, data_ato=hoje, dados=dados
        )
    documento = Documento.objects.get(processo=processo, tipo="parecer_preliminar")
    return " ".join(texto(documento.arquivo.path).split())


def test_parecer_aponta_a_invasao_e_a_area_que_diverge(client, servidor, presidente, malha, midia):
    processo = processo_de(servidor, "A", "B", area_movida="80", area_total="961")
    instruido_com(processo, servidor, ENTRA_EM_C)
    pdf = parecer_preliminar(processo, servidor, presidente)
    assert "malha municipal 2024" in pdf
    assert "o desenho entra em Fictício C, que não é município de origem: 60,23 km²" in pdf
    assert "Área a desmembrar informada: 80 km²" in pdf and "diverge em" in pdf
    html = pagina(client, servidor, processo)
    assert "Fictício C: 60,23 km²" in html and "data-diverge" in html and "data-mapa-svg" in html


def test_parecer_aponta_os_remanescentes_partidos_art_1_par_1(servidor, presidente, malha, midia):
    processo = processo_de(servidor, "A", "C")
    instruido_com(processo, servidor, PARTE_A_E_C)
    pdf = parecer_preliminar(processo, servidor, presidente)
    assert "o remanescente de Fictício A fica em 2 pedaços (Art. 1º, § 1º)" in pdf
    assert "o remanescente de Fictício C fica em 2 pedaços (Art. 1º, § 1º)" in pdf
    assert "Art. 2º, VI — prévia calculada do mapa: descontínuo" in pdf


def test_parecer_diz_confere_quando_o_mapa_concorda(client, servidor, presidente, malha, midia):
    processo = processo_de(servidor, "A", "B", area_movida="120.6", area_total="961")
    instruido_com(processo, servidor, SOBRE_A_E_B)
    certificar_area(processo, servidor, "120")
    pdf = parecer_preliminar(processo, servidor, presidente)
    assert "Achados: nenhum" in pdf
    assert "Área certificada pela Cartografia: 120 km²" in pdf
    assert "diverge" not in pdf and pdf.count("— confere") >= 3
    html = pagina(client, servidor, processo)
    assert "data-diverge" not in html and "nenhuma sobreposição" in html


def test_parecer_sem_mapa_conferido_nao_tem_a_secao(servidor, presidente, malha, midia):
    processo = instruido_com(processo_de(servidor, "A", "B"), servidor)
    pdf = parecer_preliminar(processo, servidor, presidente)
    assert "Território conferido" not in pdf


def test_remanescente_partido_na_pagina_e_no_parecer_com_o_mapa(
    client, servidor, presidente, malha, midia
):
    """Issue 28, "Done when": o remanescente partido (Art. 1º, § 1º) aparece com as figuras
    e o mapa também na página do processo, e o mapa (a legenda dele) no parecer."""
    processo = processo_de(servidor, "A", "C")
    instruido_com(processo, servidor, PARTE_A_E_C)
    html = " ".join(pagina(client, servidor, processo).split())
    assert html.count("remanescente descontínuo (Art. 1º, § 1º)") == 2
    assert "data-mapa-svg" in html and "Pedaço solto" in html
    pdf = parecer_preliminar(processo, servidor, presidente)
    assert "Remanescente de Fictício A" in pdf and "Pedaço solto" in pdf


def test_parecer_aponta_a_area_certificada_que_diverge_do_mapa(servidor, presidente, malha, midia):
    """Issue 28, "Done when": a divergência com a área certificada pela Cartografia (não só
    com a digitada) também aparece no parecer; o outro lado é o "confere" acima (120 km²)."""
    processo = processo_de(servidor, "A", "B", area_movida="120.6", area_total="961")
    instruido_com(processo, servidor, SOBRE_A_E_B)
    certificar_area(processo, servidor, "110")
    pdf = parecer_preliminar(processo, servidor, presidente)
    trecho = pdf[pdf.index("Área certificada pela Cartografia: 110 km²") :][:200]
    assert "diverge em" in trecho, trecho
