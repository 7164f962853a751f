"""O endereço público que os documentos (rodapé e QR code de validação) e os e-mails imprimem.

Em produção ele é obrigatório (`EMANCIPACAO_URL_PUBLICA`, conferido ao iniciar em
emancipacao/settings.py): um PDF com `http://127.0.0.1:8000` no QR code é um documento que
ninguém consegue validar, e isso não pode acontecer em silêncio. Em desenvolvimento local
(`DJANGO_DEBUG=1`, o `make run`) sem a variável, o endereço vem da requisição que está sendo
atendida — o mesmo que o navegador usou — e, fora de uma requisição (um comando, uma tarefa
em segundo plano), o do `make run`.
"""

from contextvars import ContextVar

from django.conf import settings

ENDERECO_LOCAL = "http://127.0.0.1:8000"
_da_requisicao: ContextVar[str | None] = ContextVar("url_publica_da_requisicao", default=None)


def url_publica() -> str:
    """O endereço público, sem a barra final."""
    if settings.URL_PUBLICA:
        return settings.URL_PUBLICA.rstrip("/")
    return (_da_requisicao.get() or ENDERECO_LOCAL).rstrip("/")


class UrlPublicaMiddleware:
    """Sem `URL_PUBLICA` (só em desenvolvimento local), guarda o endereço da requisição para
    `url_publica()` durante ela."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.URL_PUBLICA:
            return self.get_response(request)
        marca = _da_requisicao.set(request.build_absolute_uri("/"))
        try:
            return self.get_response(request)
        finally:
            _da_requisicao.reset(marca)
