"""Ordem alfabética do pt-BR sem depender do `locale` do servidor: "Água Boa" antes de
"Alta Floresta", como num dicionário (o ORDER BY do banco põe as letras acentuadas no fim)."""

import unicodedata
from functools import lru_cache


# Guardada: a lista dos 142 municípios é ordenada a cada página com filtros.
@lru_cache(maxsize=4096)
def chave_alfabetica(texto: str) -> tuple[str, str]:
    """Compara sem acentos e sem caixa; o texto original desempata (ordem estável)."""
    decomposto = unicodedata.normalize("NFKD", texto)
    sem_acentos = "".join(c for c in decomposto if not unicodedata.combining(c))
    return sem_acentos.casefold(), texto


def em_ordem_alfabetica(itens, nome=lambda item: item.nome) -> list:
    return sorted(itens, key=lambda item: chave_alfabetica(nome(item)))
