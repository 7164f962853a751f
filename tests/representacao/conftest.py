import pytest

from requisitos.models import Municipio


@pytest.fixture
def vizinhos(db):
    """Municípios contíguos a Sorriso, que recebem o território."""
    return [
        Municipio.objects.create(codigo_ibge=5106224, nome="Nova Ubiratã"),
        Municipio.objects.create(codigo_ibge=5106240, nome="Nova Mutum"),
    ]
