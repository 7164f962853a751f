"""A lista de processos em CSV (a mesma filtragem e ordem da tela, todas as páginas).

Decisões: separador `;` e UTF-8 com BOM, como o Excel em pt-BR abre sem perguntar; datas
dd/mm/aaaa; cabeçalhos em pt-BR, os mesmos da tela. Uma célula que começa com `=`, `+`,
`-`, `@` (ou tabulação) ganha um apóstrofo na frente: a planilha a mostra como texto, em vez
de executá-la como fórmula (um nome proposto não é uma fórmula).
"""

import csv
from collections.abc import Iterable, Iterator

from django.utils import timezone

CABECALHOS = (
    "Número",
    "Tipo",
    "Nome proposto",
    "Municípios de origem",
    "Estado",
    "Última movimentação",
    "Prazo mais próximo",
)
BOM = "\ufeff"
INICIO_DE_FORMULA = ("=", "+", "-", "@", "\t", "\r")
LOTE = 2000


class _Linha:
    """O "arquivo" do csv.writer: devolve a linha escrita, para o StreamingHttpResponse."""

    def write(self, texto: str) -> str:
        return texto


def _celula(valor: str) -> str:
    return f"'{valor}" if valor.startswith(INICIO_DE_FORMULA) else valor


def _data(valor) -> str:
    return valor.strftime("%d/%m/%Y") if valor else ""


def linhas_csv(processos: Iterable) -> Iterator[str]:
    """O BOM, o cabeçalho e uma linha por processo, lidos do banco em lotes."""
    escritor = csv.writer(_Linha(), delimiter=";")
    yield BOM + escritor.writerow(CABECALHOS)
    for p in processos.iterator(chunk_size=LOTE):
        yield escritor.writerow(
            [
                p.protocolo,
                p.get_tipo_display(),
                _celula(p.nome_proposto),
                _celula(", ".join(m.nome for m in p.municipios_origem.all())),
                p.get_estado_display(),
                _data(timezone.localtime(p.ultima_movimentacao)),
                _data(p.prazo_mais_proximo),
            ]
        )
