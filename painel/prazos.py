"""As colunas da lista de processos e o prazo mais próximo de cada um.

O prazo mais próximo é o menor vencimento entre os ofícios com prazo aberto do processo
(vigentes, sem resposta, com AR; processo não terminal — Art. 2º, § 3º), guardado pela
instrução a cada ato e registro nos ofícios (`instrucao.prazos_abertos`): o painel, acima
das fases, o lê pelo modelo dela.
"""

from django.db import models

from instrucao.models import PrazoDoProcesso
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
    a primeira parte da lista ordenada pelo prazo (`painel.paginacao`). Uma linha por
    processo, com o prazo mais próximo em `prazo`, mantido pelos atos
    (`instrucao.prazos_abertos`): a ordem pelo prazo percorre o índice dele."""
    return PrazoDoProcesso.objects.annotate(prazo=models.F("vencimento")).values("processo_id")


def _prazo_mais_proximo():
    """O prazo guardado do processo, pela chave (e não os ofícios de cada linha)."""
    guardado = PrazoDoProcesso.objects.filter(processo=models.OuterRef("pk"))
    return models.Subquery(guardado.values("vencimento"))


def _sem_prazo():
    """A coluna do prazo mais próximo vazia (sem a subconsulta nos ofícios)."""
    return models.Value(None, models.DateField())
