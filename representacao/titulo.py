"""O número do título de eleitor dos signatários da representação (Art. 13).

Composição (Res. TSE 21.538/2003, art. 12, parágrafo único; hoje Res. TSE 23.659/2021,
art. 36): 12 algarismos — 8 do número sequencial, 2 do código da UF de origem da inscrição
(01 SP, 02 MG, ..., 18 MT, ..., 27 TO, 28 exterior/ZZ) e 2 dígitos verificadores em
módulo 11: o 1º sobre o sequencial (pesos 2 a 9), o 2º sobre a UF seguida do 1º dígito
(pesos 7, 8 e 9); resto 10 vale 0.

Regra atual: a da resolução, implementada pelo `validate-docbr` (`TituloEleitoral`), que
confere também a UF entre 01 e 28.

Regra antiga de SP e MG: nos títulos emitidos em São Paulo ou Minas Gerais (UF 01 ou 02),
o resto 0 no cálculo do 1º ou do 2º dígito vale 1, e não 0. A ressalva não consta da
Res. 23.659/2021, mas títulos antigos desses estados foram emitidos com ela, e a decisão aqui
manda aceitá-los. Fontes conferidas: OBMEP, "A Matemática nos Documentos: Título de
Eleitor" (clubes.obmep.org.br); caelum/caelum-stella, pull request #300 (títulos emitidos
em SP e MG: dígito 1 quando o resto é zero); geekcom/validator-docs, issue #36; e a
discussão da regra em alvarofpp/validate-docbr, issue #70, que explica por que a biblioteca
não a aplica.

Função pura, sem Django: o serviço de assinaturas e o formulário a chamam.
"""

import re
from dataclasses import dataclass

from validate_docbr import TituloEleitoral

SEPARADORES = re.compile(r"[\s.\-/]+")
UFS_COM_REGRA_ANTIGA = (1, 2)  # SP, MG
UF_MT = 18

TAMANHO_ERRADO = "O título deve ter 12 dígitos."
DIGITO_ERRADO = "Dígito verificador inválido."
UF_INEXISTENTE = "UF do título inexistente (o 9º e o 10º dígitos devem ir de 01 a 28)."

_VALIDADOR = TituloEleitoral()


@dataclass(frozen=True)
class Titulo:
    """`numero`: os 12 algarismos quando a forma confere; senão, o texto como veio."""

    valido: bool
    numero: str
    motivo: str = ""
    regra_antiga: bool = False  # válido só pela regra antiga de SP/MG


def normalizar(texto: str) -> str:
    """Tira espaços, pontos, hífens e barras: "0012 3456 1805" → "001234561805"."""
    return SEPARADORES.sub("", texto or "")


def _digito(soma: int, regra_antiga: bool) -> int:
    resto = soma % 11
    if resto == 10:
        return 0
    if resto == 0 and regra_antiga:
        return 1
    return resto


def digitos_verificadores(base: str, *, regra_antiga: bool = False) -> str:
    """Os dois dígitos dos 10 primeiros algarismos (sequencial + UF)."""
    numeros = [int(c) for c in base]
    primeiro = _digito(
        sum(d * p for d, p in zip(numeros[:8], range(2, 10), strict=True)), regra_antiga
    )
    segundo = _digito(numeros[8] * 7 + numeros[9] * 8 + primeiro * 9, regra_antiga)
    return f"{primeiro}{segundo}"


def verificar_titulo(texto: str) -> Titulo:
    """O título confere pela regra atual do TSE ou, nos de SP/MG, pela regra antiga."""
    numero = normalizar(texto)
    if len(numero) != 12 or not numero.isascii() or not numero.isdigit():
        return Titulo(False, (texto or "").strip(), TAMANHO_ERRADO)
    uf = int(numero[8:10])
    if not 1 <= uf <= 28:
        return Titulo(False, numero, UF_INEXISTENTE)
    if _VALIDADOR.validate(numero):
        return Titulo(True, numero)
    if uf in UFS_COM_REGRA_ANTIGA and numero[10:] == digitos_verificadores(
        numero[:10], regra_antiga=True
    ):
        return Titulo(True, numero, regra_antiga=True)
    return Titulo(False, numero, DIGITO_ERRADO)
