"""Quantos objetos o PDF tem, contados antes de o pypdf abri-lo.

O pypdf, ao abrir um PDF, monta na memória o índice de objetos (a tabela xref) com todas as
entradas que o arquivo declara e lê o cabeçalho de cada objeto para conferi-lo: um índice
de um milhão de entradas — 24 MB de texto, ou 20 KB de um índice comprimido — custa
centenas de MB e muitos segundos antes de qualquer página. O mesmo vale para o PDF de índice
quebrado, que o pypdf reconstrói procurando cada "obj" no arquivo. Aqui se contam, sem
montar nada, as entradas declaradas pelos índices (os cabeçalhos das seções, seguindo as
revisões por /Prev) e as palavras "obj" do arquivo; passando do limite, o PDF é recusado
antes de ser aberto.
"""

import re

from documentos.arquivos import orcamento
from documentos.arquivos.tipos import ArquivoRecusado
from requisitos.formatacao import inteiro

BLOCO = 1024 * 1024
# Um PDF real tem poucas revisões (cada gravação incremental acrescenta uma).
MAXIMO_DE_REVISOES = 100
_STARTXREF = re.compile(rb"startxref\s+(\d+)")
_SUBSECAO = re.compile(rb"\s*(\d+)\s+(\d+)[ \t]*[\r\n]")
_INDICE = re.compile(rb"/Index\s*\[([\d\s]*)\]")
_TAMANHO = re.compile(rb"/Size\s+(\d+)")
_ANTERIORES = re.compile(rb"/(?:Prev|XRefStm)\s+(\d+)")


def conferir_objetos(arquivo) -> None:
    limite = orcamento.LIMITE_OBJETOS_PDF
    declarados = entradas_declaradas(arquivo)
    if declarados > limite or palavras_obj(arquivo) > 2 * limite:
        raise ArquivoRecusado(
            f"O PDF tem mais de {inteiro(limite)} objetos, o limite da conferência; gere o PDF "
            "de novo (a opção “otimizar” ou “reduzir tamanho” costuma resolver) ou divida o "
            "documento."
        )
    arquivo.seek(0)


def palavras_obj(arquivo) -> int:
    """Cada objeto do arquivo tem um "obj" e um "endobj"."""
    arquivo.seek(0)
    total, resto = 0, b""
    while bloco := arquivo.read(BLOCO):
        total += (resto + bloco).count(b"obj")
        resto = bloco[-2:]
    return total


def entradas_declaradas(arquivo) -> int:
    """As entradas de todas as seções do índice; 0 se não há "startxref" (o pypdf então
    reconstrói o índice, e as palavras "obj" é que contam)."""
    arquivo.seek(0, 2)
    tamanho = arquivo.tell()
    arquivo.seek(max(0, tamanho - 1024))
    achados = _STARTXREF.findall(arquivo.read())
    pendentes, vistas, total = [int(achados[-1])] if achados else [], set(), 0
    while pendentes:
        posicao = pendentes.pop()
        if posicao in vistas or posicao >= tamanho:
            continue
        vistas.add(posicao)
        if len(vistas) > MAXIMO_DE_REVISOES:
            raise ArquivoRecusado(
                f"O PDF tem mais de {MAXIMO_DE_REVISOES} revisões gravadas umas sobre as "
                "outras; salve uma cópia nova do documento e envie."
            )
        entradas, anteriores = _secao(arquivo, posicao)
        total += entradas
        pendentes.extend(anteriores)
    return total


def _secao(arquivo, posicao: int) -> tuple[int, list[int]]:
    """Uma seção do índice: a tabela em texto ("xref" e subseções "início quantidade") ou
    o fluxo de índice (um objeto /XRef, com /Index ou /Size)."""
    arquivo.seek(posicao)
    inicio = arquivo.read(4096)
    if inicio.lstrip().startswith(b"xref"):
        return _tabela(arquivo, posicao + inicio.index(b"xref") + 4)
    dicionario = inicio.split(b"stream", 1)[0]
    indice = _INDICE.search(dicionario)
    if indice:
        numeros = [int(n) for n in indice[1].split()]
        entradas = sum(numeros[1::2])
    else:
        tamanho = _TAMANHO.search(dicionario)
        entradas = int(tamanho[1]) if tamanho else 0
    return entradas, [int(n) for n in _ANTERIORES.findall(dicionario)]


def _tabela(arquivo, posicao: int) -> tuple[int, list[int]]:
    """As subseções em sequência: cada entrada tem 20 bytes, e a leitura salta por cima
    delas até o "trailer", de onde vêm as revisões anteriores."""
    total, limite = 0, orcamento.LIMITE_OBJETOS_PDF
    for _ in range(limite):  # subseções vazias em sequência também contam
        arquivo.seek(posicao)
        cabecalho = _SUBSECAO.match(arquivo.read(64))
        if cabecalho is None or total > limite:
            break
        total += int(cabecalho[2])
        posicao += cabecalho.end() + 20 * int(cabecalho[2])
    else:
        return limite + 1, []
    arquivo.seek(posicao)
    trailer = arquivo.read(4096).split(b"startxref", 1)[0]
    return total, [int(n) for n in _ANTERIORES.findall(trailer)]
