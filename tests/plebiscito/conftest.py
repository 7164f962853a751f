import pytest

from requisitos.models import Municipio, ParametroLegal
from tests.processos.construtores import PASSADO


@pytest.fixture
def sinop(db):
    return Municipio.objects.create(codigo_ibge=5107909, nome="Sinop")


def vigorar(nome: str, valor: str, desde=PASSADO) -> None:
    """Um parâmetro legal em vigor desde `desde` (como o administrador o cadastra)."""
    ParametroLegal.objects.create(nome=nome, valor=valor, vigencia_inicio=desde, fundamento="Teste")
