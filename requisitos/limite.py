"""Limite de uso dos simuladores públicos por endereço do cliente (`SIMULADOR_LIMITE`).

O contador fica no cache padrão. Com o LocMemCache, cada processo conta à parte — o limite
é por processo, o que basta para conter abuso; um cache compartilhado o torna global.
"""

from functools import wraps

from django.conf import settings
from django.shortcuts import render
from django_ratelimit.core import is_ratelimited

GRUPO = "requisitos.simuladores"
MENSAGEM = (
    "Muitas simulações em pouco tempo a partir do mesmo endereço. "
    "Aguarde um minuto e tente de novo."
)


def _limite(grupo, request) -> str:
    return settings.SIMULADOR_LIMITE


def excedeu_limite(request) -> bool:
    """Conta esta requisição e diz se o endereço passou do limite."""
    return is_ratelimited(request, group=GRUPO, key="ip", rate=_limite, increment=True)


def limitar_simulador(view):
    """Páginas dos simuladores: acima do limite, 429 com página em pt-BR."""

    @wraps(view)
    def envolvida(request, *args, **kwargs):
        if excedeu_limite(request):
            contexto = {"mensagem": MENSAGEM}
            return render(request, "requisitos/limite_excedido.html", contexto, status=429)
        return view(request, *args, **kwargs)

    return envolvida
