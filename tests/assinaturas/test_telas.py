"""As telas: a lista de documentos do processo mostra quem assinou e quem falta; o signatário
logado assina na vaga do papel dele enviando o próprio PKCS#12 (usado e descartado); senha
errada, ou quem não tem vaga, não assina nada."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from documentos.models import Assinatura, Documento
from tests.assinaturas.pki import SENHA_PKCS12
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures


@pytest.fixture
def parecer(construir):  # noqa: F811
    processo = construir(ate="emitir_parecer_merito")
    return Documento.objects.get(processo=processo, tipo="parecer_merito")


def _certificado(identidade):
    return SimpleUploadedFile("eu.p12", identidade.pkcs12(), content_type="application/x-pkcs12")


def test_lista_mostra_pendentes_e_o_signatario_assina_pela_tela(
    parecer, servidor, client, icp, selo_instalado, tmp_path
):
    client.force_login(servidor)
    pagina = f"/processos/{parecer.processo.slug}/"
    html = client.get(pagina).content.decode()
    assert "assinaturas pendentes" in html
    assert "Relator(a): <em>pendente</em>" in html
    assert f"/documentos/{parecer.codigo}/assinar/" in html

    resposta = client.post(
        f"/documentos/{parecer.codigo}/assinar/",
        {"certificado": _certificado(icp.relator), "senha": SENHA_PKCS12.decode()},
    )
    assert resposta.status_code == 302
    html = client.get(pagina).content.decode()
    assert "Relator(a): assinado por" in html
    assert "Presidente da CRT: <em>pendente</em>" in html
    # O certificado enviado não ficou em lugar nenhum: só o PDF assinado foi gravado.
    (linha,) = Assinatura.objects.filter(documento=parecer, campo="relator")
    gravados = [p.name for p in (selo_instalado.parent).rglob("*") if p.is_file()]
    assert not any(nome.endswith((".p12", ".pfx")) and nome != "selo.p12" for nome in gravados)
    assert linha.artefato.name.endswith(".pdf")


def test_senha_errada_devolve_400_e_nada_e_assinado(parecer, servidor, client, icp, selo_instalado):
    client.force_login(servidor)
    resposta = client.post(
        f"/documentos/{parecer.codigo}/assinar/",
        {"certificado": _certificado(icp.relator), "senha": "errada"},
    )
    assert resposta.status_code == 400
    assert "não abre com esta senha" in resposta.content.decode()
    assert not Assinatura.objects.filter(documento=parecer).exclude(modalidade="ato").exists()


def test_quem_nao_tem_vaga_nao_assina(parecer, mesa, client):
    client.force_login(mesa)
    assert client.get(f"/documentos/{parecer.codigo}/assinar/").status_code == 403
