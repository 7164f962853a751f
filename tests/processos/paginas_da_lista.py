"""A lista de processos como quem a lê na tela: os protocolos de uma página e os de todas as
páginas em sequência (testes da paginação e da ordem pelo prazo)."""

import re


def protocolos(html: str) -> list[str]:
    return re.findall(r'<td[^>]*><a href="/processos/\d{4}-\d{4}/">(\d{4}/\d{4})</a></td>', html)


def todas_as_paginas(client, parametros: str) -> list[str]:
    primeira = client.get(f"/processos/?{parametros}").text
    paginas = int(re.search(r"Página 1 de (\d+)", primeira).group(1))
    vistos = protocolos(primeira)
    for numero in range(2, paginas + 1):
        vistos += protocolos(client.get(f"/processos/?{parametros}&pagina={numero}").text)
    return vistos
