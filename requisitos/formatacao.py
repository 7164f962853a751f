"""Formatação pt-BR dos números citados nas mensagens dos vereditos (sem Django, sem float).

4071 → "4.071"; Decimal("1234567.8") → "R$ 1.234.567,80"; Decimal("19.994") → "19,99".
"""

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, Decimal

CENTAVO = Decimal("0.01")


def _agrupar(inteiro: str) -> str:
    grupos = []
    while len(inteiro) > 3:
        grupos.insert(0, inteiro[-3:])
        inteiro = inteiro[:-3]
    grupos.insert(0, inteiro)
    return ".".join(grupos)


def inteiro(valor: int) -> str:
    sinal = "-" if valor < 0 else ""
    return sinal + _agrupar(str(abs(valor)))


def decimal(valor: Decimal, casas: int = 2, arredondamento: str = ROUND_HALF_EVEN) -> str:
    """Decimal com vírgula e separador de milhar; `casas` fixas."""
    quantum = Decimal(1).scaleb(-casas)
    texto = format(abs(valor.quantize(quantum, rounding=arredondamento)), "f")
    parte_inteira, _, fracao = texto.partition(".")
    sinal = "-" if valor < 0 and texto.strip("0.") else ""
    return sinal + _agrupar(parte_inteira) + ("," + fracao if fracao else "")


def reais(valor: Decimal) -> str:
    return "R$ " + decimal(valor, 2)


def percentual(parte: int | Decimal, todo: int | Decimal) -> str:
    """Percentual truncado em duas casas: 19,999 % aparece como 19,99 %, nunca 20,00 %,
    para que o número exibido não contradiga o veredito calculado sem arredondamento."""
    if not todo:
        return "—"
    return decimal(Decimal(parte) * 100 / Decimal(todo), 2, ROUND_DOWN) + " %"
