"""Leitura única da página do processo (issue 13).

A página interna do processo pergunta muitas vezes a mesma coisa ao banco: cada ato
disponível confere as suas condições (e a mensagem de cada uma), e as seções das fases
releem os mesmos parâmetros, ofícios e andamentos. Dentro de `leitura_unica(processo)` —
aberta só pela view da página, que não grava nada no processo — `lido(processo, f, *args)`
calcula `f(processo, *args)` uma vez e devolve o mesmo valor às chamadas seguintes.

Fora dela (nos atos, em `processos.services.praticar_ato`, que leem depois de gravar),
`lido` apenas chama a função: nenhuma leitura guardada sobrevive a uma escrita.
"""

from contextlib import contextmanager
from datetime import date

from requisitos.models import parametros_em_vigor
from requisitos.parametros import ParametrosLegais

_ATRIBUTO = "_leitura_unica"


@contextmanager
def leitura_unica(processo):
    """Liga a leitura única no `processo` durante o bloco (a renderização da página)."""
    setattr(processo, _ATRIBUTO, {})
    try:
        yield processo
    finally:
        delattr(processo, _ATRIBUTO)


def lido(processo, funcao, *args):
    """`funcao(processo, *args)`, calculada uma vez por página quando a leitura única está
    ligada; senão, calculada agora."""
    guardados = getattr(processo, _ATRIBUTO, None)
    if guardados is None:
        return funcao(processo, *args)
    chave = (funcao, args)
    if chave not in guardados:
        guardados[chave] = funcao(processo, *args)
    return guardados[chave]


def _parametros(processo, data: date | None) -> ParametrosLegais:
    return parametros_em_vigor(data)


def parametros(processo, data: date | None = None) -> ParametrosLegais:
    """Os parâmetros legais em vigor na data (hoje, se omitida), lidos uma vez por página."""
    return lido(processo, _parametros, data)
