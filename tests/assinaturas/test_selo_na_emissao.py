"""O que o sistema emite sozinho (a certidão do simulador de distrito, Art. 25) sai com o
selo da Assembleia em B-LTA logo depois da emissão, quando o selo está instalado; sem ele, o
documento é o de sempre, sem campo nem selo."""

from django.core.files.uploadedfile import SimpleUploadedFile
from pypdf import PdfReader

from documentos.assinatura import servicos
from documentos.models import Documento, Modalidade

CERTIDAO = {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila Progresso"}


def test_certidao_do_simulador_selada_em_b_lta_e_aceita_no_validar(
    client, selo_instalado, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/simulador/distrito/certidao/", CERTIDAO).status_code == 200
    documento = Documento.objects.get(tipo="certidao_distrito")
    (selo,) = documento.assinaturas.filter(modalidade=Modalidade.SELO)
    assert selo.nivel == "B-LTA"
    assert "ASSEMBLEIA LEGISLATIVA" in selo.certificado_titular
    assert [s.vaga.campo for s in servicos.situacao(documento)] == ["selo"]

    selada = servicos.copia_atual(documento)
    arquivo = SimpleUploadedFile("c.pdf", selada, content_type="application/pdf")
    html = client.post("/validar/", {"codigo": documento.codigo, "arquivo": arquivo})
    assert "Cópia assinada autêntica" in html.content.decode()


def test_sem_selo_instalado_a_certidao_sai_sem_campo_nem_selo(
    client, db, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/simulador/distrito/certidao/", CERTIDAO)
    documento = Documento.objects.get(tipo="certidao_distrito")
    assert not documento.assinaturas.exclude(modalidade=Modalidade.ATO).exists()
    with documento.arquivo.open("rb") as f:
        assert not PdfReader(f).get_fields()
