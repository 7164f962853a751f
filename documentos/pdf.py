"""O único caminho de HTML para PDF: `render_pdf()`.

Os modelos se chamam `pdf/….html` e ficam em `templates/pdf/` (a base, as parciais, os
documentos do núcleo) ou, o de um ato, na fase que o declara, ao lado do construtor que o usa
(`<fase>/templates/pdf/`: já estão lá o parecer de mérito e o parecer sobre o resultado). Todos
estendem `pdf/base.html`, que define A4, o cabeçalho da ALMT/CRT, o rodapé "Página X de Y"
por caixas de margem do CSS `@page` (nada de internos do WeasyPrint) e as fontes, que vêm do
próprio projeto (documentos/fontes/): o mesmo documento sai com as mesmas linhas em qualquer
máquina. Os textos vêm escapados pelo próprio Django; o WeasyPrint nunca busca nada na rede —
só `data:` e arquivos de diretórios autorizados.

O WeasyPrint (e, com ele, as bibliotecas Pango do sistema) só é carregado quando um PDF é
feito (documentos.motor_pdf): sem elas o sistema sobe, migra e serve tudo o mais, e o pedido de
um PDF recebe o 503 com o que falta (`PDFIndisponivel`).

Todo documento oficial sai em PDF/A-2B (documentos.pdfa): fontes embutidas, perfil sRGB na
OutputIntent, XMP que o declara, /ID no trailer. A minuta não: ela não é documento oficial,
não vai para arquivo e leva a marca d'água translúcida — fica em PDF comum, de propósito.
"""

import hashlib
from dataclasses import dataclass
from pathlib import Path

import segno
from django.template.loader import render_to_string

from documentos.pdfa import VARIANTE
from emancipacao.erros import ServicoIndisponivel
from emancipacao.url_publica import url_publica

FONTES = Path(__file__).resolve().parent / "fontes"
PACOTES_DO_SISTEMA = "libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0"


class PDFIndisponivel(ServicoIndisponivel):
    """O WeasyPrint não carrega: faltam as bibliotecas do sistema de que ele precisa."""


def motivo_sem_pdf() -> str | None:
    """None quando os PDFs podem ser feitos; senão, por quê (para o `manage.py check`)."""
    try:
        _motor()
    except PDFIndisponivel as erro:
        return erro.mensagem
    return None


def _motor():
    try:
        from documentos import motor_pdf
    except (ImportError, OSError) as erro:
        raise PDFIndisponivel(
            servico="Geração de PDF",
            mensagem=(
                "A geração de PDF está indisponível neste servidor: faltam bibliotecas do "
                f"sistema ({erro}). Nada foi gravado. O administrador deve instalar: apt-get "
                f"install {PACOTES_DO_SISTEMA}."
            ),
        ) from erro
    return motor_pdf


@dataclass(frozen=True)
class Autenticacao:
    """O que o rodapé de um documento emitido imprime para que ele seja verificável."""

    codigo: str
    sha256_conteudo: str
    emitido_em: str  # já formatado: "19/11/1992 às 14:05"

    @property
    def url_validacao(self) -> str:
        return f"{url_publica()}/validar/"

    @property
    def url_qr(self) -> str:
        return f"{self.url_validacao}?codigo={self.codigo}"

    @property
    def hash_prefixo(self) -> str:
        return self.sha256_conteudo[:16]

    @property
    def qr_png(self) -> str:
        """PNG, não SVG: a imagem é embutida uma vez e repetida em cada página, enquanto o
        SVG seria redesenhado (centenas de retângulos) página a página."""
        return segno.make(self.url_qr, error="m").png_data_uri(scale=6, border=0)


def html_do_documento(
    template: str, contexto: dict, *, minuta: bool, autenticacao: Autenticacao | None
) -> str:
    return render_to_string(template, {**contexto, "minuta": minuta, "autenticacao": autenticacao})


def hash_do_conteudo(template: str, contexto: dict, extras: tuple[str, ...] = ()) -> str:
    """SHA-256 do HTML do corpo (sem rodapé de autenticação) e dos hashes dos anexos.

    O arquivo PDF não pode trazer impresso o próprio hash; o rodapé imprime este, que o
    /validar/ exibe ao lado do hash do arquivo."""
    corpo = html_do_documento(template, contexto, minuta=False, autenticacao=None)
    resumo = hashlib.sha256(corpo.encode())
    for extra in extras:
        resumo.update(extra.encode())
    return resumo.hexdigest()


def documento_weasyprint(html: str, diretorios: tuple[Path, ...] = ()):
    """O documento paginado (para quem precisa saber em que página caiu cada âncora)."""
    return _motor().documento(html, diretorios)


def escrever_pdf(documento, destino=None, *, minuta: bool):
    """Grava o documento paginado: PDF/A-2B, salvo a minuta (PDF comum). Sem `destino`,
    devolve os bytes."""
    return documento.write_pdf(destino, pdf_variant=None if minuta else VARIANTE)


def render_pdf(
    template: str,
    contexto: dict,
    *,
    minuta: bool = False,
    autenticacao: Autenticacao | None = None,
) -> bytes:
    """HTML → PDF. Minuta: marca d'água "MINUTA" e nenhum código; emitido: rodapé com o
    código, o prefixo do hash e o QR code do /validar/. PDF/A-2B, salvo a minuta."""
    if minuta and autenticacao:
        raise ValueError("Minuta não leva código de verificação.")
    html = html_do_documento(template, contexto, minuta=minuta, autenticacao=autenticacao)
    return escrever_pdf(documento_weasyprint(html), minuta=minuta)
