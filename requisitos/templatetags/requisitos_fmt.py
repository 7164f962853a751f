"""Exibição pt-BR dos valores dos vereditos (4.071; 1.234,56; Sim/Não; ≥)."""

from decimal import Decimal

from django import template

from emancipacao.numeros import exibir
from requisitos import formatacao as fmt

register = template.Library()

SIMBOLOS = {">=": "≥", "<=": "≤", ">": ">", "<": "<", "=": "="}


@register.filter
def valor_legal(valor):
    if valor is None:
        return "Não verificado"
    if isinstance(valor, bool):
        return "Sim" if valor else "Não"
    if isinstance(valor, int):
        return fmt.inteiro(valor)
    if isinstance(valor, Decimal):
        casas = max(2, -valor.as_tuple().exponent) if valor.as_tuple().exponent < 0 else 2
        return fmt.decimal(valor, min(casas, 3))
    return valor


@register.filter
def numero(valor):
    """O número gravado como se escreve em pt-BR, sem zeros à direita (1.250,5; 120)."""
    if isinstance(valor, int | Decimal) and not isinstance(valor, bool):
        return exibir(valor)
    return valor


@register.filter
def comparacao(simbolo: str) -> str:
    return SIMBOLOS.get(simbolo, simbolo)


@register.filter
def reais(valor):
    return fmt.reais(valor) if isinstance(valor, Decimal) else valor
