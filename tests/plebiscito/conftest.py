import pytest

from processos.papeis import MESA, PRESIDENTE, SERVIDOR
from requisitos.models import Municipio, ParametroLegal
from tests.processos.construtores import PASSADO, usuario_com_papeis


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def operador(db):
    """Quem tem todos os papéis de equipe: isola as regras da fase das de papel."""
    return usuario_com_papeis("otavio", SERVIDOR, PRESIDENTE, MESA, nome="Otávio Operador")


@pytest.fixture
def sorriso(db):
    return Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")


@pytest.fixture
def sinop(db):
    return Municipio.objects.create(codigo_ibge=5107909, nome="Sinop")


def vigorar(nome: str, valor: str, desde=PASSADO) -> None:
    """Um parâmetro legal em vigor desde `desde` (como o administrador o cadastra)."""
    ParametroLegal.objects.create(nome=nome, valor=valor, vigencia_inicio=desde, fundamento="Teste")
