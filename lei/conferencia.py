"""A conferência do mapa da lei: o que faz `/lei/` não poder se desencontrar do código.

- todo dispositivo do texto (caput, inciso, parágrafo) tem ao menos uma aplicação;
- toda aplicação cita só dispositivos que existem no texto (uma regra que cite "Art. 99"
  reprova);
- todo lugar citado (`onde`) existe no código, todo parâmetro existe nos parâmetros legais e
  todo teste nomeado existe.

Funções puras sobre o texto e uma lista de aplicações, para os testes as chamarem com
cópias alteradas do mapa.
"""

import importlib
from collections.abc import Iterable

from lei.texto import Lei
from requisitos.aplicacao import Aplicacao, Dispositivo
from requisitos.parametros import DEFINICOES


def dispositivos_sem_aplicacao(lei: Lei, aplicacoes: Iterable[Aplicacao]) -> list[Dispositivo]:
    cobertos = {d for a in aplicacoes for d in a.dispositivos}
    return [d for d in lei.dispositivos() if d not in cobertos]


def citacoes_inexistentes(lei: Lei, aplicacoes: Iterable[Aplicacao]) -> list[str]:
    existentes = set(lei.dispositivos())
    return [
        f"{a.onde or a.descricao[:60]} cita {d}, que não existe no texto da LC 23/1992."
        for a in aplicacoes
        for d in a.dispositivos
        if d not in existentes
    ]


def resolver(nome: str) -> object:
    """ "pacote.modulo.Classe.atributo" → o objeto; ImportError/AttributeError se não existe."""
    partes = nome.split(".")
    for corte in range(len(partes), 0, -1):
        try:
            objeto = importlib.import_module(".".join(partes[:corte]))
        except ModuleNotFoundError:
            continue
        for atributo in partes[corte:]:
            objeto = getattr(objeto, atributo)
        return objeto
    raise ImportError(f"Nenhum módulo em “{nome}”.")


def _existe(nome: str) -> bool:
    try:
        resolver(nome)
    except (ImportError, AttributeError):
        return False
    return True


def lugares_inexistentes(aplicacoes: Iterable[Aplicacao]) -> list[str]:
    return [
        f"{a.citacao}: “{a.onde}” não existe." for a in aplicacoes if a.onde and not _existe(a.onde)
    ]


def _por_que_falta(nome: str) -> str:
    """Vazio se `nome` é uma função de teste importável; senão, o motivo."""
    if not nome.startswith("tests."):
        return "não está em tests/"
    try:
        objeto = resolver(nome)
    except (ImportError, AttributeError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return "" if callable(objeto) and objeto.__name__.startswith("test_") else "não é um teste"


def testes_inexistentes(aplicacoes: Iterable[Aplicacao]) -> list[str]:
    return [
        f"{a.citacao} ({a.onde}): o teste “{t}” não existe ({motivo})."
        for a in aplicacoes
        for t in a.testes
        if (motivo := _por_que_falta(t))
    ]


def parametros_inexistentes(aplicacoes: Iterable[Aplicacao]) -> list[str]:
    return [
        f"{a.citacao} ({a.onde}): o parâmetro “{p}” não existe."
        for a in aplicacoes
        for p in a.parametros
        if p not in DEFINICOES
    ]


def problemas(lei: Lei, aplicacoes: list[Aplicacao]) -> list[str]:
    """Tudo o que o teste do mapa reprova, em pt-BR."""
    faltam = [
        f"{d}: sem aplicação no mapa da lei." for d in dispositivos_sem_aplicacao(lei, aplicacoes)
    ]
    return (
        faltam
        + citacoes_inexistentes(lei, aplicacoes)
        + lugares_inexistentes(aplicacoes)
        + parametros_inexistentes(aplicacoes)
    )
