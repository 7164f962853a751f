"""As colunas da lista de processos e o prazo mais próximo de cada um.

O prazo mais próximo é o menor vencimento entre os ofícios com prazo aberto do processo
(vigentes, sem resposta, com AR; processo não terminal — Art. 2º, § 3º). Os ofícios são da
instrução: o painel, acima das fases, os lê pelo modelo dela.
"""

import functools

from django.db import models

from instrucao.models import Oficio
from processos.models import Processo
from requisitos.models import Municipio


def para_listagem(processos=None, *, prazo: bool = True):
    """Só as colunas que a lista mostra; os municípios numa consulta para a página toda.
    `prazo=False`: a coluna do prazo mais próximo vem vazia, sem a subconsulta nos ofícios
    (o portal não a mostra)."""
    processos = Processo.objects.all() if processos is None else processos
    colunas = processos.only(
        "numero", "ano", "tipo", "estado", "nome_proposto", "ultima_movimentacao"
    ).prefetch_related(models.Prefetch("municipios_origem", Municipio.objects.only("nome")))
    if not prazo:
        return colunas.annotate(prazo_mais_proximo=_sem_prazo())
    return com_prazo_mais_proximo(colunas)


def com_prazo_mais_proximo(processos):
    """`prazo_mais_proximo`: o menor vencimento entre os ofícios com prazo aberto."""
    return processos.annotate(prazo_mais_proximo=_prazo_mais_proximo())


def ids_com_prazo_aberto():
    """Os ids dos processos que têm prazo mais próximo (o `prazo_mais_proximo` não é nulo):
    a primeira parte da lista ordenada pelo prazo (`painel.paginacao`). Uma linha por ofício
    com prazo aberto, com o vencimento dele em `prazo` (o prazo mais próximo do processo é o
    menor deles), para filtrar e agrupar sem voltar aos ofícios."""
    return _oficios_com_prazo_aberto().all()


# As duas consultas dos prazos abertos, montadas uma vez por processo do servidor: montar as
# condições (vigentes, sem resposta, de processo não terminal, cada uma com a sua
# subconsulta) custava mais que executá-las, a cada página da lista. Nada nelas depende da
# requisição nem da data; o Django copia a consulta a cada uso (`all()`, `annotate`), de modo
# que a guardada nunca muda.
@functools.cache
def _oficios_com_prazo_aberto():
    abertos = Oficio.objects.com_prazo_aberto().annotate(prazo=models.F("vencimento"))
    return abertos.values("processo_id")


@functools.cache
def _prazo_mais_proximo():
    abertos = Oficio.objects.com_prazo_aberto().filter(processo=models.OuterRef("pk"))
    return models.Subquery(abertos.order_by("vencimento").values("vencimento")[:1])


def _sem_prazo():
    """A coluna do prazo mais próximo vazia (sem a subconsulta nos ofícios)."""
    return models.Value(None, models.DateField())
