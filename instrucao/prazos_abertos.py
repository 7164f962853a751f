"""Os prazos abertos (Art. 2º, § 3º) e os ofícios sem AR guardados já somados, mantidos
pelos atos na mesma transação: quantos ofícios com prazo aberto vencem em cada dia, o prazo
mais próximo de cada processo, e quantos ofícios sem AR foram enviados em cada dia.

Os ofícios com prazo aberto (`OficioQuerySet.com_prazo_aberto`: vigentes, sem resposta, com
AR, de processo não terminal) e os sem AR (`sem_ar`: o prazo ainda não corre) crescem com o
número de processos; contá-los e ordenar os processos pelo menor vencimento liam todos eles
a cada Painel, Prazos e lista pelo prazo (a 50 mil processos, ~5 500 ofícios). Aqui as
contagens leem uma linha por dia, e a ordem pelo prazo percorre o índice do prazo mais
próximo e para na página.

Quem muda o que decide se um ofício está em espera chama `sincronizar(processo_id)` na
transação em que muda: os atos que encerram, arquivam ou desarquivam o processo
(`depois_do_ato`, o passo final de `processos.services.praticar_ato`), os que fazem nascer
os ofícios (`instrucao.services.oficios_do_ato`) e todo registro num ofício (AR, retificação
do AR, resposta, reiteração: `instrucao.services.movimentar`). `sincronizar` refaz o processo
inteiro a partir dos ofícios (e não soma a diferença que o chamador acha que fez): um caminho
esquecido só atrasa a contagem até o próximo registro no mesmo processo, e
`recalcular_todos()` (o comando `recalcular_prazos_abertos`) refaz tudo.
"""

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.db import models, transaction
from django.db.models import Q, Sum, Value
from django.db.models.functions import Coalesce

from instrucao.models import Oficio
from instrucao.prazos_guardados import PrazoDoProcesso, PrazosNoDia, SemArDoProcesso, SemArNoDia
from processos.estados import TERMINAIS
from processos.models import Processo


def _em_espera(processo_id: int) -> tuple[list[date], list[date]]:
    """Numa consulta, os vencimentos dos ofícios com prazo aberto do processo e os envios dos
    sem AR — as condições de `com_prazo_aberto` e `sem_ar` sobre `em_espera`."""
    vencimentos, enviados = [], []
    oficios = Oficio.objects.em_espera().filter(processo_id=processo_id)
    for vencimento, enviado_em, recebido_em in oficios.values_list(
        "vencimento", "enviado_em", "recebido_em"
    ):
        if vencimento is not None:
            vencimentos.append(vencimento)
        if recebido_em is None:
            enviados.append(enviado_em)
    return sorted(vencimentos), sorted(enviados)


@dataclass(frozen=True)
class Soma:
    """Um par de tabelas somadas: `dias` (chave `campo`, contagem `soma`) e `processos`, as
    parcelas de cada processo (`linha(datas)`: os campos da linha; `guardadas`: o nome das
    datas guardadas nela)."""

    dias: type[models.Model]
    campo: str
    soma: str
    processos: type[models.Model]
    guardadas: str
    linha: Callable[[list[date]], dict]


PRAZOS = Soma(
    PrazosNoDia,
    "vencimento",
    "abertos",
    PrazoDoProcesso,
    "prazo_aberto__vencimentos",
    lambda datas: {"vencimento": datas[0], "vencimentos": _texto(datas)},
)
SEM_AR = Soma(
    SemArNoDia,
    "enviado_em",
    "quantos",
    SemArDoProcesso,
    "oficios_sem_ar__enviados",
    lambda datas: {"enviados": _texto(datas)},
)


def _acertar(soma: Soma, processo_id: int, guardadas: list[str] | None, novas: list[date]):
    """Soma às linhas dos dias a diferença entre as parcelas guardadas do processo e as
    `novas` (e apaga os dias que chegam a zero); grava ou apaga a linha do processo."""
    antigas = [date.fromisoformat(d) for d in guardadas or ()]
    if novas == antigas:
        return
    diferenca = Counter(novas)
    diferenca.subtract(Counter(antigas))
    dias, campo, contagem = soma.dias.objects, soma.campo, soma.soma
    for dia, quantos in sorted(diferenca.items()):
        if quantos:
            dias.bulk_create([soma.dias(**{campo: dia})], ignore_conflicts=True)
            dias.filter(**{campo: dia}).update(**{contagem: models.F(contagem) + quantos})
    if any(quantos < 0 for quantos in diferenca.values()):
        dias.filter(**{contagem: 0}).delete()
    linhas = soma.processos.objects.filter(processo_id=processo_id)
    if not novas:
        linhas.delete()
    elif guardadas is not None:
        linhas.update(**soma.linha(novas))
    else:
        soma.processos.objects.create(processo_id=processo_id, **soma.linha(novas))


def _texto(datas: list[date]) -> list[str]:
    return [d.isoformat() for d in datas]


def sincronizar(processo_id: int) -> None:
    """Refaz as linhas do processo a partir dos seus ofícios. Na transação de quem mudou o
    ofício ou o processo; a linha do processo é travada (na mesma consulta que lê as parcelas
    guardadas) antes de ler os ofícios, de modo que dois registros simultâneos no mesmo
    processo se enfileiram e o segundo lê o que o primeiro gravou. Sem mudança, duas
    consultas (sem ponto de salvamento: um erro aqui desfaz a transação de quem chamou)."""
    with transaction.atomic(savepoint=False):
        # Em instâncias (e não `values_list`): só nelas o Django escreve o `FOR UPDATE OF`,
        # sem o qual o PostgreSQL recusa travar junto as linhas opcionais.
        guardado = (
            Processo.objects.select_for_update(of=("self",))
            .filter(pk=processo_id)
            .only("pk", "estado")  # o estado, que o ConcurrentTransitionMixin leria à parte
            .annotate(prazos=models.F(PRAZOS.guardadas), sem_ar=models.F(SEM_AR.guardadas))
            .first()
        )
        if guardado is None:
            return
        # De processo encerrado nenhum ofício está em espera (`de_processos_em_andamento`).
        terminal = guardado.estado in TERMINAIS
        vencimentos, enviados = ([], []) if terminal else _em_espera(processo_id)
        _acertar(PRAZOS, processo_id, guardado.prazos, vencimentos)
        _acertar(SEM_AR, processo_id, guardado.sem_ar, enviados)


def depois_do_ato(andamento) -> None:
    """O passo final de todo ato (`processos.extensoes.registrar_avisos`): só o ato que
    encerra, arquiva ou desarquiva o processo (do estado terminal ou para ele) abre ou fecha
    prazos; os demais não mudam nenhum ofício, e aqui não custam consulta. (Os ofícios que
    um ato faz nascer são somados por `instrucao.services.oficios_do_ato`.)"""
    if (andamento.estado_origem in TERMINAIS) != (andamento.estado_destino in TERMINAIS):
        sincronizar(andamento.processo_id)


def _refazer(soma: Soma, oficios) -> int:
    """Apaga e refaz as linhas de `soma` a partir dos `oficios`. Devolve quantos processos
    têm linha."""
    por_processo: dict[int, list[date]] = {}
    for processo_id, dia in oficios.order_by("processo_id", soma.campo).values_list(
        "processo_id", soma.campo
    ):
        por_processo.setdefault(processo_id, []).append(dia)
    por_dia = Counter(d for datas in por_processo.values() for d in datas)
    dias, processos = soma.dias, soma.processos
    with transaction.atomic():
        processos.objects.all().delete()
        dias.objects.all().delete()
        dias.objects.bulk_create(
            [dias(**{soma.campo: d, soma.soma: n}) for d, n in por_dia.items()], batch_size=2000
        )
        processos.objects.bulk_create(
            [processos(processo_id=p, **soma.linha(datas)) for p, datas in por_processo.items()],
            batch_size=2000,
        )
    return len(por_processo)


def recalcular_prazos() -> int:
    """Refaz as tabelas dos prazos abertos a partir de todos os ofícios (e a migração que
    as criou). Devolve quantos processos têm prazo aberto."""
    return _refazer(PRAZOS, Oficio.objects.com_prazo_aberto())


def recalcular_sem_ar() -> None:
    """Refaz as tabelas dos ofícios sem AR a partir de todos os ofícios."""
    _refazer(SEM_AR, Oficio.objects.sem_ar())


def recalcular_todos() -> int:
    """Refaz as quatro tabelas a partir de todos os ofícios (a massa de demonstração, o
    comando `recalcular_prazos_abertos`). Devolve quantos processos têm prazo aberto."""
    with transaction.atomic():
        recalcular_sem_ar()
        return recalcular_prazos()


def _soma(modelo, campo: str, qual: int):
    """Uma linha (`qual`, soma de `campo`) — sem GROUP BY, mesmo com a tabela vazia."""
    linhas = modelo.objects.annotate(qual=Value(qual)).values("qual")
    return linhas.annotate(soma=Coalesce(Sum(campo), 0)).values_list("qual", "soma")


def totais() -> tuple[int, int]:
    """Quantos ofícios têm prazo aberto e quantos estão sem AR (Prazos): as somas das linhas
    dos dias, numa consulta (UNION ALL), qualquer que seja o número de ofícios."""
    somas = dict(_soma(PrazosNoDia, "abertos", 0).union(_soma(SemArNoDia, "quantos", 1), all=True))
    return somas[0], somas[1]


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
