"""Elenco fixo de usuários (um por papel) e construtores simples de processos."""

from unittest import mock

import pytest
from django.contrib.auth.models import Group, User

from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR

SENHA = "senha-de-teste-123"


@pytest.fixture(autouse=True)
def senha_rapida(settings):
    """PBKDF2 custa ~0,4 s por usuário criado; nos testes basta um hash barato."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    """Arquivos gravados por um teste (PDFs, uploads) vão para uma pasta só dele."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def sem_comprovante_de_protocolo(request):
    """O comprovante de protocolo (um PDF, ~0,2 s) sai em todo protocolo; é conferido em
    tests/documentos/test_comprovante_protocolo.py, que pede `comprovante_real`. Nos demais
    testes o protocolo é só o atalho até o ato em teste."""
    if "comprovante_real" in request.fixturenames:
        yield
        return
    from documentos import emissao

    with mock.patch.dict(emissao.CONSTRUTORES):
        del emissao.CONSTRUTORES["protocolar"]
        yield


@pytest.fixture
def comprovante_real():
    """Marca o teste que emite de verdade o comprovante de protocolo."""


def _usuario(username: str, papel: str | None, nome: str) -> User:
    # get_or_create: um teste transacional anterior esvazia o banco, inclusive os grupos
    # criados pela migração de dados.
    user = User.objects.create_user(username, password=SENHA, first_name=nome)
    if papel:
        user.groups.add(Group.objects.get_or_create(name=GRUPOS[papel])[0])
    return user


@pytest.fixture
def servidor(db):
    return _usuario("alice", SERVIDOR, "Alice Servidora")


@pytest.fixture
def presidente(db):
    return _usuario("bruno", PRESIDENTE, "Bruno Presidente")


@pytest.fixture
def mesa(db):
    return _usuario("carla", MESA, "Carla da Mesa")


@pytest.fixture
def deputado(db):
    return _usuario("davi", DEPUTADO, "Davi Deputado")


@pytest.fixture
def sem_papel(db):
    return _usuario("eva", None, "Eva sem papel")


@pytest.fixture
def operador(db):
    """Quem tem todos os papéis de equipe: isola as regras de estado das de papel."""
    from tests.processos.construtores import usuario_com_papeis

    return usuario_com_papeis("otavio", SERVIDOR, PRESIDENTE, MESA, nome="Otávio Operador")


@pytest.fixture
def sorriso(db):
    """Um município só, quando os 142 não são necessários (mais rápido)."""
    from requisitos.models import Municipio

    return Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
