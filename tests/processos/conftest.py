from unittest import mock

import pytest
from django.core.management import call_command

from processos.papeis import MESA, PRESIDENTE, SERVIDOR
from tests.processos.construtores import usuario_com_papeis


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def sem_pdf(request):
    """Os PDFs emitidos pelos atos e reiterações (documentos/, testados lá) custam ~1 s cada
    no WeasyPrint; aqui se testa a máquina de estados. Quem pede a fixture `emissao_real`
    emite de verdade."""
    if "emissao_real" in request.fixturenames:
        yield
        return
    with (
        mock.patch("processos.services.emitir_documentos_do_ato"),
        mock.patch("processos.servicos_oficios.emitir_reiteracao"),
    ):
        yield


@pytest.fixture
def emissao_real():
    """Marca o teste que atravessa a emissão real dos documentos do ato."""


@pytest.fixture
def operador(db):
    """Quem tem todos os papéis de equipe: isola as regras de estado das de papel."""
    return usuario_com_papeis("otavio", SERVIDOR, PRESIDENTE, MESA, nome="Otávio Operador")


@pytest.fixture
def municipios(db):
    call_command("carregar_municipios", verbosity=0)


@pytest.fixture
def sorriso(db):
    """Um município só, quando os 142 não são necessários (mais rápido)."""
    from requisitos.models import Municipio

    return Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
