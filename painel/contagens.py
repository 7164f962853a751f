"""Quantos processos há em cada estado, para o Painel, sem contar a tabela inteira.

O `COUNT(*) ... GROUP BY estado` lê todas as linhas: o custo cresce com o número de
processos, e o Painel é a tela inicial de todo usuário. Acima de `LIMIAR_ESTIMATIVA`
processos, no PostgreSQL, os estados comuns vêm da estimativa do planejador (o total de
linhas e a frequência de cada valor, que o autovacuum mantém), mostrada como "cerca de"; os
estados raros — os que a estimativa põe abaixo de `LIMIAR_EXATO`, onde um erro pequeno já
engana (uma diligência aberta que não aparece) — são contados de verdade pelo índice do
estado, lendo só as linhas deles. Abaixo do limiar, e no SQLite, tudo é contado.
"""

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count

from processos.models import Processo

LIMIAR_ESTIMATIVA = 20_000
LIMIAR_EXATO = 1_000

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


def _estimativa() -> dict[str, int] | None:
    """Estado → linhas estimadas, ou None quando há poucos processos ou não há estatística."""
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute(_ESTATISTICAS, [Processo._meta.db_table])
        linhas, valores, frequencias = cursor.fetchone()
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
