"""A lista de processos em CSV (a mesma filtragem e ordem da tela, todas as páginas).

Datas dd/mm/aaaa; cabeçalhos em pt-BR, os mesmos da tela. O separador, o BOM e as células que
a planilha tomaria por fórmula são de `emancipacao.planilha`, a mesma de todo CSV do sistema.
"""

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
LOTE = 2000


def _data(valor) -> str:
    return valor.strftime("%d/%m/%Y") if valor else ""


def identificacao(p) -> list[str]:
    """As cinco primeiras colunas, as mesmas nesta exportação e na do portal."""
    return [
        p.protocolo,
        p.get_tipo_display(),
        p.nome_proposto,
        ", ".join(m.nome for m in p.municipios_origem.all()),
        p.get_estado_display(),
    ]


def linhas(processos: Iterable) -> Iterator[list]:
    """Uma linha por processo, lidos do banco em lotes."""
    for p in processos.iterator(chunk_size=LOTE):
        yield identificacao(p) + [
            _data(timezone.localtime(p.ultima_movimentacao)),
            _data(p.prazo_mais_proximo),
        ]
