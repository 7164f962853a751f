"""O limite de tamanho do corpo de toda requisição, aplicado antes de o Django lê-lo.

Dois limites: o geral (settings.CORPO_LIMITE_MB), que vale para formulários e JSON, e o de
envio de arquivos, que vale só para as views marcadas com `@limitar_envio` (o do argumento,
ou settings.UPLOAD_LIMITE_MB). Em duas camadas:

1. o middleware, antes do CSRF (o primeiro a ler o corpo), recusa com 413 — página pt-BR, ou
   JSON na API — a requisição cujo Content-Length já declara mais que o limite (nas views de
   envio, mais a margem do envelope multipart): nada do corpo é lido;
2. nas views de envio, um `FileUploadHandler` conta os bytes dos arquivos à medida que chegam
   e interrompe o envio (`StopUpload`) no primeiro bloco além do limite, sem gravar o resto
   no disco; o middleware responde 413 e a view não chega a rodar.

Corpo sem Content-Length (envio "chunked"): sob WSGI (gunicorn) o Django não lê nenhum byte
dele — o `LimitedStream` da requisição para no Content-Length declarado, zero se ausente —,
de modo que nenhuma view recebe mais do que o limite conferido aqui.
"""

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.shortcuts import render

from emancipacao.erros import e_da_api, resposta_json

MIB = 1024 * 1024
# O envelope multipart (fronteiras, cabeçalhos de cada parte, o token CSRF, os demais campos)
# cabe folgado em 64 KiB; o limite exato dos arquivos é conferido pelo handler.
MARGEM_DO_ENVELOPE = 64 * 1024


def limite_em_bytes() -> int:
    """O limite dos documentos do Art. 15 e demais envios sem limite próprio."""
    return settings.UPLOAD_LIMITE_MB * MIB


def limite_geral() -> int:
    return settings.CORPO_LIMITE_MB * MIB


def limitar_envio(view=None, *, limite_bytes: int | None = None):
    """Marca a view que recebe arquivos: `@limitar_envio` (limite de settings.UPLOAD_LIMITE_MB)
    ou `@limitar_envio(limite_bytes=...)` (o limite próprio da tela). A marca passa pelos
    decoradores que usam `functools.wraps` (login_required, require_POST, admin_view)."""

    def marcar(funcao):
        funcao.limite_envio = (lambda: limite_bytes) if limite_bytes else limite_em_bytes
        return funcao

    return marcar(view) if view is not None else marcar


def resposta_excedida(request, limite: int, *, arquivo: bool):
    mb = limite // MIB
    if e_da_api(request):
        return resposta_json(f"O corpo da requisição passa do limite de {mb} MB.", status=413)
    contexto = {"limite_mb": mb, "arquivo": arquivo}
    return render(request, "413.html", contexto, status=413)


def _declarado(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0  # o próprio Django lê um Content-Length inválido como corpo vazio


class LimiteEnvioMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        medir = getattr(view_func, "limite_envio", None)
        if medir is None:
            if _declarado(request) > limite_geral():
                return resposta_excedida(request, limite_geral(), arquivo=False)
            return None
        limite = medir()
        if _declarado(request) > limite + MARGEM_DO_ENVELOPE:
            return resposta_excedida(request, limite, arquivo=True)
        handler = LimiteEnvioHandler(request, limite=limite)
        request.upload_handlers.insert(0, handler)
        # O corpo é lido aqui, como o CSRF logo abaixo o leria: o envio interrompido pelo
        # handler responde 413 antes da view, que de outro modo veria um formulário sem arquivo.
        request.FILES  # noqa: B018
        if handler.excedido:
            return resposta_excedida(request, limite, arquivo=True)
        return None


class LimiteEnvioHandler(FileUploadHandler):
    """Primeiro da fila: vê cada bloco de arquivo antes dos handlers que o gravam."""

    def __init__(self, request=None, *, limite: int | None = None):
        super().__init__(request)
        self.limite = limite if limite is not None else limite_em_bytes()
        self.recebidos = 0
        self.excedido = False

    def receive_data_chunk(self, raw_data, start):
        # Soma todos os arquivos da requisição: o limite é do envio, não de cada parte.
        self.recebidos += len(raw_data)
        if self.recebidos > self.limite:
            self.excedido = True
            if self.request is not None:
                self.request.envio_excedido = True
            # connection_reset=False: o resto do corpo (no máximo a margem, pois o
            # Content-Length já foi conferido) é descartado e o usuário recebe a página.
            raise StopUpload(connection_reset=False)
        return raw_data

    def file_complete(self, file_size):
        return None
