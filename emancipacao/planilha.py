"""Todo CSV que o sistema entrega, escrito por uma função só (`resposta_csv`).

Decisões: separador `;` e UTF-8 com BOM, como o Excel em pt-BR abre sem perguntar. Uma célula
que começa com `=`, `+`, `-`, `@`, tabulação ou quebra de linha ganha um apóstrofo na frente:
a planilha a mostra como texto, em vez de executá-la como fórmula (um nome proposto como
`=HYPERLINK(...)` ou `-2+3+cmd|...` não é uma fórmula). Vale para todas as células, inclusive
as que o sistema escreve, para que nenhuma coluna nova fique de fora.
"""

import csv
from collections.abc import Iterable, Iterator

from django.http import HttpResponse, StreamingHttpResponse

BOM = "\ufeff"
INICIO_DE_FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n")


class _Eco:
    """O "arquivo" do csv.writer: devolve a linha escrita, para o StreamingHttpResponse."""

    def write(self, texto: str) -> str:
        return texto


def celula(valor) -> str:
    texto = "" if valor is None else str(valor)
    return f"'{texto}" if texto.startswith(INICIO_DE_FORMULA) else texto


def linhas_csv(cabecalhos: Iterable, linhas: Iterable[Iterable]) -> Iterator[str]:
    """O BOM com o cabeçalho e cada linha, com as células escapadas, à medida que são lidas."""
    escritor = csv.writer(_Eco(), delimiter=";")
    yield BOM + escritor.writerow([celula(c) for c in cabecalhos])
    for linha in linhas:
        yield escritor.writerow([celula(v) for v in linha])


def resposta_csv(
    cabecalhos: Iterable, linhas: Iterable[Iterable], *, arquivo: str, aos_poucos: bool = True
):
    """O download do CSV (`attachment`): lido e enviado aos poucos (as listas, que podem ter
    milhares de linhas) ou inteiro (um modelo de poucas linhas)."""
    conteudo = linhas_csv(cabecalhos, linhas)
    tipo = "text/csv; charset=utf-8"
    if aos_poucos:
        resposta = StreamingHttpResponse(conteudo, content_type=tipo)
    else:
        resposta = HttpResponse("".join(conteudo).encode("utf-8"), content_type=tipo)
    resposta["Content-Disposition"] = f'attachment; filename="{arquivo}"'
    return resposta
