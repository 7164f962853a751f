"""Respostas de erro do projeto: página pt-BR para as telas, JSON para a API (`/api/`).

O banco fora do ar responde 503 com `Retry-After`, nunca 500. A exceção do banco pode surgir
em qualquer camada: na view (inclusive ao carregar a sessão ou o usuário, o que o Django faz
sob demanda, dentro da view ou do template) ela chega ao `process_exception` do middleware;
num middleware (a sessão gravada na resposta, por exemplo) o Django já a converte em
resposta ali mesmo, camada por camada, e quem a vê são os handlers de erro (`handler400`,
`handler500` em emancipacao/urls.py). As páginas de erro deste módulo não consultam o banco
nem a sessão: são renderizadas sem o contexto da requisição.
"""

import logging
import sys

from django.db.utils import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views import defaults

logger = logging.getLogger(__name__)

ERROS_DE_BANCO = (OperationalError, InterfaceError)
ESPERA_EM_SEGUNDOS = 30
MENSAGEM_INDISPONIVEL = (
    "O sistema está temporariamente indisponível (sem acesso ao banco de dados). Nada foi "
    f"gravado; tente de novo em {ESPERA_EM_SEGUNDOS} segundos."
)


class ServicoIndisponivel(Exception):
    """Uma parte do sistema sem a qual a requisição não se completa (o gerador de PDF sem as
    bibliotecas do sistema, por exemplo): 503 com a mensagem, que diz o que falta e a quem
    cabe. Quem a levanta garante que nada foi gravado pela metade (a transação do ato)."""

    def __init__(self, mensagem: str, *, espera: int = ESPERA_EM_SEGUNDOS):
        super().__init__(mensagem)
        self.mensagem = mensagem
        self.espera = espera


def e_da_api(request) -> bool:
    return request.path_info.startswith("/api/")


def resposta_json(mensagem: str, *, status: int) -> JsonResponse:
    """No formato dos erros do DRF (`{"detail": ...}`), com os acentos como estão."""
    return JsonResponse(
        {"detail": mensagem}, status=status, json_dumps_params={"ensure_ascii": False}
    )


def pagina_de_erro(request, *, status: int, template: str, mensagem: str) -> HttpResponse:
    if e_da_api(request):
        return resposta_json(mensagem, status=status)
    return HttpResponse(render_to_string(template, {"mensagem": mensagem}), status=status)


def _erro_de_banco(exc: BaseException | None) -> BaseException | None:
    """A falha do banco na cadeia da exceção: a sessão, por exemplo, transforma o UPDATE que
    falhou em `UpdateError` e este em `SessionInterrupted` (400)."""
    vistos = set()
    while exc is not None and id(exc) not in vistos:
        if isinstance(exc, ERROS_DE_BANCO):
            return exc
        vistos.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def banco_indisponivel(request, exc: BaseException) -> HttpResponse:
    logger.error(
        "Banco de dados indisponível em %s %s: %s: %s",
        request.method,
        request.path,
        type(exc).__name__,
        exc,
    )
    resposta = pagina_de_erro(
        request, status=503, template="503.html", mensagem=MENSAGEM_INDISPONIVEL
    )
    resposta["Retry-After"] = str(ESPERA_EM_SEGUNDOS)
    return resposta


def servico_indisponivel(request, exc: ServicoIndisponivel) -> HttpResponse:
    logger.error("Serviço indisponível em %s %s: %s", request.method, request.path, exc)
    resposta = pagina_de_erro(request, status=503, template="503.html", mensagem=exc.mensagem)
    resposta["Retry-After"] = str(exc.espera)
    return resposta


class BancoIndisponivelMiddleware:
    """O primeiro da lista: a última palavra sobre as exceções das views."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, ServicoIndisponivel):
            return servico_indisponivel(request, exception)
        erro = _erro_de_banco(exception)
        return banco_indisponivel(request, erro) if erro is not None else None


def requisicao_invalida(request, exception):
    """handler400."""
    erro = _erro_de_banco(exception)
    if erro is not None:
        return banco_indisponivel(request, erro)
    if e_da_api(request):
        return resposta_json("Requisição inválida.", status=400)
    return defaults.bad_request(request, exception)


def erro_do_servidor(request):
    """handler500: chamado pelo Django enquanto trata a exceção, que está em sys.exc_info()."""
    erro = _erro_de_banco(sys.exc_info()[1])
    if erro is not None:
        return banco_indisponivel(request, erro)
    if e_da_api(request):
        return resposta_json("Erro interno do servidor; nada foi gravado pela metade.", status=500)
    return defaults.server_error(request)
