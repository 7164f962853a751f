"""A cópia integral de um processo com um documento do Art. 15 de N páginas (um PDF legítimo:
uma linha de texto por página, fonte partilhada): tempo e pico de memória (RSS máximo) da
montagem, como a tarefa em segundo plano a executa, e o custo por página e por MB.

`python -m bench copia_grande [PÁGINAS ...]` (padrão: 5 000) — cada tamanho num processo
próprio (o RSS máximo não desce); nada é gravado no banco (a mesma `montar()` da emissão).
"""

import json
import os
import resource
import subprocess
import sys
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


def medir(paginas: int) -> dict:
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
        cpu = time.process_time()
        etapas = []

        def progresso(etapa, feito, total):
            etapas.append((round(time.perf_counter() - inicio, 1), etapa, feito, total))

        analisadas = analisar(pecas, pasta)
        contexto = {**_contexto_parecer(1), "pecas": analisadas}
        conteudo = c.Conteudo("copia_integral", "Cópia", "s", "pdf/copia_integral.html", contexto)
        destino = pasta / "copia.pdf"
        montar(conteudo, analisadas, AUTENTICACAO, destino, progresso)
        duracao = time.perf_counter() - inicio
        cpu = time.process_time() - cpu
        total = len(PdfReader(destino).pages)
        return {
            "paginas_anexo": paginas,
            "mb_anexo": tamanho_anexo,
            "paginas": total,
            "mb": destino.stat().st_size / 1024 / 1024,
            "s": duracao,
            "cpu_s": cpu,
            "rss_max_mb": _rss_mb(),
            "rss_antes_mb": rss_antes,
            "marcos": [e for e in etapas if e[2] == 0 or e[2] % 1000 == 0],
        }


def em_processo_proprio(*argumentos: str) -> dict:
    """A medida de `python -m bench ARGUMENTOS` num processo novo (o RSS máximo não desce):
    o JSON da última linha que ele imprime."""
    saida = subprocess.run(
        [sys.executable, "-m", "bench", *argumentos],
        env=os.environ,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(saida.splitlines()[-1])


def _virgula(valor: float, casas: int = 1) -> str:
    return f"{valor:.{casas}f}".replace(".", ",")


def main(tamanhos: list[int] | None = None) -> None:
    """Cada tamanho num processo novo; imprime uma linha por tamanho, com o custo por
    página (tempo de CPU e memória acima do processo já aquecido) e por MB da cópia."""
    print(
        "| páginas do anexo (MB) | páginas da cópia | MB da cópia | relógio s | CPU s "
        "| CPU ms/página | CPU s/MB | RSS máx. MB (antes) | KB de RSS/página |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for paginas in tamanhos or [PAGINAS]:
        m = em_processo_proprio("copia_grande_um", str(paginas))
        acima_kb = (m["rss_max_mb"] - m["rss_antes_mb"]) * 1024
        print(
            f"| {m['paginas_anexo']} ({_virgula(m['mb_anexo'])}) | {m['paginas']} "
            f"| {_virgula(m['mb'])} | {_virgula(m['s'])} | {_virgula(m['cpu_s'])} "
            f"| {_virgula(m['cpu_s'] * 1000 / m['paginas'], 2)} "
            f"| {_virgula(m['cpu_s'] / m['mb'], 2)} "
            f"| {m['rss_max_mb']:.0f} ({m['rss_antes_mb']:.0f}) "
            f"| {_virgula(acima_kb / m['paginas'], 1)} |",
            flush=True,
        )
