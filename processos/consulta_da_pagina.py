"""A consulta que lê o processo da página interna, com as anotações das fases.

As anotações (`extensoes.registrar_anotacao`) dizem se uma relação quase sempre vazia tem
linhas e contam as assinaturas: uma subconsulta cada, que o Django monta e o PostgreSQL
planeja a cada página — mais caro que ler o processo. A maioria lê só linhas do processo que
mudam com uma gravação que incrementa a revisão dele (`processos.versao.tocar`,
`da_revisao=True`): cada processo do servidor guarda esses valores com a revisão em que os
leu e, enquanto a revisão lida com o processo for a mesma, não os pede de novo. As demais
(o que não é do processo: os parâmetros legais, a edição da malha, a nova representação
ligada de outro processo) vêm a cada página. A fila de tarefas do processo (a cópia integral,
o selo) incrementa a revisão no pedido e em cada mudança de estado: é guardada por ela.

A primeira página de um processo neste processo do servidor lê tudo numa consulta só, como
sempre; depois de uma gravação, a página seguinte pede só as anotações guardadas pela
revisão, numa consulta à parte. O valor guardado é do instante da revisão lida ou de
depois: quem grava incrementa a revisão na mesma transação ou depois da gravação, e a
revisão seguinte nunca reaproveita o que foi guardado com a anterior.
"""

import threading
from collections import OrderedDict
from functools import cache

from django.db import DEFAULT_DB_ALIAS
from django.db.models import Exists, OuterRef, Subquery
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce

from processos import extensoes, leitura
from processos.models import Manifestacao, Processo, RevisaoDoProcesso
from processos.protocolos import Protocolo, processo_ou_404

# Quantos processos cada processo do servidor guarda (os mais vistos ficam).
GUARDADOS = 2000
# (número, ano) → (id, revisão, os valores na ordem de `_nomes_da_revisao`).
_guardadas: OrderedDict[tuple[int, int], tuple[int, int, tuple]] = OrderedDict()
_trava = threading.Lock()


def _da_revisao() -> dict:
    """As anotações guardadas pela revisão: as das fases que o declaram e as manifestações
    (Art. 22), que incrementam a revisão ao serem registradas."""
    return {
        "tem_manifestacoes": Exists(Manifestacao.objects.filter(processo=OuterRef("pk"))),
        **extensoes.anotacoes(da_revisao=True),
    }


def _base():
    return Processo.objects.annotate(
        **{leitura.MARCA_DOS_PARAMETROS: RawSQL(leitura.SQL_DA_MARCA, ())},
        revisao_da_pagina=Coalesce(
            Subquery(RevisaoDoProcesso.objects.filter(processo=OuterRef("pk")).values("valor")),
            0,
        ),
        tem_nova_representacao=Exists(Processo.objects.filter(processo_anterior=OuterRef("pk"))),
        **extensoes.anotacoes(da_revisao=False),
    )


def _compilada(consulta):
    """A consulta com as anotações já compiladas em SQL: o Django monta cada subconsulta uma
    vez por processo do servidor, e não a cada página (cada requisição só filtra um clone).
    As subconsultas se referem ao processo pela tabela da consulta principal, a mesma aqui.
    As fases registram as anotações no `ready()`, antes da primeira página."""
    compilador = consulta.query.get_compiler(DEFAULT_DB_ALIAS)
    compiladas = {}
    for nome, expressao in consulta.query.annotations.items():
        sql, params = expressao.select_format(compilador, *compilador.compile(expressao))
        compiladas[nome] = RawSQL(sql, params, output_field=expressao.output_field)
    return Processo.objects.select_related("deputado_autor").annotate(**compiladas)


@cache
def _consulta_completa():
    """O processo com todas as anotações."""
    return _compilada(_base().annotate(**_da_revisao()))


@cache
def _consulta_leve():
    """O processo com as anotações lidas a cada página (e a revisão)."""
    return _compilada(_base())


@cache
def _nomes_da_revisao() -> tuple[str, ...]:
    return tuple(_da_revisao())


def processo_da_pagina(protocolo: str) -> Processo:
    """O processo do protocolo (ou 404), com todas as anotações da página."""
    chave = tuple(Protocolo(protocolo).filtro().values())
    guardada = _guardadas.get(chave)
    processo = processo_ou_404(protocolo, _consulta_leve() if guardada else _consulta_completa())
    revisao = (processo.pk, processo.revisao_da_pagina)
    nomes = _nomes_da_revisao()
    if guardada is None:
        valores = tuple(getattr(processo, nome) for nome in nomes)
    elif guardada[:2] == revisao:
        valores = guardada[2]
    else:
        consulta = Processo.objects.filter(pk=processo.pk).order_by()
        lidos = consulta.values(**_da_revisao()).get()
        valores = tuple(lidos[nome] for nome in nomes)
    for nome, valor in zip(nomes, valores, strict=True):
        setattr(processo, nome, valor)
    with _trava:
        _guardadas[chave] = (*revisao, valores)
        _guardadas.move_to_end(chave)
        while len(_guardadas) > GUARDADOS:
            _guardadas.popitem(last=False)
    return processo


def esquecer() -> None:
    """Esquece as anotações guardadas (os testes: o SQLite reusa ids e revisões desfeitos
    com a transação de um teste)."""
    _guardadas.clear()
