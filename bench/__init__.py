"""Medições de desempenho (não são testes cronometrados): `python -m bench`."""
