"""O alvo do pedido: um parecer de mérito (Art. 16) emitido com três signatários declarados e o
campo do selo; as pessoas assinam com a ICP de teste (duas com o próprio PKCS#12, uma pelo
gov.br simulado), o selo da Assembleia vem por último em B-LTA, e o /validar/ mostra as
assinaturas válidas da cópia assinada, recusa a cópia com um byte trocado depois de assinada e
continua aceitando o original sem assinatura pelo código."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from pypdf import PdfReader

from documentos import tarefas
from documentos.assinatura import fila, pessoal, servicos
from documentos.models import Documento, Modalidade
from processos.papeis import SERVIDOR
from tests.assinaturas.pki import SENHA_PKCS12
from tests.conftest import _usuario
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures

PIN = SENHA_PKCS12.decode()


@pytest.fixture
def parecer(construir):  # noqa: F811
    processo = construir(ate="emitir_parecer_merito")
    return Documento.objects.get(processo=processo, tipo="parecer_merito")


@pytest.fixture
def membro(db):
    return _usuario("membro.crt", SERVIDOR, "Membro da CRT")


def _enviar(client, documento, dados: bytes):
    arquivo = SimpleUploadedFile("parecer.pdf", dados, content_type="application/pdf")
    return client.post("/validar/", {"codigo": documento.codigo, "arquivo": arquivo})


def test_os_campos_de_cada_signatario_e_do_selo_sao_criados_na_emissao(parecer):
    with parecer.arquivo.open("rb") as f:
        campos = PdfReader(f).get_fields()
    assert set(campos) == {"relator", "presidente", "membro", "selo"}


@pytest.mark.django_db(transaction=False)
def test_parecer_com_tres_signatarios_e_selo_b_lta_validado_no_validar(
    parecer, servidor, presidente, membro, icp, selo_instalado, client
):
    with parecer.arquivo.open("rb") as f:
        original = f.read()

    servicos.assinar(parecer, servidor, pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), PIN))
    servicos.assinar(parecer, presidente, pessoal.AdaptadorPkcs12(icp.presidente.pkcs12(), PIN))
    # Duas de três: o documento não está assinado, e o selo espera a última pessoa.
    assert not servicos.assinado(parecer)
    assert not parecer.assinaturas.filter(modalidade=Modalidade.SELO).exists()

    servicos.assinar(parecer, membro, pessoal.AdaptadorGovBr("codigo", "http://testserver/v"))
    # As três pessoas assinaram; o selo foi para a fila e ainda não está no documento.
    assert not servicos.assinado(parecer)
    assert fila.selo_em_curso(parecer) is not None
    assert tarefas.processar(uma_vez=True) == 1
    assert servicos.assinado(parecer)
    linhas = list(servicos.digitais(parecer))
    assert [a.campo for a in linhas] == ["relator", "presidente", "membro", "selo"]
    assert [a.modalidade for a in linhas] == ["icp_brasil", "icp_brasil", "gov_br", "selo"]
    assert linhas[-1].nivel == "B-LTA"
    assert linhas[0].nivel == "B-T" and linhas[0].carimbo_do_tempo_em is not None
    assert "Relatora de Teste" in linhas[0].certificado_titular
    assert "AC Intermediária de Teste" in linhas[0].certificado_emissor

    assinado = servicos.copia_atual(parecer)
    assert assinado.startswith(original)  # o hash e o código da emissão continuam valendo

    resposta = _enviar(client, parecer, assinado)
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Cópia assinada autêntica" in html
    assert html.count('badge text-bg-success">válida') == 5  # 4 assinaturas + o carimbo
    for nome in ("Relatora de Teste", "Presidente de Teste", "Membro de Teste", "ASSEMBLEIA"):
        assert nome in html
    assert "B-LTA" in html

    # Um byte do conteúdo trocado depois de assinado: recusado, com o motivo.
    adulterado = bytearray(assinado)
    adulterado[len(original) // 2] ^= 0x01
    html = _enviar(client, parecer, bytes(adulterado)).content.decode()
    assert "Cópia assinada recusada" in html
    assert "o conteúdo assinado foi alterado" in html
    assert "Cópia assinada autêntica" not in html
    # Um byte trocado na parte acrescentada pelas assinaturas (o DSS gravado depois do
    # carimbo do documento, fora de qualquer assinatura): recusado.
    adulterado = bytearray(assinado)
    adulterado[assinado.rfind(b"/Type /VRI") + 7] ^= 0x01
    html = _enviar(client, parecer, bytes(adulterado)).content.decode()
    assert "Cópia assinada autêntica" not in html
    assert "alterado depois da última assinatura" in html
    # A assinatura removida (o CMS do selo zerado): recusada.
    inicio = assinado.rfind(b"/Contents <") + len(b"/Contents <")
    sem_assinatura = assinado[:inicio] + b"0" * 64 + assinado[inicio + 64 :]
    html = _enviar(client, parecer, sem_assinatura).content.decode()
    assert "Cópia assinada recusada" in html
    assert "Cópia assinada autêntica" not in html

    # O original, sem assinatura, continua aceito pelo código e pelo arquivo.
    html = _enviar(client, parecer, original).content.decode()
    assert "idêntico ao registrado na emissão" in html


def test_quem_ja_assinou_nao_assina_de_novo_e_nada_e_gravado(
    parecer, servidor, icp, selo_instalado
):
    servicos.assinar(parecer, servidor, pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), PIN))
    with pytest.raises(pessoal.AssinaturaRecusada, match="já assinou"):
        servicos.assinar(parecer, servidor, pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), PIN))
    assert servicos.digitais(parecer).count() == 1


def test_certificado_revogado_nao_assina_o_parecer(parecer, servidor, icp, selo_instalado):
    with pytest.raises(pessoal.AssinaturaRecusada, match="certificado revogado"):
        servicos.assinar(parecer, servidor, pessoal.AdaptadorPkcs12(icp.revogado.pkcs12(), PIN))
    assert servicos.digitais(parecer).count() == 0
