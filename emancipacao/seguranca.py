"""Cabeçalhos de segurança de toda resposta e a resposta ao login bloqueado (django-axes).

O Referrer-Policy vem do SecurityMiddleware do Django. Aqui: o Content-Security-Policy
(`CONTENT_SECURITY_POLICY` em settings, escrito pelo django-csp uma vez só, quando o processo
sobe: o sistema não usa nonce nem os decoradores que mudam a política por view; a única
exceção é `permitir_envio_a`, na página cujo formulário leva a um serviço de fora), o
Permissions-Policy e a retirada dos cabeçalhos que anunciam a pilha. O `Server` escrito pelo
próprio servidor WSGI (gunicorn, runserver) é posto depois do Django e não passa por aqui:
esconde-se no proxy reverso (nginx: `server_tokens off;`).
"""

import ipaddress
from urllib.parse import urlsplit

from csp.constants import HEADER
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CABECALHOS_DA_PILHA = ("Server", "X-Powered-By")


class CabecalhosSegurancaMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.csp = build_policy()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        resposta = self.get_response(request)
        # Como no django-csp: sem a política na página de erro do modo de desenvolvimento,
        # que traz estilo e script embutidos.
        if not (settings.DEBUG and resposta.status_code in (404, 500)):
            resposta.setdefault(HEADER, self.csp)
        resposta.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        for cabecalho in CABECALHOS_DA_PILHA:
            if cabecalho in resposta:
                del resposta[cabecalho]
        return resposta


def permitir_envio_a(resposta: HttpResponse, *enderecos: str) -> HttpResponse:
    """A página cujo formulário leva o usuário a um serviço de fora (a assinatura gov.br, o
    provedor de assinatura em nuvem): o POST responde com o redirecionamento para ele, e o
    navegador aplica o `form-action` também ao redirecionamento. Só nesta resposta, só as
    origens configuradas (os vazios não contam)."""
    origens = sorted({f"{p.scheme}://{p.netloc}" for p in map(urlsplit, enderecos) if p.netloc})
    if origens:
        resposta[HEADER] = build_policy(update={"form-action": origens})
    return resposta


def endereco_do_cliente(request: HttpRequest) -> str | None:
    """O endereço do cliente, para o bloqueio do login e os limites de uso.

    Atrás de N proxies reversos (PROXIES_REVERSOS), cada um acrescenta ao fim do
    X-Forwarded-For o endereço de quem o chamou: o cliente é o N-ésimo a contar do fim. Os
    anteriores vêm do próprio cliente, que pode forjá-los para fugir do limite."""
    proxies = settings.PROXIES_REVERSOS
    if proxies:
        cabecalho = request.META.get("HTTP_X_FORWARDED_FOR", "")
        encaminhados = [e.strip() for e in cabecalho.split(",") if e.strip()]
        if len(encaminhados) >= proxies and _e_endereco(encaminhados[-proxies]):
            return encaminhados[-proxies]
    # .get: o force_login dos testes e outros logins internos montam requisições sem ele.
    return request.META.get("REMOTE_ADDR")


def _e_endereco(texto: str) -> bool:
    try:
        ipaddress.ip_address(texto)
    except ValueError:
        return False
    return True


def resposta_bloqueio(request, original_response=None, credentials=None) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: a página de bloqueio em pt-BR, 429 com Retry-After.

    Cada tentativa durante o bloqueio conta como falha e recomeça a espera
    (AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT), por isso a espera é a inteira."""
    espera = int(settings.AXES_COOLOFF_TIME.total_seconds())
    contexto = {"tentativas": settings.AXES_FAILURE_LIMIT, "minutos": espera // 60}
    resposta = render(request, "registration/bloqueado.html", contexto, status=429)
    resposta["Retry-After"] = str(espera)
    return resposta
