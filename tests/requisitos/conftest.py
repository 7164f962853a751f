"""Nos testes, o limite dos simuladores fica alto; só o teste que prova o limite o baixa.

O contador fica no cache padrão, uma tabela do banco de teste: o que um teste grava nela é
desfeito com a transação dele, de modo que cada teste começa com o contador zerado — e os
testes de regras, sem banco, não tocam o cache."""

import pytest


@pytest.fixture(autouse=True)
def limite_folgado(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
