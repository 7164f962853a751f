"""As emissões que crescem com o processo, medidas por página e por MB: o parecer preliminar
(o relatório circunstanciado da visita cresce), o Projeto de Lei com as divisas e o memorial
descritivo por extenso (Art. 7º, II) e a cópia integral com o anexo do Art. 15 de N páginas
(`bench.copia_grande`).

`python -m bench emissoes [TAMANHO ...]` — cada emissão e cada tamanho num processo próprio
(o RSS máximo não desce): relógio, CPU, páginas e MB do PDF, pico de memória (RSS máximo
acima do processo já aquecido) e o custo por página e por MB, em CPU (numa máquina
dividida, o relógio mede também a fila). Só mede; nada é gravado no
banco (as mesmas `render_pdf()` e `montar()` da emissão, com o rodapé de autenticação).
"""

import time
from io import BytesIO

from pypdf import PdfReader

from bench.copia_grande import _rss_mb, _virgula, em_processo_proprio
from bench.documentos import AUTENTICACAO, PARAGRAFO, _contexto_parecer
from documentos.pdf import render_pdf

# Tamanho de cada emissão: parágrafos do texto que cresce (parecer, PL) ou páginas do anexo
# (cópia integral).
TAMANHOS = {"parecer": (6, 30, 120), "pl": (6, 30, 120), "copia": (200, 1000)}


def _contexto_pl(paragrafos: int) -> dict:
    contexto = _contexto_parecer(1)
    contexto["processo"].divisas = "\n\n".join([PARAGRAFO] * paragrafos)
    return {
        **contexto,
        "dados": {"numero_pl": "12/2026", "data_sessao_ordem_do_dia": "2026-06-02"},
        "ano_instalacao": 2029,
        "percentuais_icms": [("Tapurah", "12.5")],
        "certidoes_icms": ["SEFAZ 7/2026"],
    }


def _pdf(modelo: str, contexto: dict, aquecimento: dict) -> dict:
    """A emissão medida depois de uma pequena do mesmo modelo (que carrega fontes e modelos):
    o RSS acima do processo aquecido é o que o tamanho custa."""
    render_pdf(modelo, aquecimento, autenticacao=AUTENTICACAO)
    rss_antes = _rss_mb()
    inicio, cpu = time.perf_counter(), time.process_time()
    pdf = render_pdf(modelo, contexto, autenticacao=AUTENTICACAO)
    return {
        "s": time.perf_counter() - inicio,
        "cpu_s": time.process_time() - cpu,
        "paginas": len(PdfReader(BytesIO(pdf)).pages),
        "mb": len(pdf) / 1024 / 1024,
        "rss_max_mb": _rss_mb(),
        "rss_antes_mb": rss_antes,
    }


def medir(emissao: str, tamanho: int) -> dict:
    if emissao == "parecer":
        return _pdf("pdf/parecer_preliminar.html", _contexto_parecer(tamanho), _contexto_parecer(1))
    if emissao == "pl":
        return _pdf("pdf/pl.html", _contexto_pl(tamanho), _contexto_pl(1))
    from bench import copia_grande

    return copia_grande.medir(tamanho)


def main(tamanhos: list[int] | None = None) -> None:
    print(
        "| emissão (tamanho) | páginas | MB | relógio s | CPU s | CPU ms/página | CPU s/MB "
        "| RSS máx. MB (antes) | KB de RSS/página | MB de RSS/MB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for emissao, padrao in TAMANHOS.items():
        for tamanho in tamanhos or padrao:
            m = em_processo_proprio("emissoes_um", emissao, str(tamanho))
            acima = m["rss_max_mb"] - m["rss_antes_mb"]
            print(
                f"| {emissao} ({tamanho}) | {m['paginas']} | {_virgula(m['mb'], 2)} "
                f"| {_virgula(m['s'], 2)} | {_virgula(m['cpu_s'], 2)} "
                f"| {_virgula(m['cpu_s'] * 1000 / m['paginas'], 1)} "
                f"| {_virgula(m['cpu_s'] / m['mb'], 2)} "
                f"| {m['rss_max_mb']:.0f} ({m['rss_antes_mb']:.0f}) "
                f"| {_virgula(acima * 1024 / m['paginas'], 1)} "
                f"| {_virgula(acima / m['mb'], 1)} |",
                flush=True,
            )
