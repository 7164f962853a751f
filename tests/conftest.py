"""Elenco fixo de usuários (um por papel) e construtores simples de processos."""

import pytest
from django.contrib.auth.models import Group, User

from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR

SENHA = "senha-de-teste-123"


@pytest.fixture(autouse=True)
def senha_rapida(settings):
    """PBKDF2 custa ~0,4 s por usuário criado; nos testes basta um hash barato."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
