"""A sessão que expira por inatividade, renovada no máximo uma vez por minuto.

Gravar a sessão em toda requisição (`SESSION_SAVE_EVERY_REQUEST`) custava um UPDATE por
página. Aqui, a sessão guarda o instante da última renovação e só é regravada — com o prazo
de `SESSION_COOKIE_AGE` recomeçando — quando esse instante tem `RENOVACAO_SEGUNDOS` ou mais.
A sessão continua expirando `DJANGO_SESSAO_MINUTOS` depois do último uso, com tolerância de
um minuto: o uso que cai dentro do minuto de uma renovação não adia o prazo, que pode então
vencer até um minuto antes (nunca depois) de N minutos contados desse uso.
"""

import time

from django.http import HttpRequest, HttpResponse

RENOVACAO_SEGUNDOS = 60
CHAVE = "_renovada_em"


def marcar_renovacao(sender, request, user, **kwargs) -> None:
    """No login (sinal `user_logged_in`): a sessão nova é gravada com o prazo inteiro, e a
    renovação conta a partir dela. Ligado em `processos.apps` (a área interna)."""
    request.session[CHAVE] = int(time.time())


class RenovacaoSessaoMiddleware:
    """Logo depois do SessionMiddleware: na volta, marca a sessão para ser gravada quando a
    última renovação tem um minuto ou mais (ou não está registrada)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        resposta = self.get_response(request)
        sessao = getattr(request, "session", None)
        # Sem chave, não há sessão gravada a renovar (visitante, ou logo depois de sair).
        if sessao is None or sessao.session_key is None:
            return resposta
        agora = int(time.time())
        if agora - sessao.get(CHAVE, 0) >= RENOVACAO_SEGUNDOS:
            sessao[CHAVE] = agora  # modificada: o SessionMiddleware grava e renova o prazo
        return resposta
