"""A paginação da lista de processos com "junção adiada".

O `Paginator` do Django pede ao banco `... ORDER BY ... LIMIT 50 OFFSET n` com todas as
colunas da tela; no PostgreSQL as colunas calculadas (o prazo mais próximo, uma subconsulta
nos ofícios) são avaliadas também para as n linhas puladas: a última página de 50 mil
processos calculava 50 mil prazos. Aqui a página é escolhida só pelos ids (filtros e ordem
da tela, o que o índice de protocolo cobre) e as colunas são lidas só para os 50 escolhidos,
numa única consulta: `WHERE id IN (SELECT id ... LIMIT 50 OFFSET n) ORDER BY ...`.

Decisão: a paginação continua por número de página (OFFSET), não por chave ("seek"): a tela
mostra "Página X de Y", links de página e a ordenação por qualquer coluna, e o custo do
OFFSET fica no percurso de um índice cobrindo (ids), não na leitura das linhas.

Na ordem pelo prazo mais próximo, o prazo não está na tabela dos processos (é guardado pela
instrução, `instrucao.prazos_abertos`, só para quem tem prazo aberto): a lista é a dos
processos com prazo aberto (ordenados pelo prazo) seguida da dos demais (na ordem do
protocolo, pelo índice), e cada página é tirada de uma parte ou das duas. Uma consulta
percorre o índice do prazo guardado e dá a posição de cada prazo, parando no fim da página:
só os processos da página, com os empatados com as suas pontas, são ordenados pela
subconsulta. O corte entre as duas partes sai da mesma consulta; só as páginas além
dele pedem a contagem dos processos com prazo.

Decisão: uma lista filtrada (uma busca, um filtro) conta os achados só até
`TETO_DA_CONTAGEM`; acima dele a tela diz "mais de 300 processos" e mostra as páginas até o
teto, na ordem escolhida (a exportação em CSV traz todos). Contar todos os achados de um
termo comum custava mais que a página inteira e crescia com o número de processos; contar
até o teto, não. A lista sem filtro mostra o total de processos guardado
(`painel.contagens.total_de_processos`), exato, sem contar a tabela.
"""

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Count, F, OrderBy, Window
from django.db.models.functions import Rank

from painel import contagens

PRAZO = "prazo_mais_proximo"
# Seis páginas de 50: mais que isso, numa busca, é hora de refiná-la. Contar até o teto lê
# as linhas até achar o teto + 1: um termo que está em 7 % dos processos acha 301 em ~4 300
# linhas, com 5 mil ou com 50 mil processos (um teto maior que os achados de uma tabela
# pequena faria a contagem crescer com ela).
TETO_DA_CONTAGEM = 300


def _ordem_pelo_prazo(processos) -> OrderBy | None:
    """A expressão de ordem quando a lista está ordenada pelo prazo mais próximo."""
    ordem = processos.query.order_by
    if ordem and isinstance(ordem[0], OrderBy) and ordem[0].expression == F(PRAZO):
        return ordem[0]
    return None


class PaginadorDeProcessos(Paginator):
    """`processos`: a lista filtrada e ordenada (dela só se leem ids); `linhas`: o QuerySet
    que dá as colunas da tela (`painel.prazos.para_listagem()`), sem filtros."""

    def __init__(
        self, processos, por_pagina: int, *, linhas, abertos=None, contagem=None, guardados=None
    ):
        super().__init__(processos, por_pagina)
        self.linhas = linhas
        # O total de processos guardado, quando quem pagina já o leu (`painel.contagens`).
        self.guardados = guardados
        # (quantos, se há mais que o teto), quando quem filtrou já os contou
        # (`painel.filtros.ProcessoFilter.contagem`).
        self.contagem = contagem
        # Os ids dos processos com prazo aberto (a primeira parte da ordem pelo prazo), um
        # por processo, com o prazo mais próximo guardado em `prazo`
        # (`painel.prazos.ids_com_prazo_aberto()`).
        self.abertos = abertos
        # No SQLite (poucos processos, sem LIMIT dentro de UNION) a ordem é a simples.
        duas_partes = connection.features.supports_slicing_ordering_in_compound
        self.ordem_prazo = (
            _ordem_pelo_prazo(processos) if abertos is not None and duas_partes else None
        )

    @property
    def count(self) -> int:
        """Os processos da lista; numa lista filtrada, no máximo `TETO_DA_CONTAGEM`
        (`acima_do_teto` diz se há mais)."""
        if "_total" not in self.__dict__:
            self._acima = False
            if self.contagem is not None:
                self._total, self._acima = self.contagem
            elif self.object_list.query.where:
                ate_o_teto = self.object_list.order_by().values("pk")[: TETO_DA_CONTAGEM + 1]
                achados = ate_o_teto.count()
                self._acima = achados > TETO_DA_CONTAGEM
                self._total = min(achados, TETO_DA_CONTAGEM)
            else:
                # Sem filtro, todos: o total guardado, não um COUNT(*) da tabela inteira.
                self._total = contagens.total_de_processos(self.guardados)
        return self._total

    @property
    def acima_do_teto(self) -> bool:
        """A lista filtrada achou mais que `TETO_DA_CONTAGEM` (só as páginas até o teto)."""
        return self.count is not None and self._acima

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
            if inicio > self.count - fim and not self.acima_do_teto:
                # Da metade para o fim, o índice é percorrido de trás para a frente: a última
                # página custa o mesmo que a primeira. Toda ordem da tela termina no
                # protocolo (único), de modo que a inversa dá exatamente as mesmas linhas.
                return processos.reverse()[self.count - fim : self.count - inicio]
            return processos[inicio:fim]
        # As duas partes da ordem pelo prazo: com prazo (ordenada pelo prazo) e sem.
        abertos = self.abertos
        if self.object_list.query.where:
            # Os filtros da tela: as posições são contadas entre os processos filtrados.
            abertos = abertos.filter(processo__in=processos)
        faixa = self._faixa(abertos, inicio, fim)
        if faixa and max(ate for _, _, ate in faixa) >= fim:
            corte = fim  # a página inteira é da parte com prazo
        elif faixa:
            corte = max(ate for _, _, ate in faixa)  # a parte com prazo acaba nesta página
        else:
            corte = abertos.order_by().values("processo_id").distinct().count()
        sem = processos.exclude(pk__in=self.abertos).order_by("-ano", "-numero")
        sem = sem[max(inicio - corte, 0) : max(fim - corte, 0)]
        if inicio >= corte:
            return sem
        # Da faixa, a página: os que têm prazo antes da faixa deslocam a fatia.
        antes = min(posicao for _, posicao, _ in faixa) - 1
        com = processos.filter(pk__in=[processo for processo, _, _ in faixa])
        com = com[inicio - antes : min(fim, corte) - antes]
        if fim <= corte:
            return com
        return com.union(sem, all=True)

    def _faixa(self, abertos, inicio: int, fim: int) -> list[tuple[int, int, int]]:
        """Os processos com prazo que podem cair entre as posições `inicio` e `fim`: os de
        prazo entre o da posição `inicio` e o da `fim`, com os empatados com as pontas
        (entre eles, a ordem é a do protocolo). De cada um, a posição do seu prazo (1 +
        quantos têm prazo antes) e quantos têm prazo até o seu, com os empatados. Numa
        consulta ao prazo mais próximo guardado de cada processo, que percorre o índice dele
        e para no fim da página (a posição só cresce: o PostgreSQL encerra a janela ali);
        só a faixa é ordenada pela subconsulta do prazo. Se a parte com prazo acaba antes
        de `fim`, a faixa vai até o fim dela."""
        prazo = F("prazo").desc() if self.ordem_prazo.descending else F("prazo").asc()
        return list(
            abertos.order_by()
            .annotate(
                posicao=Window(Rank(), order_by=prazo),
                ate=Window(Count("processo_id"), order_by=prazo),
            )
            .filter(posicao__lte=fim, ate__gt=inicio)
            .values_list("processo_id", "posicao", "ate")
        )
