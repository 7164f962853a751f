"""Quantos processos há em cada estado, para o Painel, sem contar a tabela inteira.

O `COUNT(*) ... GROUP BY estado` lê todas as linhas: o custo cresce com o número de
processos, e o Painel é a tela inicial de todo usuário. Acima de `LIMIAR_ESTIMATIVA`
processos, no PostgreSQL, os estados comuns vêm da estimativa do planejador (o total de
linhas e a frequência de cada valor, que o autovacuum mantém), mostrada como "cerca de"; os
estados raros — os que a estimativa põe abaixo de `LIMIAR_EXATO`, onde um erro pequeno já
engana (uma diligência aberta que não aparece) — são contados de verdade pelo índice do
estado, lendo só as linhas deles. Abaixo do limiar, e no SQLite, tudo é contado.

As estatísticas do planejador só mudam quando o autovacuum analisa a tabela: cada processo
do servidor as relê a cada `ESTATISTICAS_SEGUNDOS` (a consulta ao `pg_stats` custa mais que
a contagem a 5 mil processos).
"""

import time
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count

from processos.models import Processo

LIMIAR_ESTIMATIVA = 20_000
LIMIAR_EXATO = 1_000
ESTATISTICAS_SEGUNDOS = 300

_ESTATISTICAS = """
SELECT c.reltuples, s.most_common_vals::text::text[], s.most_common_freqs
FROM pg_class c
LEFT JOIN pg_stats s
  ON s.schemaname = current_schema() AND s.tablename = c.relname AND s.attname = 'estado'
WHERE c.oid = %s::regclass
"""


@dataclass(frozen=True)
class PorEstado:
    """A quantidade de processos de cada estado; `estimados`: os estados cuja quantidade é
    a estimativa do planejador (a tela diz "cerca de")."""

    totais: dict[str, int]
    estimados: frozenset[str] = field(default_factory=frozenset)

    def soma(self, estados) -> tuple[int, bool]:
        """A soma dos `estados` e se alguma parcela é estimada."""
        estados = set(estados)
        total = sum(self.totais.get(e, 0) for e in estados)
        return total, bool(estados & self.estimados)


def _contar(estados=None) -> dict[str, int]:
    consulta = Processo.objects.all()
    if estados is not None:
        consulta = consulta.filter(estado__in=estados)
    return dict(consulta.values_list("estado").annotate(total=Count("id")).order_by())


_guardadas: dict[str, tuple[float, tuple]] = {}


def esquecer_estatisticas() -> None:
    """Relê as estatísticas na próxima vez (depois de um ANALYZE que se queira ver já)."""
    _guardadas.clear()


def _estatisticas() -> tuple:
    """(linhas estimadas, valores mais comuns, frequências) da tabela dos processos."""
    agora = time.monotonic()
    guardada = _guardadas.get(connection.alias)
    if guardada and agora - guardada[0] < ESTATISTICAS_SEGUNDOS:
        return guardada[1]
    with connection.cursor() as cursor:
        cursor.execute(_ESTATISTICAS, [Processo._meta.db_table])
        lidas = tuple(cursor.fetchone())
    _guardadas[connection.alias] = (agora, lidas)
    return lidas


def _estimativa() -> dict[str, int] | None:
    """Estado → linhas estimadas, ou None quando há poucos processos ou não há estatística."""
    if connection.vendor != "postgresql":
        return None
    linhas, valores, frequencias = _estatisticas()
    if linhas < LIMIAR_ESTIMATIVA or not valores:
        return None
    return {v: round(f * linhas) for v, f in zip(valores, frequencias, strict=True)}


def por_estado(todos_os_estados) -> PorEstado:
    estimativa = _estimativa()
    if estimativa is None:
        return PorEstado(_contar())
    comuns = {e: n for e, n in estimativa.items() if n >= LIMIAR_EXATO}
    raros = [e for e in todos_os_estados if e not in comuns]
    return PorEstado(comuns | _contar(raros), frozenset(comuns))


@dataclass(frozen=True)
class Guardados:
    """O que o PostgreSQL guarda para a lista (migração `painel.0001_total_de_processos`),
    mantido por gatilhos na mesma transação de cada mudança: `total`, os processos (cada
    inclusão e exclusão); `municipios`, a versão do cadastro dos municípios (nova a cada
    mudança nele). None: não guardado (no SQLite, ou sem a linha)."""

    total: int | None = None
    municipios: int | None = None


def guardados() -> Guardados:
    """Numa consulta de uma linha, que não cresce com a tabela como o `COUNT(*)` cresce."""
    if connection.vendor != "postgresql":
        return Guardados()
    with connection.cursor() as cursor:
        cursor.execute("SELECT total, municipios FROM painel_total_de_processos WHERE id = 1")
        linha = cursor.fetchone()
    return Guardados(*linha) if linha else Guardados()


def total_de_processos(guardado: Guardados | None = None) -> int:
    """Todos os processos: o total guardado (`guardados`), ou contados sem ele."""
    total = (guardado or guardados()).total
    return Processo.objects.count() if total is None else total
