"""A cópia integral de um processo com um documento do Art. 15 de 5 000 páginas (um PDF
legítimo de ~1,2 MB: uma linha de texto por página, fonte partilhada): tempo e pico de
memória (RSS máximo) da montagem, como a tarefa em segundo plano a executa.

`python -m bench copia_grande` — nada é gravado no banco (a mesma `montar()` da emissão).
"""

import resource
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from bench.documentos import AUTENTICACAO, _contexto_parecer
from documentos import conteudo as c
from documentos.copia_integral import Peca, analisar, montar

PAGINAS = 5000


def pdf_de_muitas_paginas(destino: Path, paginas: int = PAGINAS) -> Path:
    escritor = PdfWriter()
    fonte = escritor._add_object(
        DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
            }
        )
    )
    for numero in range(1, paginas + 1):
        pagina = escritor.add_blank_page(595, 842)
        pagina[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): fonte})}
        )
        conteudo = DecodedStreamObject()
        conteudo.set_data(
            f"BT /F1 14 Tf 72 760 Td (Lista de assinaturas, folha {numero}) Tj ET".encode()
        )
        pagina[NameObject("/Contents")] = escritor._add_object(conteudo.flate_encode())
    with destino.open("wb") as saida:
        escritor.write(saida)
    return destino


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(paginas: int = PAGINAS) -> None:
    with tempfile.TemporaryDirectory() as pasta_texto:
        pasta = Path(pasta_texto)
        anexo = pdf_de_muitas_paginas(pasta / "assinaturas.pdf", paginas)
        tamanho_anexo = anexo.stat().st_size / 1024 / 1024
        pecas = [
            Peca(
                "Requerimento com as assinaturas dos eleitores",
                "2026-01-05",
                "application/pdf",
                caminho=anexo,
            )
        ]
        rss_antes = _rss_mb()
        inicio = time.perf_counter()
        etapas = []

        def progresso(etapa, feito, total):
            etapas.append((round(time.perf_counter() - inicio, 1), etapa, feito, total))

        analisadas = analisar(pecas, pasta)
        contexto = {**_contexto_parecer(1), "pecas": analisadas}
        conteudo = c.Conteudo("copia_integral", "Cópia", "s", "pdf/copia_integral.html", contexto)
        destino = pasta / "copia.pdf"
        montar(conteudo, analisadas, AUTENTICACAO, destino, progresso)
        duracao = time.perf_counter() - inicio
        total = len(PdfReader(destino).pages)
        print(
            f"Cópia integral com um anexo de {paginas} páginas ({tamanho_anexo:.1f} MB): "
            f"{total} páginas, {destino.stat().st_size / 1024 / 1024:.1f} MB, {duracao:.1f} s; "
            f"RSS máximo {_rss_mb():.0f} MB ({rss_antes:.0f} MB antes da montagem)"
        )
        marcos = [e for e in etapas if e[2] == 0 or e[2] % 1000 == 0]
        for segundos, etapa, feito, total_etapa in marcos:
            print(f"  {segundos:>7.1f} s  {etapa} {feito}/{total_etapa}")


if __name__ == "__main__":
    main()
