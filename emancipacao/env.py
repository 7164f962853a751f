"""Leitura tipada das variáveis de ambiente: cada diferença de implantação é uma variável,
e um valor inválido interrompe a inicialização com uma mensagem clara."""

import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

from emancipacao.literais import NumeroInvalido, ler_inteiro

_VERDADEIROS = {"1", "true", "yes", "on", "sim"}
_FALSOS = {"0", "false", "no", "off", "nao", "não", ""}


def env_str(nome: str, padrao: str | None = None, dica: str = "") -> str:
    valor = os.environ.get(nome)
    if valor is None or valor == "":
        if padrao is None:
            raise ImproperlyConfigured(f"Defina a variável de ambiente {nome}. {dica}".strip())
        return padrao
    return valor


def env_url(nome: str, padrao: str | None = None, dica: str = "") -> str:
    """Um endereço http(s) absoluto (ou o padrão, que pode ser vazio)."""
    valor = env_str(nome, padrao, dica)
    partes = urlsplit(valor)
    if valor and (partes.scheme not in {"http", "https"} or not partes.netloc):
        raise ImproperlyConfigured(
            f"{nome} deve ser um endereço http(s) absoluto, como "
            f"https://emancipacao.al.mt.gov.br, não {valor!r}."
        )
    return valor


def env_bool(nome: str, padrao: bool = False) -> bool:
    valor = os.environ.get(nome)
    if valor is None:
        return padrao
    valor = valor.strip().lower()
    if valor in _VERDADEIROS:
        return True
    if valor in _FALSOS:
        return False
    raise ImproperlyConfigured(f"{nome} deve ser verdadeiro ou falso, não {valor!r}.")


def env_int(nome: str, padrao: int | None) -> int | None:
    """Pelo leitor central dos inteiros (`emancipacao.literais`): algarismos ASCII, sem
    expoente, sem "1_000" nem "-0", e no máximo `ALGARISMOS_MAXIMOS` caracteres."""
    valor = os.environ.get(nome)
    if valor is None or valor == "":
        return padrao
    try:
        return ler_inteiro(valor)
    except NumeroInvalido as exc:
        raise ImproperlyConfigured(f"{nome} deve ser um número inteiro, não {valor!r}.") from exc


def env_list(nome: str, padrao: str = "") -> list[str]:
    return [item.strip() for item in env_str(nome, padrao or " ").split(",") if item.strip()]
