"""Elenco fixo de usuários (um por papel) e construtores simples de processos."""

import os

# Antes de o Django carregar as configurações: chave só de teste, e o Playwright síncrono
# roda dentro do laço de eventos que ele mesmo cria.
os.environ.setdefault("DJANGO_SECRET_KEY", "chave-somente-para-testes")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import pytest  # noqa: E402
from django.contrib.auth.models import Group, User  # noqa: E402

from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR  # noqa: E402

SENHA = "senha-de-teste-123"


def _usuario(username: str, papel: str | None, nome: str) -> User:
    user = User.objects.create_user(username, password=SENHA, first_name=nome)
    if papel:
        user.groups.add(Group.objects.get(name=GRUPOS[papel]))
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
