"""As URLs do sistema e, por último (o caminho mais longo até ela), a página interna vazia:
o piso das páginas internas do projeto — a sessão, o usuário com os papéis, os middlewares,
os processadores de contexto e o `base.html` com o menu, sem nada de view."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template import engines
from django.urls import path

from emancipacao.urls import handler400, handler500
from emancipacao.urls import urlpatterns as _urls_do_sistema
from processos.papeis import exigir_leitor

ENDERECO_VAZIO = "/medicao/pagina-interna-vazia/"
_modelo = {}


@login_required
def pagina_interna_vazia(request):
    exigir_leitor(request)
    if "vazia" not in _modelo:
        _modelo["vazia"] = engines["django"].from_string(
            '{% extends "base.html" %}{% block title %}Página vazia{% endblock %}'
        )
    return HttpResponse(_modelo["vazia"].render({}, request))


urlpatterns = [*_urls_do_sistema, path(ENDERECO_VAZIO[1:], pagina_interna_vazia)]
__all__ = ["handler400", "handler500", "urlpatterns"]
