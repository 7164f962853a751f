"""O limite de tamanho dos documentos enviados (settings.UPLOAD_LIMITE_MB), aplicado antes
de o Django ler o corpo da requisição, em duas camadas:

1. o middleware, antes do CSRF (o primeiro a ler o corpo), recusa com uma página pt-BR a
   requisição cujo Content-Length já declara mais que o limite (mais a margem do envelope
   multipart) — nada do corpo é lido;
2. para o que passa, um `FileUploadHandler` conta os bytes do arquivo à medida que chegam e
   interrompe o envio (`StopUpload`) no primeiro bloco além do limite, sem gravar o resto
   no disco. É também o que vale quando o corpo chega sem Content-Length confiável.

Só as views marcadas com `@limitar_envio` passam por aqui: outras telas com envio de
arquivo (a validação pública de documentos, por exemplo) têm os seus próprios limites.
"""

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.shortcuts import render

# O envelope multipart (fronteiras, cabeçalhos de cada parte, o token CSRF, o item) cabe
# folgado em 64 KiB; o limite exato do arquivo é conferido pelo handler.
MARGEM_DO_ENVELOPE = 64 * 1024


def limite_em_bytes() -> int:
    return settings.UPLOAD_LIMITE_MB * 1024 * 1024


def limitar_envio(view):
    """Marca a view cujo envio de arquivo obedece ao limite (decorador mais externo)."""
    view.limite_envio = True
    return view


def envio_excedido(request) -> bool:
    """True quando o handler interrompeu o envio: o arquivo não chegou à view. Lê o corpo,
    se ninguém o leu ainda (o CSRF já o terá lido, fora dos testes)."""
    request.FILES  # noqa: B018 — a leitura do corpo é que aciona o handler
    return getattr(request, "envio_excedido", False)


def resposta_excedida(request):
    return render(
        request,
        "representacao/documentos_limite.html",
        {"limite_mb": settings.UPLOAD_LIMITE_MB},
        status=413,
    )


class LimiteEnvioMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not getattr(view_func, "limite_envio", False):
            return None
        try:
            declarado = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declarado = 0  # o próprio Django recusa um Content-Length inválido (400)
        if declarado > limite_em_bytes() + MARGEM_DO_ENVELOPE:
            return resposta_excedida(request)
        request.upload_handlers.insert(0, LimiteEnvioHandler(request))
        return None


class LimiteEnvioHandler(FileUploadHandler):
    """Primeiro da fila: vê cada bloco de arquivo antes dos handlers que o gravam."""

    def __init__(self, request=None):
        super().__init__(request)
        self.limite = limite_em_bytes()
        self.recebidos = 0

    def receive_data_chunk(self, raw_data, start):
        # Soma todos os arquivos da requisição: o limite é do envio, não de cada parte.
        self.recebidos += len(raw_data)
        if self.recebidos > self.limite:
            if self.request is not None:
                self.request.envio_excedido = True
            # connection_reset=False: o resto do corpo (no máximo a margem, pois o
            # Content-Length já foi conferido) é descartado e o usuário recebe a página.
            raise StopUpload(connection_reset=False)
        return raw_data

    def file_complete(self, file_size):
        return None
