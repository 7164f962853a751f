"""Art. 15, II: o mapa juntado cujo contorno se cruza é recusado com o que o reparo mudaria
(a área como desenhada, a reparada, os pedaços) e nada é gravado; a CRT que confirma o reparo
do mesmo arquivo o junta reparado, com o Andamento e o arquivo enviado guardado ao lado."""

import hashlib
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from processos.models import Andamento, ArquivoReparavel
from representacao.documentos import enviar_documento
from representacao.models import DocumentoRepresentacao
from territorio.models import ConferenciaTerritorial, MapaReparado

from .test_mapa_do_processo import mapa, processo_de_a_e_b

pytestmark = pytest.mark.django_db

# Uma "gravata": o contorno se cruza no meio; reparado, são dois triângulos de ~30 km².
GRAVATA = mapa(
    {
        "type": "Polygon",
        "coordinates": [
            [[-54.9, -11.9], [-54.8, -11.8], [-54.8, -11.9], [-54.9, -11.8], [-54.9, -11.9]]
        ],
    }
)
SHA_DA_GRAVATA = hashlib.sha256(GRAVATA).hexdigest()


def enviar(client, processo, **extra):
    dados = {"item": "mapa_territorio", "versao_vista": "0", **extra}
    dados["arquivo"] = SimpleUploadedFile("gravata.geojson", GRAVATA)
    return client.post(f"/processos/{processo.slug}/documentos-art15/", dados)


def nada_gravado(processo, andamentos: int) -> bool:
    return (
        not DocumentoRepresentacao.objects.exists()
        and not MapaReparado.objects.exists()
        and processo.andamentos.count() == andamentos
    )


def test_servico_recusa_sem_confirmacao_com_as_figuras_do_reparo(servidor, malha):
    processo = processo_de_a_e_b(servidor)
    with pytest.raises(ArquivoReparavel) as erro:
        enviar_documento(
            processo=processo,
            usuario=servidor,
            item="mapa_territorio",
            arquivo=SimpleUploadedFile("gravata.geojson", GRAVATA),
        )
    figuras = dict(erro.value.figuras)
    assert figuras["Área do contorno como desenhado"] == "0,00 km²"
    assert figuras["Pedaços depois do reparo"] == "2"
    assert erro.value.sha256 == SHA_DA_GRAVATA
    assert nada_gravado(processo, 1)


def test_tela_recusa_e_mostra_o_reparo_sem_gravar(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    client.force_login(servidor)
    resposta = enviar(client, processo)
    html = resposta.content.decode()
    assert resposta.status_code == 400
    assert "O contorno do mapa se cruza: nada foi juntado" in html
    assert "Confirmo o reparo" in html and f'value="{SHA_DA_GRAVATA}"' in html
    assert re.search(r"data-figura-reparo>\s*2\s*<", html)  # os dois pedaços
    assert nada_gravado(processo, 1)


@pytest.mark.parametrize(
    "extra",
    [
        {"reparo_sha256": SHA_DA_GRAVATA},  # sem marcar "Confirmo o reparo"
        {"confirmo_reparo": "on", "reparo_sha256": "0" * 64},  # confirmou outro arquivo
        {"confirmo_reparo": "on"},  # confirmação sem dizer de qual arquivo
    ],
    ids=["sem-confirmacao", "outro-arquivo", "sem-sha"],
)
def test_tela_sem_a_confirmacao_do_mesmo_arquivo_nao_grava(client, servidor, malha, extra):
    processo = processo_de_a_e_b(servidor)
    client.force_login(servidor)
    resposta = enviar(client, processo, **extra)
    assert resposta.status_code == 400 and "data-reparo" in resposta.content.decode()
    assert nada_gravado(processo, 1)


def test_tela_com_a_confirmacao_junta_o_mapa_reparado_e_guarda_o_enviado(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    client.force_login(servidor)
    resposta = enviar(client, processo, confirmo_reparo="on", reparo_sha256=SHA_DA_GRAVATA)
    assert resposta.status_code == 302
    documento = DocumentoRepresentacao.objects.get()
    assert documento.tipo_conteudo == "application/geo+json"
    assert documento.nome_original == "gravata-reparado.geojson"
    reparado = json.loads(documento.arquivo.read())["features"][0]
    assert reparado["geometry"]["type"] == "MultiPolygon"
    assert len(reparado["geometry"]["coordinates"]) == 2
    assert reparado["properties"]["sha256_do_enviado"] == SHA_DA_GRAVATA
    # O enviado, como veio, ao lado; e o ato na linha do tempo.
    guardado = MapaReparado.objects.get(documento=documento)
    assert guardado.arquivo.read() == GRAVATA and guardado.sha256 == SHA_DA_GRAVATA
    andamento = Andamento.objects.get(ato="juntar_mapa_reparado")
    assert andamento.usuario == servidor and guardado.andamento == andamento
    assert andamento.dados["area_desenhada_km2"] == "0,00"
    assert andamento.dados["pedacos_reparado"] == "2"
    # A conferência é a do polígono reparado (dois triângulos, metade do quadrado).
    conferencia = ConferenciaTerritorial.objects.get(documento=documento)
    assert conferencia.resultado["area_km2"] == pytest.approx(60.3, abs=0.5)
    assert conferencia.resultado["pedacos"] == 2
    linha_do_tempo = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "Juntar mapa reparado" in linha_do_tempo


def test_mapa_valido_entra_como_veio_sem_ato_de_reparo(client, servidor, malha):
    processo = processo_de_a_e_b(servidor)
    client.force_login(servidor)
    quadrado = mapa(
        {
            "type": "Polygon",
            "coordinates": [
                [[-54.9, -11.9], [-54.8, -11.9], [-54.8, -11.8], [-54.9, -11.8], [-54.9, -11.9]]
            ],
        }
    )
    dados = {"item": "mapa_territorio", "versao_vista": "0", "confirmo_reparo": "on"}
    dados["arquivo"] = SimpleUploadedFile("quadrado.geojson", quadrado)
    assert client.post(f"/processos/{processo.slug}/documentos-art15/", dados).status_code == 302
    documento = DocumentoRepresentacao.objects.get()
    assert documento.sha256 == hashlib.sha256(quadrado).hexdigest()
    assert not MapaReparado.objects.exists()
    assert not Andamento.objects.filter(ato="juntar_mapa_reparado").exists()


def test_ato_de_reparo_nao_se_pratica_fora_da_juntada(servidor):
    from django.utils import timezone

    from processos.models import AtoRecusado
    from processos.services import praticar_ato
    from processos.versao import versao_do_processo

    processo = processo_de_a_e_b(servidor)
    with pytest.raises(AtoRecusado, match="só se junta na tela dos documentos"):
        praticar_ato(
            processo_id=processo.pk,
            nome_ato="juntar_mapa_reparado",
            usuario=servidor,
            data_ato=timezone.localdate(),
            dados={},
            ultimo_andamento=versao_do_processo(processo.pk),
        )
    assert processo.andamentos.count() == 1
