"""Quanto custa o PDF/A-2B (issue #29):

- parecer preliminar de 5 páginas: mediana do tempo de CPU da gravação e do HTML → PDF
  inteiro, em PDF comum e em PDF/A-2B, as variantes alternadas na mesma rodada (a máquina
  compartilhada pesa igual em todas);
- a conferência offline (documentos.pdfa) desse parecer e da cópia integral de 200 páginas
  de anexos (a mesma do `python -m bench copia`), que a montagem da cópia roda a cada emissão.
"""

import statistics
import tempfile
import time
from pathlib import Path

from bench.documentos import AUTENTICACAO, _anexos, _contexto_parecer, _montar_copia
from documentos.pdf import documento_weasyprint, escrever_pdf, html_do_documento
from documentos.pdfa import falhas_pdfa


def _mediana(funcao, repeticoes: int) -> float:
    tempos = []
    for _ in range(repeticoes):
        inicio = time.process_time()
        funcao()
        tempos.append(time.process_time() - inicio)
    return statistics.median(tempos)


def _alternadas(funcoes: dict, repeticoes: int) -> dict[str, float]:
    """Mediana do tempo de CPU do processo (não o de relógio: a máquina é compartilhada) de
    cada função, alternadas na mesma rodada."""
    tempos = {nome: [] for nome in funcoes}
    for _ in range(repeticoes):
        for nome, funcao in funcoes.items():
            inicio = time.process_time()
            funcao()
            tempos[nome].append(time.process_time() - inicio)
    return {nome: statistics.median(lista) for nome, lista in tempos.items()}


def medir_parecer(repeticoes: int = 15) -> None:
    html = html_do_documento(
        "pdf/parecer_preliminar.html",
        _contexto_parecer(paragrafos=6),
        minuta=False,
        autenticacao=AUTENTICACAO,
    )
    paginado = documento_weasyprint(html)
    funcoes = {
        # Só a gravação, sobre a mesma paginação: é ali que a variante muda alguma coisa.
        "gravar_comum": lambda: escrever_pdf(paginado, minuta=True),
        "gravar_pdfa": lambda: escrever_pdf(paginado, minuta=False),
        # O caminho inteiro de render_pdf (HTML → paginação → PDF).
        "inteiro_comum": lambda: escrever_pdf(documento_weasyprint(html), minuta=True),
        "inteiro_pdfa": lambda: escrever_pdf(documento_weasyprint(html), minuta=False),
    }
    for funcao in funcoes.values():
        funcao()  # aquece fontes e caches
    m = {nome: valor * 1000 for nome, valor in _alternadas(funcoes, repeticoes).items()}
    dados = escrever_pdf(paginado, minuta=False)
    comum = escrever_pdf(paginado, minuta=True)
    conferencia = _mediana(lambda: falhas_pdfa(dados), repeticoes) * 1000
    print(
        f"Parecer preliminar ({len(paginado.pages)} páginas), CPU, medianas de {repeticoes}: "
        f"gravação {m['gravar_comum']:.0f} ms comum → {m['gravar_pdfa']:.0f} ms PDF/A-2B "
        f"(+{m['gravar_pdfa'] - m['gravar_comum']:.0f} ms); HTML → PDF inteiro "
        f"{m['inteiro_comum']:.0f} ms → {m['inteiro_pdfa']:.0f} ms; arquivo "
        f"{len(comum) / 1024:.0f} KB → {len(dados) / 1024:.0f} KB; conferência offline "
        f"{conferencia:.1f} ms; falhas: {falhas_pdfa(dados) or 'nenhuma'}"
    )


def medir_copia(repeticoes: int = 3) -> None:
    with tempfile.TemporaryDirectory() as pasta_texto:
        pasta = Path(pasta_texto)
        destino = _montar_copia(_anexos(pasta), pasta)
        falhas = falhas_pdfa(destino)
        conferencia = _mediana(lambda: falhas_pdfa(destino), repeticoes)
        tamanho = destino.stat().st_size / 1024 / 1024
        print(
            f"Cópia integral (200 páginas de anexos, {tamanho:.1f} MB): conferência offline do "
            f"PDF/A {conferencia:.2f} s de CPU; falhas: {falhas or 'nenhuma'} "
            f"(mediana de {repeticoes})"
        )


def main() -> None:
    medir_parecer()
    medir_copia()
