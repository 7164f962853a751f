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


@pytest.fixture
def govbr_ligado(settings, selo_instalado, servidores):
    settings.GOVBR_AUTORIZACAO_URL = f"{servidores.url}/govbr/autorizar"


def test_assinatura_gov_br_vai_ao_login_e_volta_assinada(parecer, servidor, client, govbr_ligado):
    client.force_login(servidor)
    assert (
        "Assinar com gov.br"
        in client.get(f"/documentos/{parecer.codigo}/assinar/").content.decode()
    )
    ida = client.post(f"/documentos/{parecer.codigo}/assinar/gov-br/")
    assert ida.status_code == 302
    assert "/govbr/autorizar?response_type=code&client_id=cliente" in ida.url
    estado = ida.url.split("state=")[1]
    volta = client.get("/documentos/assinatura/gov-br/retorno/", {"code": "c", "state": estado})
    assert volta.status_code == 302
    (linha,) = Assinatura.objects.filter(documento=parecer, modalidade="gov_br")
    assert (linha.campo, linha.signatario) == ("relator", servidor)
    assert "Membro de Teste" in linha.certificado_titular  # o certificado que o gov.br usou
    # O mesmo retorno de novo (o state já foi usado): recusado, nada mais assinado.
    repetido = client.get("/documentos/assinatura/gov-br/retorno/", {"code": "c", "state": estado})
    assert repetido.status_code == 400
    assert "Nada foi assinado" in repetido.content.decode()
    assert Assinatura.objects.filter(documento=parecer, modalidade="gov_br").count() == 1


def test_retorno_gov_br_com_state_trocado_nao_assina(parecer, servidor, client, govbr_ligado):
    client.force_login(servidor)
    client.post(f"/documentos/{parecer.codigo}/assinar/gov-br/")
    volta = client.get("/documentos/assinatura/gov-br/retorno/", {"code": "c", "state": "outro"})
    assert volta.status_code == 400
    assert not Assinatura.objects.filter(documento=parecer, modalidade="gov_br").exists()
