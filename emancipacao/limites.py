"""Limites de uso por endereço do cliente (django-ratelimit), com a espera informada.

O contador fica no cache padrão, compartilhado pelos processos do servidor (banco ou Redis,
ver `CACHES` em settings): o limite vale para o servidor inteiro, não para cada processo.
Toda resposta 429 leva `Retry-After` com os segundos até a janela do endereço reabrir.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django_ratelimit.core import get_usage


def espera_se_excedeu(request, *, grupo: str, taxa: str) -> int | None:
    """Conta esta requisição. Dentro do limite, None; acima, os segundos de espera."""
    uso = get_usage(request, group=grupo, key="ip", rate=taxa, increment=True)
    if uso is None or not uso["should_limit"]:
        return None
    # time_left é -1 quando o cache falhou (o django-ratelimit então recusa): 1 s basta.
    return max(uso["time_left"], 1)


def resposta_limite(
    request, template: str, contexto: dict | None = None, *, espera: int
) -> HttpResponse:
    """A página 429 em pt-BR, com o Retry-After que o cliente deve respeitar."""
    contexto = {**(contexto or {}), "espera": espera}
    resposta = render(request, template, contexto, status=429)
    resposta["Retry-After"] = str(espera)
    return resposta
