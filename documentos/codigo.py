"""Código de verificação dos documentos emitidos.

Alfabeto de Crockford (base 32 sem I, L, O e U): nada que se confunda ao ler em voz alta ou
ao digitar de um papel. Dezesseis caracteres sorteados por `secrets` dão 80 bits — não se
adivinha um código válido, nem tentando em massa (e a página /validar/ tem limite de taxa).
"""

import re
import secrets

ALFABETO = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
TAMANHO = 16
GRUPO = 4
# O que uma pessoa pode digitar no lugar do caractere certo.
EQUIVALENTES = str.maketrans({"O": "0", "I": "1", "L": "1", "U": "V"})
FORMATO = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$")


def novo_codigo() -> str:
    """Código novo, formatado em grupos: "7K2M-Q9XD-4TNB-A0PZ"."""
    return formatar("".join(secrets.choice(ALFABETO) for _ in range(TAMANHO)))


def formatar(simbolos: str) -> str:
    return "-".join(simbolos[i : i + GRUPO] for i in range(0, len(simbolos), GRUPO))


def normalizar(digitado: str) -> str | None:
    """O código na forma gravada, ou None se o texto não pode ser um código.

    Aceita minúsculas, espaços, hífens em qualquer lugar e as trocas O→0, I/L→1."""
    simbolos = re.sub(r"[\s\-.]", "", (digitado or "")[:64]).upper().translate(EQUIVALENTES)
    if len(simbolos) != TAMANHO or any(c not in ALFABETO for c in simbolos):
        return None
    return formatar(simbolos)
