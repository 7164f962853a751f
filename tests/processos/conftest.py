import pytest
from django.core.management import call_command

from processos.papeis import MESA, PRESIDENTE, SERVIDOR
from tests.processos.construtores import usuario_com_papeis


@pytest.fixture(autouse=True)
def senha_rapida(settings):
    """PBKDF2 custa ~0,4 s por usuário criado; nos testes basta um hash barato."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def operador(db):
    """Quem tem todos os papéis de equipe: isola as regras de estado das de papel."""
    return usuario_com_papeis("otavio", SERVIDOR, PRESIDENTE, MESA, nome="Otávio Operador")


@pytest.fixture
def municipios(db):
    call_command("carregar_municipios", verbosity=0)
