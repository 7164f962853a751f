"""Como o memorial escreve coordenadas, ângulos e distâncias: graus, minutos e segundos com
vírgula decimal e hemisfério, como nas leis de Mato Grosso que descrevem limites."""

from decimal import Decimal

from requisitos.formatacao import decimal


def gms(valor: float, casas: int = 3) -> tuple[int, int, float]:
    """Graus, minutos e segundos do valor absoluto, com os segundos arredondados a `casas`
    (0,001" é ~3 cm) e o arredondamento levado aos minutos e graus."""
    total = round(abs(valor) * 3600, casas)
    graus, resto = divmod(total, 3600)
    minutos, segundos = divmod(resto, 60)
    return int(graus), int(minutos), round(segundos, casas)


def angulo(valor: float, casas: int = 3) -> str:
    graus, minutos, segundos = gms(valor, casas)
    return f"{graus}°{minutos:02d}'{_segundos(segundos, casas)}\""


def _segundos(segundos: float, casas: int) -> str:
    # Sem milhar (segundos < 60): o f-string basta, e é o que pesa num anel de milhares
    # de vértices.
    return f"{segundos:0{casas + 3}.{casas}f}".replace(".", ",")


def latitude(valor: float) -> str:
    return f"{angulo(valor)} {'S' if valor < 0 else 'N'}"


def longitude(valor: float) -> str:
    return f"{angulo(valor)} {'W' if valor < 0 else 'E'}"


def coordenadas(lon: float, lat: float) -> str:
    return f"latitude {latitude(lat)} e longitude {longitude(lon)}"


def metros(valor: float) -> str:
    return f"{decimal(Decimal(repr(round(valor, 2))), 2)} m"
