"""Os prazos abertos (Art. 2º, § 3º) guardados já somados, mantidos pelos atos na mesma
transação: quantos ofícios com prazo aberto vencem em cada dia, e o prazo mais próximo de
cada processo.

Os ofícios com prazo aberto (`OficioQuerySet.com_prazo_aberto`: vigentes, sem resposta, com
AR, de processo não terminal) crescem com o número de processos; contá-los e ordenar os
processos pelo menor vencimento liam todos eles a cada Painel, Prazos e lista pelo prazo (a
50 mil processos, ~5 500 ofícios). Aqui a contagem do Painel lê uma linha por dia de
vencimento, e a ordem pelo prazo percorre o índice do prazo mais próximo e para na página.

Quem muda o que decide se um prazo está aberto chama `sincronizar(processo_id)` na
transação em que muda: todo ato (o passo final de `processos.services.praticar_ato`, que
encerra, arquiva ou desarquiva o processo), o ofício novo e todo registro num ofício (AR,
retificação do AR, resposta, reiteração: `instrucao.services.movimentar`). `sincronizar`
refaz o processo inteiro a partir dos ofícios (e não soma a diferença que o chamador
acha que fez): um caminho esquecido só atrasa a contagem até o próximo registro no mesmo
processo, e `recalcular_todos()` (o comando `recalcular_prazos_abertos`) refaz tudo.
"""

from collections import Counter
from datetime import date

from django.db import models, transaction
from django.db.models import Q, Sum
from django.db.models.functions import Coalesce

from instrucao.models import Oficio
from instrucao.prazos_guardados import PrazoDoProcesso, PrazosNoDia
from processos.models import Processo


def _vencimentos_abertos(processo_id: int) -> list[date]:
    abertos = Oficio.objects.com_prazo_aberto().filter(processo_id=processo_id)
    return sorted(abertos.values_list("vencimento", flat=True))


def _somar(dia: date, quantos: int) -> None:
    PrazosNoDia.objects.bulk_create([PrazosNoDia(vencimento=dia)], ignore_conflicts=True)
    PrazosNoDia.objects.filter(vencimento=dia).update(abertos=models.F("abertos") + quantos)


def sincronizar(processo_id: int) -> None:
    """Refaz as linhas do processo a partir dos seus ofícios. Na transação de quem mudou o
    ofício ou o processo; a linha do processo é travada antes de ler os ofícios, de modo
    que dois registros simultâneos no mesmo processo se enfileiram e o segundo lê o que o
    primeiro gravou."""
    with transaction.atomic():
        list(Processo.objects.select_for_update().filter(pk=processo_id).values_list("pk"))
        novos = _vencimentos_abertos(processo_id)
        linha = PrazoDoProcesso.objects.filter(processo_id=processo_id).first()
        antigos = [date.fromisoformat(v) for v in linha.vencimentos] if linha else []
        if novos == antigos:
            return
        diferenca = Counter(novos)
        diferenca.subtract(Counter(antigos))
        for dia, quantos in sorted(diferenca.items()):
            if quantos:
                _somar(dia, quantos)
        PrazosNoDia.objects.filter(abertos=0).delete()
        if not novos:
            linha.delete()
            return
        PrazoDoProcesso.objects.update_or_create(
            processo_id=processo_id,
            defaults={"vencimento": novos[0], "vencimentos": [d.isoformat() for d in novos]},
        )


def depois_do_ato(andamento) -> None:
    """O passo final de todo ato (`processos.extensoes.registrar_avisos`): o ato pode
    encerrar, arquivar ou desarquivar o processo, ou mexer nos seus ofícios."""
    sincronizar(andamento.processo_id)


def recalcular_todos() -> int:
    """Refaz as duas tabelas a partir de todos os ofícios (a migração que as criou, a massa
    de demonstração, o comando `recalcular_prazos_abertos`). Devolve quantos processos têm
    prazo aberto."""
    por_processo: dict[int, list[date]] = {}
    abertos = Oficio.objects.com_prazo_aberto().order_by("processo_id", "vencimento")
    for processo_id, vencimento in abertos.values_list("processo_id", "vencimento"):
        por_processo.setdefault(processo_id, []).append(vencimento)
    por_dia = Counter(d for dias in por_processo.values() for d in dias)
    with transaction.atomic():
        PrazoDoProcesso.objects.all().delete()
        PrazosNoDia.objects.all().delete()
        PrazosNoDia.objects.bulk_create(
            [PrazosNoDia(vencimento=d, abertos=n) for d, n in por_dia.items()], batch_size=2000
        )
        PrazoDoProcesso.objects.bulk_create(
            [
                PrazoDoProcesso(
                    processo_id=p, vencimento=dias[0], vencimentos=[d.isoformat() for d in dias]
                )
                for p, dias in por_processo.items()
            ],
            batch_size=2000,
        )
    return len(por_processo)


def total() -> int:
    """Quantos ofícios têm prazo aberto (Prazos): a soma das linhas dos dias."""
    return PrazosNoDia.objects.aggregate(total=Coalesce(Sum("abertos"), 0))["total"]


def contagem(hoje: date, alerta: date) -> dict:
    """Ofícios com prazo aberto: vencidos, vencendo até `alerta` e o total — uma consulta
    às linhas dos dias, qualquer que seja o número de ofícios (Painel)."""
    return PrazosNoDia.objects.aggregate(
        vencidos=Coalesce(Sum("abertos", filter=Q(vencimento__lt=hoje)), 0),
        vencendo=Coalesce(
            Sum("abertos", filter=Q(vencimento__gte=hoje, vencimento__lte=alerta)), 0
        ),
        total=Coalesce(Sum("abertos"), 0),
    )
