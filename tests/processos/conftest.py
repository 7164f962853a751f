from unittest import mock

import pytest
from django.core.management import call_command


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
        mock.patch("instrucao.services.emitir_oficios"),
        mock.patch("instrucao.reiteracao.emitir_reiteracao"),
    ):
        yield


@pytest.fixture
def emissao_real():
    """Marca o teste que atravessa a emissão real dos documentos do ato."""


@pytest.fixture
def municipios(db):
    call_command("carregar_municipios", verbosity=0)


@pytest.fixture
def como(client, request):
    """Entra no sistema com o papel dado (ou não entra, para "anonimo")."""

    def entrar(papel: str):
        usuario = None if papel == "anonimo" else request.getfixturevalue(papel)
        if usuario:
            client.force_login(usuario)
        return client, usuario

    return entrar
