"""O único caminho de HTML para PDF: `render_pdf()`.

Todos os modelos ficam em `templates/pdf/` e estendem `pdf/base.html`, que define A4, o
cabeçalho da ALMT/CRT e o rodapé "Página X de Y" por caixas de margem do CSS `@page`
(nada de internos do WeasyPrint). Os textos vêm escapados pelo próprio Django; o
WeasyPrint nunca busca nada na rede — só `data:` e arquivos de diretórios autorizados.
"""

import hashlib
from dataclasses import dataclass
from pathlib import Path

import segno
from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import HTML, URLFetcher
from weasyprint.text.fonts import FontConfiguration

# Configuração de fontes reaproveitada entre renderizações (o fontconfig é caro de abrir).
_FONTES = FontConfiguration()


class RecursoRecusado(Exception):
    """O documento tentou carregar algo de fora (rede ou arquivo não autorizado)."""


@dataclass(frozen=True)
class Autenticacao:
    """O que o rodapé de um documento emitido imprime para que ele seja verificável."""

    codigo: str
    sha256_conteudo: str
    emitido_em: str  # já formatado: "19/11/1992 às 14:05"

    @property
    def url_validacao(self) -> str:
        return f"{settings.URL_PUBLICA.rstrip('/')}/validar/"

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


def _diretorios_autorizados() -> tuple[Path, ...]:
    return (Path(settings.MEDIA_ROOT).resolve(), Path(settings.BASE_DIR, "static").resolve())


class BuscadorRestrito(URLFetcher):
    """Fetcher do WeasyPrint: `data:` e arquivos locais de diretórios autorizados; nada mais.
    Um texto hostil que escapasse do escapamento ainda assim não faria o servidor buscar
    URLs da rede nem ler arquivos arbitrários."""

    def __init__(self, diretorios: tuple[Path, ...] = ()):
        super().__init__(allowed_protocols={"data", "file"}, fail_on_errors=True)
        self.diretorios = (*_diretorios_autorizados(), *diretorios)

    def fetch(self, url, headers=None):
        if url.startswith("file:"):
            caminho = Path(url.removeprefix("file://").split("?")[0]).resolve()
            if not any(caminho.is_relative_to(d) for d in self.diretorios):
                raise RecursoRecusado(f"Recurso não autorizado no documento: {url[:80]}")
        elif not url.startswith("data:"):
            raise RecursoRecusado(f"Recurso não autorizado no documento: {url[:80]}")
        return super().fetch(url, headers)


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
    return HTML(
        string=html, base_url=str(settings.BASE_DIR), url_fetcher=BuscadorRestrito(diretorios)
    ).render(font_config=_FONTES)


def render_pdf(
    template: str,
    contexto: dict,
    *,
    minuta: bool = False,
    autenticacao: Autenticacao | None = None,
) -> bytes:
    """HTML → PDF. Minuta: marca d'água "MINUTA" e nenhum código; emitido: rodapé com o
    código, o prefixo do hash e o QR code do /validar/."""
    if minuta and autenticacao:
        raise ValueError("Minuta não leva código de verificação.")
    html = html_do_documento(template, contexto, minuta=minuta, autenticacao=autenticacao)
    return documento_weasyprint(html).write_pdf()
