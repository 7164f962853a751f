"""O leitor central dos números escritos por extenso que vêm de fora (`emancipacao.numeros`
explica por quê): a forma e o tamanho do literal conferidos antes da conversão. Sem os
formulários nem a API, para que as settings o usem (`emancipacao.env.env_int`) antes de o
Django estar configurado; `emancipacao.numeros` o reexporta com os campos que o usam."""

import re
from decimal import Decimal

from django.utils import formats

# Nenhum número que o sistema guarda passa de 20 algarismos (R$ com 16 inteiros e 2 casas,
# códigos IBGE de 7); o dobro deixa folga para a faixa de cada campo dar a mensagem certa.
ALGARISMOS_MAXIMOS = 40

MENSAGENS = {
    "invalid": "Informe um número inteiro.",
    "decimal": "Informe um número.",
    "longo": f"Número longo demais: use no máximo {ALGARISMOS_MAXIMOS} algarismos.",
    "expoente": "Escreva o número com todos os dígitos, sem expoente (como em 1e5).",
    "nao_finito": "NaN e Infinity não são aceitos: informe um número válido.",
    "zero_negativo": "“-0” não é aceito: informe 0, sem o sinal de menos.",
    "fracao": "Informe um número inteiro. Este campo não aceita casas decimais.",
}

_NUMERO = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?")
_EXPOENTE = re.compile(r"[+-]?[0-9.,]*[0-9][eE][+-]?[0-9]+")
_NAO_FINITO = re.compile(r"[+-]?(?:s?nan[0-9]*|inf|infinity)", re.IGNORECASE)


class NumeroInvalido(ValueError):
    """O literal não é um número aceito; `codigo` diz por quê (chave de `MENSAGENS`)."""

    def __init__(self, codigo: str):
        super().__init__(MENSAGENS[codigo])
        self.codigo = codigo


def _motivo(texto: str, *, padrao: str) -> str:
    if _EXPOENTE.fullmatch(texto):
        return "expoente"
    if _NAO_FINITO.fullmatch(texto):
        return "nao_finito"
    return padrao


def _partes(texto: str, *, localizado: bool, padrao: str) -> tuple[str, str, str | None]:
    """O sinal, os algarismos inteiros e os decimais (None sem separador) do texto, conferido
    pelo tamanho antes de tudo: nada é convertido, nem percorrido duas vezes, se for longo."""
    texto = texto.strip()
    if len(texto) > ALGARISMOS_MAXIMOS:
        raise NumeroInvalido("longo")
    if localizado:
        # As regras do Django para a escrita pt-BR ("1.234,56", "5.200", "12,5").
        texto = formats.sanitize_separators(texto)
    achado = _NUMERO.fullmatch(texto)
    if achado is None or not (achado[2] or achado[3]):
        raise NumeroInvalido(_motivo(texto, padrao=padrao))
    sinal, inteiros, decimais = achado.groups()
    if sinal == "-" and not (inteiros + (decimais or "")).strip("0"):
        raise NumeroInvalido("zero_negativo")
    return sinal, inteiros, decimais


def _conferir_decimal(valor: Decimal) -> Decimal:
    """Um Decimal já lido (o JSON lê assim os números com ponto): algarismos e expoente
    conferidos antes de qualquer conta com ele."""
    if not valor.is_finite():
        raise NumeroInvalido("nao_finito")
    negativo, algarismos, expoente = valor.as_tuple()
    tamanho = max(len(algarismos), abs(expoente), len(algarismos) + expoente)
    if tamanho > ALGARISMOS_MAXIMOS:
        raise NumeroInvalido("longo")
    if negativo and not any(algarismos):
        raise NumeroInvalido("zero_negativo")
    return valor


def ler_inteiro(valor, *, localizado: bool = False) -> int:
    """O inteiro de um texto ("2026", "5.200" com `localizado`), de um int ou de um Decimal
    inteiro; NumeroInvalido se a forma ou o tamanho não servem. A faixa é do campo."""
    if isinstance(valor, bool):
        raise NumeroInvalido("invalid")
    if isinstance(valor, int):
        if abs(valor) >= 10**ALGARISMOS_MAXIMOS:
            raise NumeroInvalido("longo")
        return valor
    if isinstance(valor, Decimal):
        if _conferir_decimal(valor) != valor.to_integral_value():
            raise NumeroInvalido("fracao")
        return int(valor)
    if not isinstance(valor, str):
        raise NumeroInvalido("invalid")
    sinal, inteiros, decimais = _partes(valor, localizado=localizado, padrao="invalid")
    if decimais is not None:
        raise NumeroInvalido("fracao")
    return int(sinal + inteiros)


def ler_decimal(valor, *, localizado: bool = False) -> Decimal:
    """O Decimal de um texto ("1234.56"; "1.234,56" com `localizado`), de um int ou de um
    Decimal; NumeroInvalido se a forma ou o tamanho não servem. Casas e faixa são do campo."""
    if isinstance(valor, bool):
        raise NumeroInvalido("decimal")
    if isinstance(valor, int):
        return Decimal(ler_inteiro(valor))
    if isinstance(valor, Decimal):
        return _conferir_decimal(valor)
    if not isinstance(valor, str):
        raise NumeroInvalido("decimal")
    sinal, inteiros, decimais = _partes(valor, localizado=localizado, padrao="decimal")
    return Decimal(sinal + inteiros + ("" if decimais is None else "." + decimais))


def pagina(valor) -> int | None:
    """O número da página de uma lista (`?pagina=`); ilegível ou menor que 1, None: o
    paginador do Django mostra então a primeira página."""
    try:
        numero = ler_inteiro(valor)
    except NumeroInvalido:
        return None
    return numero if numero >= 1 else None


def literal_inteiro_json(texto: str) -> int | Decimal:
    """`parse_int` do leitor de JSON: o literal longo é recusado antes de virar int (o JSON
    inteiro é malformado, com a mensagem em pt-BR); o "-0" segue como Decimal, para o campo
    recusá-lo com a sua mensagem."""
    if len(texto) > ALGARISMOS_MAXIMOS:
        raise ValueError(MENSAGENS["longo"])
    if texto.startswith("-") and not texto.strip("-0"):
        return Decimal(texto)
    return int(texto)
