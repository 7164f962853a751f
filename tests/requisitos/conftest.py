"""Nos testes, o limite dos simuladores fica alto e o contador começa zerado; só o teste
que prova o limite o baixa."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def limite_folgado(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()
    yield
    cache.clear()
