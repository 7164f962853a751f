"""Os arquivos hostis enviados pelas telas — o anônimo ao /validar/, a CRT ao juntar um
documento do Art. 15, a resposta do órgão com a certidão — voltam com a mensagem do limite,
em status 400, e nada fica gravado: nem registro no banco, nem arquivo na mídia."""

from functools import partial
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from documentos.models import FalhaIntegridade
from instrucao.models import Certidao
from representacao.models import DocumentoRepresentacao
from tests.documentos import arquivos_hostis as hostis
from tests.processos.construtores import certidao_pdf, processo_no_estado, protocolar


def _arquivos_na_midia(settings) -> list[Path]:
    return [p for p in Path(settings.MEDIA_ROOT).rglob("*") if p.is_file()]


def test_validar_recusa_o_pdf_bomba_do_anonimo_sem_gravar_nada(client, db, settings):
    bomba = SimpleUploadedFile("bomba.pdf", hostis.pdf_bomba())

    resposta = client.post("/validar/", {"codigo": "7K2M-Q9XD-4TNB-A0PZ", "arquivo": bomba})

    assert resposta.status_code == 400
    assert "comprimido mais de 100 vezes" in resposta.content.decode()
    assert not FalhaIntegridade.objects.exists()
    assert not _arquivos_na_midia(settings)


# Os arquivos são montados no teste (não na coleta): somam ~50 MB.
@pytest.mark.parametrize(
    ("montar", "nome", "trecho"),
    [
        pytest.param(hostis.pdf_bomba, "mapa.pdf", "mais de 100 vezes", id="pdf"),
        pytest.param(
            partial(hostis.kml_com_elementos, 5_000_000),
            "mapa.kml",
            "mais de 200.000 elementos",
            id="kml",
        ),
        pytest.param(
            partial(hostis.geojson_de_listas, 8_000_000),
            "mapa.json",
            "mais de 600.000 valores",
            id="json",
        ),
        pytest.param(
            partial(hostis.png_que_infla, 50), "mapa.png", "corrompida ou incompleta", id="png"
        ),
    ],
)
def test_documento_do_art15_hostil_volta_com_o_limite_sem_gravar_nada(
    client, servidor, settings, montar, nome, trecho
):
    processo = protocolar(servidor)
    client.force_login(servidor)
    url = f"/processos/{processo.slug}/documentos-art15/"

    resposta = client.post(
        url, {"item": "mapa_territorio", "arquivo": SimpleUploadedFile(nome, montar())}
    )

    assert resposta.status_code == 400
    assert trecho in resposta.content.decode()
    assert not DocumentoRepresentacao.objects.exists()
    assert not _arquivos_na_midia(settings)


def test_certidao_bomba_volta_ao_formulario_sem_gravar_nada(client, servidor, operador, settings):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    oficio = processo.oficios.vigentes().get(orgao="cartografia")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/resposta/",
        {
            "respondido_em": "01/12/2026",
            "certidao": certidao_pdf(conteudo=hostis.pdf_bomba()),
            "numero_certidao": "45/2026",
            "data_certidao": "01/12/2026",
            "area__populacao": "5200",
        },
    )

    assert resposta.status_code == 400
    assert "Certidão recusada: O PDF tem conteúdo comprimido mais de 100 vezes" in (
        resposta.content.decode()
    )
    assert not Certidao.objects.exists()
    assert not _arquivos_na_midia(settings)
