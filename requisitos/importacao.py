"""Importação da tabela de valor adicionado da SEFAZ (Art. 2º, IV), usada pelo comando
`importar_valor_adicionado` e pelo admin.

CSV em UTF-8 ou Latin-1, separado por `;` ou `,`, com o cabeçalho
`codigo_ibge;exercicio;valor_adicionado`. Valores aceitos: `1234567.89`, `1234567,89` ou
`1.234.567,89`. Cada linha é conferida; se houver qualquer erro, nada é gravado.
"""

import csv
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction

from emancipacao.numeros import NumeroInvalido, ler_decimal, ler_inteiro
from requisitos.models import Municipio, ValorAdicionado
from requisitos.municipios_br import por_codigo

COLUNAS = ("codigo_ibge", "exercicio", "valor_adicionado")
EXERCICIO_MINIMO, EXERCICIO_MAXIMO = 1990, 2100
MAXIMO_VALOR = Decimal("9999999999999999.99")  # max_digits=18, decimal_places=2


class ImportacaoRecusada(Exception):
    def __init__(self, erros: list[str]):
        super().__init__("\n".join(erros))
        self.erros = erros


@dataclass(frozen=True)
class LinhaVA:
    numero: int
    codigo_ibge: int
    exercicio: int
    valor: Decimal


@dataclass
class ResultadoImportacao:
    criados: int = 0
    atualizados: int = 0
    exercicios: set[int] = field(default_factory=set)

    def resumo(self) -> str:
        anos = ", ".join(str(a) for a in sorted(self.exercicios)) or "—"
        return (
            f"{self.criados} valores adicionados incluídos e {self.atualizados} atualizados "
            f"(exercícios: {anos})."
        )


def decodificar(bruto: bytes) -> str:
    try:
        return bruto.decode("utf-8-sig")
    except UnicodeDecodeError:
        return bruto.decode("latin-1")


def converter_valor(texto: str) -> Decimal:
    """Valor em reais, no formato brasileiro ou com ponto decimal; nunca float."""
    texto = re.sub(r"[\sR$]", "", texto)
    if "," in texto:
        texto = texto.replace(".", "").replace(",", ".")
    elif texto.count(".") > 1:
        texto = texto.replace(".", "")
    valor = ler_decimal(texto)
    if valor < 0:
        raise ValueError("o valor deve ser um número não negativo")
    # O máximo antes do arredondamento: quantize de um número acima da precisão é erro.
    if valor > MAXIMO_VALOR or valor != valor.quantize(Decimal("0.01")):
        raise ValueError("o valor deve ter no máximo 2 casas decimais e 16 dígitos inteiros")
    return valor


def _converter_linha(numero: int, linha: dict) -> LinhaVA:
    try:
        codigo = ler_inteiro(linha.get("codigo_ibge") or "")
    except NumeroInvalido:
        raise ValueError("código IBGE inválido") from None
    municipio = por_codigo().get(codigo)
    if municipio is None or municipio.uf != "MT":
        raise ValueError(f"o código IBGE {codigo} não é de um município de Mato Grosso")
    try:
        exercicio = ler_inteiro(linha.get("exercicio") or "")
    except NumeroInvalido:
        raise ValueError("exercício inválido (use o ano com 4 algarismos)") from None
    if not EXERCICIO_MINIMO <= exercicio <= EXERCICIO_MAXIMO:
        raise ValueError(f"exercício {exercicio} fora do intervalo aceito")
    try:
        valor = converter_valor(linha.get("valor_adicionado") or "")
    except NumeroInvalido:
        raise ValueError("valor adicionado inválido") from None
    return LinhaVA(numero, codigo, exercicio, valor)


def ler_tabela(bruto: bytes) -> list[LinhaVA]:
    """Lê e confere o CSV inteiro; ImportacaoRecusada com um erro por linha, se houver."""
    texto = decodificar(bruto)
    primeira = texto.lstrip().split("\n", 1)[0]
    separador = ";" if primeira.count(";") >= primeira.count(",") else ","
    leitor = csv.DictReader(io.StringIO(texto), delimiter=separador)
    leitor.fieldnames = [c.strip().lower() for c in (leitor.fieldnames or [])]
    faltam = [c for c in COLUNAS if c not in leitor.fieldnames]
    if faltam:
        raise ImportacaoRecusada([f"Cabeçalho sem a(s) coluna(s): {', '.join(faltam)}."])
    linhas, erros, vistas = [], [], {}
    for numero, linha in enumerate(leitor, start=2):
        if not any((v or "").strip() for v in linha.values() if isinstance(v, str)):
            continue
        try:
            convertida = _converter_linha(numero, linha)
        except ValueError as exc:
            erros.append(f"Linha {numero}: {exc}.")
            continue
        chave = (convertida.codigo_ibge, convertida.exercicio)
        if chave in vistas:
            erros.append(
                f"Linha {numero}: repete a linha {vistas[chave]} ({chave[0]}, {chave[1]})."
            )
        vistas.setdefault(chave, numero)
        linhas.append(convertida)
    if not linhas and not erros:
        erros.append("O arquivo não tem linhas de dados.")
    if erros:
        raise ImportacaoRecusada(erros)
    return linhas


@transaction.atomic
def importar_valores_adicionados(bruto: bytes, fonte: str = "SEFAZ-MT") -> ResultadoImportacao:
    """Grava a tabela inteira ou nada. O município de MT que ainda não estiver cadastrado é
    incluído a partir da lista nacional do pacote instalado."""
    resultado = ResultadoImportacao()
    nomes = por_codigo()
    for linha in ler_tabela(bruto):
        municipio, _ = Municipio.objects.get_or_create(
            codigo_ibge=linha.codigo_ibge, defaults={"nome": nomes[linha.codigo_ibge].nome}
        )
        _, criado = ValorAdicionado.objects.update_or_create(
            municipio=municipio,
            exercicio=linha.exercicio,
            defaults={"valor": linha.valor, "fonte": fonte},
        )
        resultado.criados += criado
        resultado.atualizados += not criado
        resultado.exercicios.add(linha.exercicio)
    return resultado
