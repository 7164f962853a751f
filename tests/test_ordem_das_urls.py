"""A ordem dos `include("")` em emancipacao/urls.py é só de desempenho (as páginas mais
pedidas primeiro): nenhum endereço de um módulo de URLs é tomado por um padrão de outro
incluído antes dele."""

import re

from django.urls import URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from documentos.codigo import ALFABETO, GRUPO, TAMANHO
from processos.urls import AtoConverter

AMOSTRAS = {
    "protocolo": "00123-2026",
    "codigo": "-".join([ALFABETO[:GRUPO]] * (TAMANHO // GRUPO)),
    "str": "x",
    "int": "7",
    "slug": "abc",
    "path": "a/b",
}


def _enderecos(resolver, prefixo=""):
    """Um endereço de exemplo por padrão de rota (os conversores com valores válidos)."""
    for padrao in resolver.url_patterns:
        if not isinstance(padrao.pattern, RoutePattern):
            continue
        texto = re.sub(
            r"<(?:(\w+):)?(\w+)>",
            lambda m: _amostra(m.group(1) or "str"),
            str(padrao.pattern),
        )
        if isinstance(padrao, URLResolver):
            yield from _enderecos(padrao, prefixo + texto)
        else:
            yield prefixo + texto, padrao


def _amostra(conversor: str) -> str:
    if conversor == "ato":
        return AtoConverter.regex.split("|")[0]
    return AMOSTRAS[conversor]


def test_cada_endereco_incluido_resolve_para_o_padrao_do_seu_modulo():
    raiz = get_resolver()
    conferidos = 0
    for incluido in raiz.url_patterns:
        if not (isinstance(incluido, URLResolver) and str(incluido.pattern) == ""):
            continue
        for endereco, padrao in _enderecos(incluido):
            achado = raiz.resolve("/" + endereco)
            assert achado.func == padrao.callback, endereco
            conferidos += 1
    assert conferidos > 50
