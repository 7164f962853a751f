"""Datas e números por extenso nos documentos oficiais (pt-BR), sem depender do locale do
servidor: "19 de novembro de 1992", "1º de janeiro de 2025", "4.071"."""

from datetime import date, datetime
from decimal import Decimal

from django.utils import timezone

from requisitos import formatacao as fmt

MESES = (
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
)


def _como_data(valor) -> date | None:
    if isinstance(valor, datetime):
        return timezone.localtime(valor).date() if timezone.is_aware(valor) else valor.date()
    if isinstance(valor, date):
        return valor
    if isinstance(valor, str) and valor:
        try:
            return date.fromisoformat(valor[:10])
        except ValueError:
            return None
    return None


def data_extenso(valor) -> str:
    """19 de novembro de 1992; o primeiro dia do mês é ordinal (1º), como na redação oficial."""
    dia = _como_data(valor)
    if dia is None:
        return str(valor or "")
    numero = "1º" if dia.day == 1 else str(dia.day)
    return f"{numero} de {MESES[dia.month - 1]} de {dia.year}"


def data_curta(valor) -> str:
    dia = _como_data(valor)
    return dia.strftime("%d/%m/%Y") if dia else str(valor or "")


def data_hora(valor: datetime) -> str:
    local = timezone.localtime(valor)
    return f"{local:%d/%m/%Y} às {local:%H:%M}"


def numero(valor) -> str:
    """4071 → "4.071"; Decimal com duas casas → "1.234,50"."""
    if valor is None or valor == "":
        return "—"
    if isinstance(valor, bool):
        return "Sim" if valor else "Não"
    if isinstance(valor, int):
        return fmt.inteiro(valor)
    if isinstance(valor, Decimal):
        return fmt.decimal(valor, 2)
    return str(valor)
