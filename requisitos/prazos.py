"""Prazo dos ofícios do Art. 2º, § 3º: "30 dias a contar da data do recebimento, sob pena de
responsabilidade".

Regras puras (sem Django): a lista de feriados vem de fora, lida por quem chama.
Decisão: dias corridos; vencimento em sábado, domingo ou feriado nacional ou de
Mato Grosso passa ao primeiro dia útil seguinte (Lei 9.784/1999, art. 66, por analogia).
"""

from collections.abc import Container
from datetime import date, timedelta
from typing import NamedTuple

from requisitos.aplicacao import aplica

# Até quantos dias antes do vencimento o prazo é sinalizado como "vence em breve".
DIAS_ALERTA = 7

RESPONDIDO = "respondido"
AGUARDANDO_RECEBIMENTO = "aguardando_recebimento"
NO_PRAZO = "no_prazo"
VENCE_EM_BREVE = "vence_em_breve"
VENCIDO = "vencido"


class SituacaoPrazo(NamedTuple):
    """`dias`: dias que faltam (no prazo, vence em breve) ou de atraso (vencido)."""

    codigo: str
    dias: int | None


def dia_util(dia: date, feriados: Container[date]) -> bool:
    return dia.weekday() < 5 and dia not in feriados


@aplica(
    "Art. 2º, § 3º",
    descricao="Vencimento do ofício: 30 dias corridos a contar do recebimento (AR).",
    parametro="prazo_oficio_dias",
    testes=(
        "tests.requisitos.test_prazos.test_vencimento_conta_30_dias_corridos_e_passa_ao_dia_util_seguinte",
    ),
    decisao="Dias corridos; o vencimento em sábado, domingo ou feriado nacional ou de Mato "
    "Grosso passa ao primeiro dia útil seguinte (Lei 9.784/1999, art. 66, por analogia).",
)
def vencimento(recebido_em: date, dias: int, feriados: Container[date]) -> date:
    """Art. 2º, § 3º: o prazo conta do recebimento (AR), em dias corridos; o dia do
    recebimento não conta. Se o último dia não é útil, o vencimento vai ao dia útil
    seguinte."""
    if dias <= 0:
        raise ValueError("O prazo do ofício deve ser de pelo menos um dia.")
    fim = recebido_em + timedelta(days=dias)
    while not dia_util(fim, feriados):
        fim += timedelta(days=1)
    return fim


def situacao_prazo(
    vencimento: date | None, hoje: date, respondido_em: date | None
) -> SituacaoPrazo:
    """Situação de um ofício num dia: o próprio dia do vencimento ainda está no prazo; o
    dia seguinte já está vencido (1 dia de atraso)."""
    if respondido_em is not None:
        return SituacaoPrazo(RESPONDIDO, None)
    if vencimento is None:
        return SituacaoPrazo(AGUARDANDO_RECEBIMENTO, None)
    restam = (vencimento - hoje).days
    if restam < 0:
        return SituacaoPrazo(VENCIDO, -restam)
    if restam <= DIAS_ALERTA:
        return SituacaoPrazo(VENCE_EM_BREVE, restam)
    return SituacaoPrazo(NO_PRAZO, restam)
