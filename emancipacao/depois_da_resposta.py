"""Trabalho feito depois que a resposta foi entregue a quem pediu.

O servidor WSGI (o gunicorn) escreve a resposta inteira e só então chama o `close()` dela,
que dispara o sinal `request_finished` do Django. O que a view agenda aqui roda nesse
momento, no mesmo processo: o tempo de resposta não depende do trabalho (um e-mail enviado
por SMTP, por exemplo) nem revela o que ele fez. Uma falha é registrada no log; a resposta
já saiu.

Sem uma requisição em curso (um comando de gerenciamento, o shell), `agendar` roda na hora.
A conexão com o banco que o trabalho abrir segue a regra das demais (CONN_MAX_AGE): é
conferida e, se velha, fechada no começo da próxima requisição.
"""

import logging
from contextvars import ContextVar
from functools import partial

from django.core.signals import request_finished

logger = logging.getLogger(__name__)

_pendentes: ContextVar[list | None] = ContextVar("depois_da_resposta", default=None)


def agendar(funcao, /, *args, **kwargs) -> None:
    pendentes = _pendentes.get()
    if pendentes is None:
        funcao(*args, **kwargs)
    else:
        pendentes.append(partial(funcao, *args, **kwargs))


class DepoisDaRespostaMiddleware:
    """Abre a lista do que roda depois da resposta desta requisição."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _pendentes.set([])
        return self.get_response(request)


def _rodar_pendentes(**_) -> None:
    pendentes = _pendentes.get() or []
    _pendentes.set(None)
    for tarefa in pendentes:
        try:
            tarefa()
        except Exception:  # a resposta já saiu: só resta registrar
            logger.exception("Falha no trabalho feito depois da resposta: %s", tarefa.func)


request_finished.connect(_rodar_pendentes, dispatch_uid="emancipacao.depois_da_resposta")
