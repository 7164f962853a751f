"""Onde a busca interna procura nesta fase (`processos.busca.registrar_fonte`): o nome de um
signatário (todas as palavras do termo no mesmo nome, sem acento nem caixa) e o título de
eleitor (os 12 algarismos, com ou sem os espaços e pontos com que se escreve:
`representacao.titulo.normalizar`)."""

from processos.busca import cada_palavra_em
from representacao.models import Signatario
from representacao.titulo import normalizar


def nos_signatarios(lista: list[str], termo: str) -> list:
    achados = [Signatario.objects.filter(cada_palavra_em("nome_da_busca", lista))]
    algarismos = normalizar(termo)
    if len(algarismos) == 12 and algarismos.isascii() and algarismos.isdigit():
        achados.append(Signatario.objects.filter(titulo_eleitor=algarismos))
    return achados
