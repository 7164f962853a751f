"""A paginação da lista de processos com "junção adiada" (issue 13).

O `Paginator` do Django pede ao banco `... ORDER BY ... LIMIT 50 OFFSET n` com todas as
colunas da tela; no PostgreSQL as colunas calculadas (o prazo mais próximo, uma subconsulta
nos ofícios) são avaliadas também para as n linhas puladas: a última página de 50 mil
processos calculava 50 mil prazos. Aqui a página é escolhida só pelos ids (filtros e ordem
da tela, o que o índice de protocolo cobre) e as colunas são lidas só para os 50 escolhidos,
numa única consulta: `WHERE id IN (SELECT id ... LIMIT 50 OFFSET n) ORDER BY ...`.

Decisão: a paginação continua por número de página (OFFSET), não por chave ("seek"): a tela
mostra "Página X de Y", links de página e a ordenação por qualquer coluna, e o custo do
OFFSET fica no percurso de um índice cobrindo (ids), não na leitura das linhas.

Na ordem pelo prazo mais próximo, o prazo não tem índice (é calculado dos ofícios): a lista
é a dos processos com prazo aberto (poucos, ordenados pelo prazo) seguida da dos demais (na
ordem do protocolo, pelo índice). A contagem traz quantos há na primeira parte, e cada página
é tirada de uma parte ou das duas.
"""

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Count, F, OrderBy, Q

PRAZO = "prazo_mais_proximo"


def _ordem_pelo_prazo(processos) -> OrderBy | None:
    """A expressão de ordem quando a lista está ordenada pelo prazo mais próximo."""
    ordem = processos.query.order_by
    if ordem and isinstance(ordem[0], OrderBy) and ordem[0].expression == F(PRAZO):
        return ordem[0]
    return None


class PaginadorDeProcessos(Paginator):
    """`processos`: a lista filtrada e ordenada (dela só se leem ids); `linhas`: o QuerySet
    que dá as colunas da tela (`Processo.objects.para_listagem()`), sem filtros."""

    def __init__(self, processos, por_pagina: int, *, linhas, abertos=None):
        super().__init__(processos, por_pagina)
        self.linhas = linhas
        # Os ids dos processos com prazo aberto (a primeira parte da ordem pelo prazo).
        self.abertos = abertos
        # No SQLite (poucos processos, sem LIMIT dentro de UNION) a ordem é a simples.
        duas_partes = connection.features.supports_slicing_ordering_in_compound
        self.ordem_prazo = (
            _ordem_pelo_prazo(processos) if abertos is not None and duas_partes else None
        )
        self.com_prazo = 0

    @property
    def count(self) -> int:
        if "_total" not in self.__dict__:
            if self.ordem_prazo is None:
                self._total = self.object_list.count()
            else:
                # Uma consulta só: o total e quantos têm prazo aberto.
                contagem = self.object_list.aggregate(
                    total=Count("pk"), com_prazo=Count("pk", filter=Q(pk__in=self.abertos))
                )
                self._total, self.com_prazo = contagem["total"], contagem["com_prazo"]
        return self._total

    def page(self, number) -> Page:
        number = self.validate_number(number)
        inicio = (number - 1) * self.per_page
        fim = inicio + self.per_page
        if fim + self.orphans >= self.count:
            fim = self.count
        ids = self._ids(inicio, fim)
        ordem = self.object_list.query.order_by
        linhas = self.linhas.filter(pk__in=ids)
        return self._get_page(linhas.order_by(*ordem) if ordem else linhas, number, self)

    def _ids(self, inicio: int, fim: int):
        processos = self.object_list.values("pk")
        if self.ordem_prazo is None:
            if inicio > self.count - fim:
                # Da metade para o fim, o índice é percorrido de trás para a frente: a última
                # página custa o mesmo que a primeira. Toda ordem da tela termina no
                # protocolo (único), de modo que a inversa dá exatamente as mesmas linhas.
                return processos.reverse()[self.count - fim : self.count - inicio]
            return processos[inicio:fim]
        # As duas partes da ordem pelo prazo: com prazo (ordenada pelo prazo) e sem.
        corte = self.com_prazo
        com = processos.filter(pk__in=self.abertos)[min(inicio, corte) : min(fim, corte)]
        sem = processos.exclude(pk__in=self.abertos).order_by("-ano", "-numero")
        sem = sem[max(inicio - corte, 0) : max(fim - corte, 0)]
        if fim <= corte:
            return com
        if inicio >= corte:
            return sem
        return com.union(sem, all=True)
