"""Medições dos documentos (issue #4):

- parecer de 5 páginas: mediana (aquecido) do HTML → PDF com rodape de autenticação;
  meta: < 0,5 s;
- cópia integral com 200 páginas de anexos (PDFs de texto e imagens): tempo total e pico
  de memória (RSS máximo do processo, e o pico do Python medido pelo tracemalloc);
  meta: < 10 s, memória limitada.

Nada é gravado no banco: a cópia é montada pela mesma função `montar()` usada na emissão.
"""

import resource
import statistics
import tempfile
import time
import tracemalloc
from io import BytesIO
from pathlib import Path
from types import SimpleNamespace

from PIL import Image

from documentos import conteudo as c
from documentos.copia_integral import Peca, analisar, montar
from documentos.pdf import Autenticacao, render_pdf

PARAGRAFO = (
    "A Comissão de Revisão Territorial verificou in loco as condições da sede do futuro "
    "município, o comércio, a agricultura e os serviços públicos existentes, e registrou as "
    "manifestações da comunidade. "
) * 6
AUTENTICACAO = Autenticacao("7K2M-Q9XD-4TNB-A0PZ", "ab12" * 16, "19/11/1992 às 10:00")


def _processo_ficticio():
    return SimpleNamespace(
        protocolo="0003/2026",
        slug="0003-2026",
        titulo="Criação do Município de Itanhangá",
        tipo="criacao",
        sede_proposta="Itanhangá",
        nome_proposto="Itanhangá",
        data_leitura_expediente="2026-03-02",
        deputado_autor=None,
        get_forma_encaminhamento_display=lambda: "Diretamente pela comunidade",
        get_estado_display=lambda: "Decreto Legislativo publicado",
    )


def _contexto_parecer(paragrafos: int) -> dict:
    return {
        "processo": _processo_ficticio(),
        "origens": ["Tapurah"],
        "origens_extenso": "Tapurah",
        "tipo_rotulo": "Criação de município",
        "visita": SimpleNamespace(data_ato="2026-04-10"),
        "visita_dados": {
            "membros_presentes": "Membros da CRT",
            "levantamento_socioeconomico": PARAGRAFO,
            "relatorio_circunstanciado": "\n".join([PARAGRAFO] * paragrafos),
            "condicoes_instalacao": True,
        },
        "dados": {"texto_parecer": PARAGRAFO * 2},
        "com_certidoes": True,
        "emitente": c.Emitente("Bruno Presidente", "Presidente da Comissão"),
        "data_documento": "2026-04-20",
    }


def medir_parecer(repeticoes: int = 15) -> float:
    contexto = _contexto_parecer(paragrafos=6)
    pdf = render_pdf("pdf/parecer_preliminar.html", contexto, autenticacao=AUTENTICACAO)
    from pypdf import PdfReader

    paginas = len(PdfReader(BytesIO(pdf)).pages)
    tempos = []
    for _ in range(repeticoes):
        inicio = time.perf_counter()
        render_pdf("pdf/parecer_preliminar.html", contexto, autenticacao=AUTENTICACAO)
        tempos.append(time.perf_counter() - inicio)
    mediana = statistics.median(tempos)
    print(
        f"Parecer preliminar ({paginas} páginas): mediana {mediana:.3f} s "
        f"(mín. {min(tempos):.3f} s, máx. {max(tempos):.3f} s, {repeticoes} repetições) "
        f"— meta < 0,5 s: {'OK' if mediana < 0.5 else 'ACIMA'}"
    )
    return mediana


def _anexos(pasta: Path) -> list[Peca]:
    """200 páginas: 9 PDFs de 20 páginas de texto (parecer), e 20 fotografias JPEG."""
    pdf_grande = pasta / "anexo.pdf"
    contexto = _contexto_parecer(paragrafos=70)
    pdf_grande.write_bytes(render_pdf("pdf/parecer_preliminar.html", contexto))
    from pypdf import PdfReader, PdfWriter

    leitor = PdfReader(pdf_grande)
    escritor = PdfWriter()
    for pagina in leitor.pages[:20]:
        escritor.add_page(pagina)
    with (pasta / "anexo20.pdf").open("wb") as saida:
        escritor.write(saida)
    pecas = [
        Peca(
            f"Anexo {i} — documento de 20 páginas",
            f"2026-0{1 + i % 9}-01",
            "application/pdf",
            caminho=pasta / "anexo20.pdf",
        )
        for i in range(1, 10)
    ]
    for i in range(1, 21):
        foto = pasta / f"foto{i}.jpg"
        Image.new("RGB", (2400, 1800), (40 + i * 8, 120, 200 - i * 5)).save(foto, quality=85)
        pecas.append(
            Peca(f"Fotografia {i} do centro urbano", "2026-02-01", "image/jpeg", caminho=foto)
        )
    return pecas


def _montar_copia(pecas: list[Peca], pasta: Path) -> Path:
    analisadas = analisar(pecas, pasta)
    contexto = {**_contexto_parecer(1), "pecas": analisadas}
    conteudo = c.Conteudo("copia_integral", "Cópia", "s", "pdf/copia_integral.html", contexto)
    destino = pasta / "copia.pdf"
    montar(conteudo, analisadas, AUTENTICACAO, destino)
    return destino


def medir_copia_integral(repeticoes: int = 3) -> None:
    """Tempo sem instrumentação (mediana de 3); depois uma rodada com o tracemalloc, que
    deixa o Python várias vezes mais lento, só para o pico de memória."""
    from pypdf import PdfReader

    with tempfile.TemporaryDirectory() as pasta_texto:
        pasta = Path(pasta_texto)
        pecas = _anexos(pasta)
        rss_antes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        tempos = []
        for _ in range(repeticoes):
            inicio = time.perf_counter()
            destino = _montar_copia(pecas, pasta)
            tempos.append(time.perf_counter() - inicio)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        tracemalloc.start()
        _montar_copia(pecas, pasta)
        _, pico_python = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        paginas = len(PdfReader(destino).pages)
        tamanho = destino.stat().st_size / 1024 / 1024
        mediana = statistics.median(tempos)
        print(
            f"Cópia integral: 200 páginas de anexos (9 PDFs de 20 p. + 20 fotos JPEG "
            f"2400×1800), {paginas} páginas no total, {tamanho:.1f} MB: mediana "
            f"{mediana:.2f} s (mín. {min(tempos):.2f} s) — meta < 10 s: "
            f"{'OK' if mediana < 10 else 'ACIMA'}; pico de memória Python (tracemalloc) "
            f"{pico_python / 1024 / 1024:.0f} MB; RSS máximo do processo {rss:.0f} MB "
            f"({rss_antes:.0f} MB antes da cópia)"
        )
