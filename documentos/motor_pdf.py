"""O WeasyPrint, importado só por `documentos.pdf` ao fazer um PDF: importar este módulo
carrega as bibliotecas Pango do sistema, e é aqui que a falta delas aparece."""

from pathlib import Path

from django.conf import settings
from weasyprint import CSS, HTML, URLFetcher
from weasyprint.text.fonts import FontConfiguration

from documentos.pdf import FONTES

# Configuração de fontes reaproveitada entre renderizações: o fontconfig é caro de abrir, e
# as fontes do @font-face de pdf/base.html são lidas uma vez por processo.
_FONTES = FontConfiguration()
# O PDF/A-2 proíbe pedir ao leitor que suavize as imagens (/Interpolate, ISO 19005-2, 6.2.8), e
# o WeasyPrint o pede para toda imagem com `image-rendering: auto`. Sem suavização, o QR code do
# rodapé ainda sai com os módulos nítidos, e as fotografias da cópia integral como vieram.
_SEM_INTERPOLACAO = CSS(string="img { image-rendering: crisp-edges !important; }")


class RecursoRecusado(Exception):
    """O documento tentou carregar algo de fora (rede ou arquivo não autorizado)."""


def _diretorios_autorizados() -> tuple[Path, ...]:
    return (
        Path(settings.MEDIA_ROOT).resolve(),
        Path(settings.BASE_DIR, "static").resolve(),
        FONTES,
    )


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


def documento(html: str, diretorios: tuple[Path, ...] = ()):
    return HTML(
        string=html, base_url=str(settings.BASE_DIR), url_fetcher=BuscadorRestrito(diretorios)
    ).render(font_config=_FONTES, stylesheets=[_SEM_INTERPOLACAO])
