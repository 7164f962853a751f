"""Quanto custa o PDF/A-2B (issue #29):

- parecer preliminar de 5 páginas: mediana do HTML → PDF em PDF comum e em PDF/A-2B, as
  duas variantes alternadas na mesma rodada (a máquina compartilhada pesa igual nas duas);
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
        inicio = time.perf_counter()
        funcao()
        tempos.append(time.perf_counter() - inicio)
    return statistics.median(tempos)


def medir_parecer(repeticoes: int = 15) -> None:
    html = html_do_documento(
        "pdf/parecer_preliminar.html",
        _contexto_parecer(paragrafos=6),
        minuta=False,
        autenticacao=AUTENTICACAO,
    )

    def comum():
        return escrever_pdf(documento_weasyprint(html), minuta=True)

    def pdfa():
        return escrever_pdf(documento_weasyprint(html), minuta=False)

    comum(), pdfa()  # aquece fontes e caches
    tempos = {"comum": [], "pdfa": []}
    for _ in range(repeticoes):
        for nome, funcao in (("comum", comum), ("pdfa", pdfa)):
            inicio = time.perf_counter()
            funcao()
            tempos[nome].append(time.perf_counter() - inicio)
    m_comum, m_pdfa = (statistics.median(tempos[n]) for n in ("comum", "pdfa"))
    dados = pdfa()
    conferencia = _mediana(lambda: falhas_pdfa(dados), repeticoes)
    print(
        f"Parecer preliminar: PDF comum {m_comum * 1000:.0f} ms, PDF/A-2B {m_pdfa * 1000:.0f} ms "
        f"(+{(m_pdfa - m_comum) * 1000:.0f} ms, {len(dados) / 1024:.0f} KB); conferência "
        f"offline {conferencia * 1000:.1f} ms; falhas: {falhas_pdfa(dados) or 'nenhuma'} "
        f"(medianas de {repeticoes})"
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
            f"PDF/A {conferencia:.2f} s; falhas: {falhas or 'nenhuma'} (mediana de {repeticoes})"
        )


def main() -> None:
    medir_parecer()
    medir_copia()
