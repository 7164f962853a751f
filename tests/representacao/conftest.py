import pytest

from requisitos.models import Municipio
from tests.representacao.construtores import registrar_origem


@pytest.fixture
def vizinhos(db):
    """Municípios contíguos a Sorriso, que recebem o território."""
    return [
        Municipio.objects.create(codigo_ibge=5106224, nome="Nova Ubiratã"),
        Municipio.objects.create(codigo_ibge=5106240, nome="Nova Mutum"),
    ]


@pytest.fixture
def nobres(sorriso):
    """A origem registrada de Sorriso, a que o território volta nos fundamentos I e II
    (Art. 10, § 1º)."""
    return registrar_origem(sorriso, "Nobres", 5105903)
