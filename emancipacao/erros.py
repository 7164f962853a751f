"""Respostas de erro do projeto: página pt-BR para as telas, JSON para a API (`/api/`).

Um serviço de apoio fora do ar responde 503 com `Retry-After`, nunca 500: o banco, o
armazenamento dos arquivos (disco cheio ou somente leitura, emancipacao.armazenamento) e o
Redis (que os caches já contornam, emancipacao.cache; aqui, o que escapar deles). A exceção
pode surgir em qualquer camada: na view (inclusive ao carregar a sessão ou o usuário, o que
o Django faz sob demanda, dentro da view ou do template) ela chega ao `process_exception`
do middleware; num middleware (a sessão gravada na resposta, por exemplo) o Django já a
converte em resposta ali mesmo, camada por camada, e quem a vê são os handlers de erro
(`handler400`, `handler500` em emancipacao/urls.py). As páginas de erro deste módulo não
consultam o banco nem a sessão: são renderizadas sem o contexto da requisição.
"""

import logging
import sys
from dataclasses import dataclass

from django.conf import settings
from django.db.utils import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views import defaults
from redis.exceptions import ConnectionError as RedisForaDoAr
from redis.exceptions import TimeoutError as RedisSemResposta

from emancipacao.armazenamento import e_falta_de_armazenamento

logger = logging.getLogger(__name__)

ERROS_DE_BANCO = (OperationalError, InterfaceError)
ERROS_DO_REDIS = (RedisForaDoAr, RedisSemResposta)
ESPERA_EM_SEGUNDOS = 30


@dataclass(frozen=True)
class Indisponivel:
    """Um serviço de apoio fora do ar, como é dito a quem pediu."""

    servico: str
    titulo: str
    mensagem: str
    espera: int = ESPERA_EM_SEGUNDOS


BANCO = Indisponivel(
    "Banco de dados",
    "Sistema temporariamente indisponível",
    "O sistema está temporariamente indisponível (sem acesso ao banco de dados). Nada foi "
    f"gravado; tente de novo em {ESPERA_EM_SEGUNDOS} segundos.",
)
# O disco não se esvazia sozinho: a espera sugerida é maior, e a administração precisa agir.
ARMAZENAMENTO = Indisponivel(
    "Armazenamento de arquivos",
    "Armazenamento indisponível",
    "Armazenamento indisponível: o arquivo não pôde ser gravado (disco cheio ou somente "
    "leitura). Nada foi gravado, nem o arquivo nem o registro; tente de novo mais tarde e, "
    "se persistir, avise a administração do sistema.",
    espera=300,
)
REDIS = Indisponivel(
    "Redis",
    "Sistema temporariamente indisponível",
    "O sistema está temporariamente indisponível (sem acesso ao cache compartilhado). Nada "
    f"foi gravado; tente de novo em {ESPERA_EM_SEGUNDOS} segundos.",
)


class ServicoIndisponivel(Exception):
    """Uma parte do sistema sem a qual a requisição não se completa (o gerador de PDF sem as
    bibliotecas do sistema, por exemplo): 503 com a mensagem, que diz o que falta e a quem
    cabe. Quem a levanta garante que nada foi gravado pela metade (a transação do ato)."""

    def __init__(self, mensagem: str, *, servico: str = "Componente", espera: int = 300):
        super().__init__(mensagem)
        self.indisponivel = Indisponivel(
            servico, "Função temporariamente indisponível", mensagem, espera
        )

    @property
    def mensagem(self) -> str:
        return self.indisponivel.mensagem


def e_da_api(request) -> bool:
    return request.path_info.startswith("/api/")


def resposta_json(mensagem: str, *, status: int) -> JsonResponse:
    """No formato dos erros do DRF (`{"detail": ...}`), com os acentos como estão."""
    return JsonResponse(
        {"detail": mensagem}, status=status, json_dumps_params={"ensure_ascii": False}
    )


def pagina_de_erro(
    request, *, status: int, template: str, mensagem: str, titulo: str = ""
) -> HttpResponse:
    if e_da_api(request):
        return resposta_json(mensagem, status=status)
    contexto = {"mensagem": mensagem, "titulo": titulo}
    return HttpResponse(render_to_string(template, contexto), status=status)


def _classificar(exc: BaseException) -> Indisponivel | None:
    if isinstance(exc, ServicoIndisponivel):
        return exc.indisponivel
    if isinstance(exc, ERROS_DE_BANCO):
        return BANCO
    if e_falta_de_armazenamento(exc):
        return ARMAZENAMENTO
    if isinstance(exc, ERROS_DO_REDIS):
        return REDIS
    return None


def servico_fora_do_ar(exc: BaseException | None) -> tuple[Indisponivel, BaseException] | None:
    """O serviço fora do ar na cadeia da exceção: a sessão, por exemplo, transforma o UPDATE
    que falhou em `UpdateError` e este em `SessionInterrupted` (400)."""
    vistos = set()
    while exc is not None and id(exc) not in vistos:
        if (servico := _classificar(exc)) is not None:
            return servico, exc
        vistos.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return None


def indisponivel(request, servico: Indisponivel, exc: BaseException) -> HttpResponse:
    logger.error(
        "%s indisponível em %s %s: %s: %s",
        servico.servico,
        request.method,
        request.path,
        type(exc).__name__,
        exc,
    )
    resposta = pagina_de_erro(
        request, status=503, template="503.html", mensagem=servico.mensagem, titulo=servico.titulo
    )
    resposta["Retry-After"] = str(servico.espera)
    return resposta


# O que só as páginas técnicas do Django (DEBUG) trazem: a de 404 e a de 500 com o traceback.
MARCA_DA_PAGINA_TECNICA = b"<code>DEBUG = True</code>"


class ServicoIndisponivelMiddleware:
    """O primeiro da lista: a última palavra sobre as exceções das views.

    Em desenvolvimento local (DEBUG, o `make run`) o Django responde 404 e 500 com as suas
    páginas técnicas, em inglês; quem experimenta o sistema vê as do projeto, em pt-BR, como
    em produção. O traceback do 500 continua no console (o log de django.request)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        resposta = self.get_response(request)
        if settings.DEBUG and _e_pagina_tecnica(resposta):
            if resposta.status_code == 404:
                return defaults.page_not_found(request, Http404())
            return erro_do_servidor(request)
        return resposta

    def process_exception(self, request, exception):
        fora_do_ar = servico_fora_do_ar(exception)
        return indisponivel(request, *fora_do_ar) if fora_do_ar else None


def _e_pagina_tecnica(resposta) -> bool:
    return (
        resposta.status_code in (404, 500)
        and not resposta.streaming
        and resposta.get("Content-Type", "").startswith("text/html")
        and MARCA_DA_PAGINA_TECNICA in resposta.content
    )


def requisicao_invalida(request, exception):
    """handler400."""
    if fora_do_ar := servico_fora_do_ar(exception):
        return indisponivel(request, *fora_do_ar)
    if e_da_api(request):
        return resposta_json("Requisição inválida.", status=400)
    return defaults.bad_request(request, exception)


def erro_do_servidor(request):
    """handler500: chamado pelo Django enquanto trata a exceção, que está em sys.exc_info()."""
    if fora_do_ar := servico_fora_do_ar(sys.exc_info()[1]):
        return indisponivel(request, *fora_do_ar)
    if e_da_api(request):
        return resposta_json("Erro interno do servidor; nada foi gravado pela metade.", status=500)
    return defaults.server_error(request)
