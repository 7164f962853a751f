import hashlib
from unittest import mock

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from documentos.codigo import novo_codigo
from documentos.models import Documento
from processos.models import FormaEncaminhamento, Processo
from processos.papeis import DEPUTADO
from processos.services import DadosProtocolo, protocolar_processo
from tests.processos.construtores import PASSADO, PDF_MINIMO, origem_padrao, usuario_com_papeis


@pytest.fixture(autouse=True)
def sem_pdf():
    """Os PDFs dos atos (testados em tests/documentos) não são o assunto daqui; os documentos
    destes testes são gravados direto no banco (`documento`)."""
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


@pytest.fixture
def deputada_autora(db):
    return usuario_com_papeis("fabia", DEPUTADO, nome="Fábia Deputada")


def documento(processo, tipo: str, titulo: str = "") -> Documento:
    """Documento emitido gravado direto no banco, sem o WeasyPrint (o assunto é o acesso)."""
    return Documento.objects.create(
        codigo=novo_codigo(),
        tipo=tipo,
        titulo=titulo or f"Documento {tipo}",
        serie=f"{tipo}-{processo.pk}-{novo_codigo()}",
        processo=processo,
        arquivo=ContentFile(PDF_MINIMO, name="doc.pdf"),
        sha256=hashlib.sha256(PDF_MINIMO).hexdigest(),
        sha256_conteudo="0" * 64,
        tamanho=len(PDF_MINIMO),
        paginas=1,
        emitido_em=timezone.now(),
        emitente_nome="Bruno Presidente",
    )


def protocolar_por_deputado(usuario, deputado, **campos) -> Processo:
    """Processo encaminhado por intermédio do Deputado (Art. 14, parágrafo único)."""
    dados = {
        "tipo": "criacao",
        "nome_proposto": "Vale do Arinos",
        "sede_proposta": "Vale do Arinos",
        "municipios_origem": [origem_padrao()],
        "forma_encaminhamento": FormaEncaminhamento.DEPUTADO,
        "deputado_autor": deputado,
        "data_leitura_expediente": PASSADO,
        "resumo": "Resumo interno: a comunidade de Vale do Arinos pede a emancipação.",
    } | campos
    return protocolar_processo(usuario=usuario, dados=DadosProtocolo(**dados))
