"""API de dados abertos dos processos (`/api/v1/processos/`): pública, só leitura, só JSON.

Os mesmos critérios do portal (texto, tipo, estado, município de origem, ano, ordem), os
mesmos campos públicos e o que foi liberado (Art. 23). Entrada ruim é 400 e processo ou página
inexistente é 404, sempre com a mensagem em pt-BR em `detail`; outros métodos, 405; acima do
limite de uso, 429 com Retry-After. `ETag` e `Last-Modified` (da última movimentação) deixam
o cliente perguntar de novo sem baixar nada: `If-None-Match` ou `If-Modified-Since` → 304.
"""

import hashlib
import math
import re

import django_filters
from django.db.models import Count, Max
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from processos.filtros import ProcessoPublicoFilter
from processos.models import Processo
from requisitos.models import Municipio
from transparencia import serializers as s
from transparencia.dados_abertos import Enderecos, detalhe, item_da_lista, processos_publicos
from transparencia.limite import MENSAGEM as MENSAGEM_LIMITE
from transparencia.limite import espera_dos_dados_abertos

# Muda quando a forma das respostas muda: o ETag antigo deixa de valer.
VERSAO = "1"
TAMANHO_MAXIMO_CONSULTA = 2048
TAMANHO_MAXIMO_TEXTO = 200
POR_PAGINA = 50
POR_PAGINA_MAXIMO = 100
NUMERO = re.compile(r"[0-9]{4,6}-[0-9]{4}")


class LimiteExcedido(exceptions.APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = MENSAGEM_LIMITE
    default_code = "limite_excedido"

    def __init__(self, espera: int):
        super().__init__()
        self.wait = espera  # o DRF o transforma no cabeçalho Retry-After


def _erro(mensagem: str) -> exceptions.ValidationError:
    # Um texto em `detail`, como nos 404/405/429: o cliente lê sempre o mesmo campo.
    erro = exceptions.ValidationError()
    erro.detail = {"detail": mensagem}
    return erro


# Os nomes de ordem do portal (processos.filtros) e os campos de cada um.
ORDENS = {
    "numero": ("ano", "numero"),
    "tipo": ("tipo",),
    "nome": ("nome_proposto",),
    "estado": ("estado",),
    "movimentacao": ("ultima_movimentacao",),
}


class ProcessoAPIFilter(ProcessoPublicoFilter):
    """Os critérios do portal; o município pelo código IBGE (estável), não pelo id interno."""

    q = django_filters.CharFilter(label="Busca", method="buscar", max_length=TAMANHO_MAXIMO_TEXTO)
    municipio = django_filters.ModelChoiceFilter(
        label="Município de origem",
        field_name="municipios_origem",
        to_field_name="codigo_ibge",
        queryset=Municipio.objects.all(),
    )

    ordem = django_filters.ChoiceFilter(
        label="Ordenar por",
        choices=[(f"{sinal}{nome}", f"{sinal}{nome}") for nome in ORDENS for sinal in ("", "-")],
        method="ordenar",
    )

    @property
    def form(self):
        # Sem a lista dos municípios em ordem alfabética do portal: a API não desenha o campo.
        return django_filters.FilterSet.form.fget(self)

    def ordenar(self, queryset, name, value):
        sinal = "-" if value.startswith("-") else ""
        campos = [sinal + campo for campo in ORDENS[value.lstrip("-")]]
        # Desempate pelo protocolo, para que as páginas não repitam nem pulem processos.
        return queryset.order_by(*campos, "-ano", "-numero")


PARAMETROS_LISTA = ("q", "tipo", "estado", "municipio", "ano", "ordem", "pagina", "por_pagina")


class DadosAbertosAPIView(APIView):
    """Base: pública, sem sessão, só leitura (GET e HEAD), só JSON, com limite por endereço."""

    authentication_classes = []
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]
    parametros: tuple[str, ...] = ()

    def dispatch(self, request, *args, **kwargs):
        with translation.override("pt-br"):
            return super().dispatch(request, *args, **kwargs)

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        espera = espera_dos_dados_abertos(request._request)
        if espera is not None:
            raise LimiteExcedido(espera)
        self.conferir_consulta(request)

    def conferir_consulta(self, request) -> None:
        consulta = request.META.get("QUERY_STRING", "")
        if len(consulta) > TAMANHO_MAXIMO_CONSULTA:
            raise _erro(
                f"A consulta passa de {TAMANHO_MAXIMO_CONSULTA:,} caracteres.".replace(",", ".")
            )
        desconhecidos = sorted(set(request.query_params) - set(self.parametros))
        if desconhecidos:
            aceitos = ", ".join(self.parametros) or "nenhum"
            raise _erro(f"Parâmetro desconhecido: {', '.join(desconhecidos)}. Aceitos: {aceitos}.")
        repetidos = sorted(k for k, v in request.query_params.lists() if len(v) > 1)
        if repetidos:
            raise _erro(f"Parâmetro repetido: {', '.join(repetidos)}. Informe cada um uma vez.")

    def condicional(self, request, *, chave: str, modificado):
        """304 quando o cliente já tem esta versão; senão (None), os cabeçalhos a pôr."""
        etag = '"' + hashlib.sha256(f"{VERSAO}|{chave}".encode()).hexdigest()[:32] + '"'
        ultima = int(modificado.timestamp()) if modificado else None
        self.cabecalhos = {"ETag": etag, "Cache-Control": "public, max-age=0, must-revalidate"}
        if ultima is not None:
            self.cabecalhos["Last-Modified"] = http_date(ultima)
        resposta = get_conditional_response(request._request, etag=etag, last_modified=ultima)
        if resposta is not None:
            for nome, valor in self.cabecalhos.items():
                resposta[nome] = valor
        return resposta

    def resposta(self, dados) -> Response:
        resposta = Response(dados)
        for nome, valor in self.cabecalhos.items():
            resposta[nome] = valor
        return resposta


def _inteiro(request, nome: str, padrao: int, maximo: int | None = None) -> int:
    bruto = request.query_params.get(nome)
    if bruto is None or bruto == "":
        return padrao
    if not bruto.isdigit() or int(bruto) < 1 or (maximo and int(bruto) > maximo):
        limite = f" de 1 a {maximo}" if maximo else " a partir de 1"
        raise _erro(f"“{nome}” deve ser um número inteiro{limite}.")
    return int(bruto)


def _pagina_url(request, pagina: int) -> str:
    parametros = request.query_params.copy()
    parametros["pagina"] = str(pagina)
    return request.build_absolute_uri(request.path) + "?" + parametros.urlencode()


RESPOSTAS_ERRO = {
    400: OpenApiResponse(s.Erro, description="Parâmetro inválido ou desconhecido (pt-BR)."),
    404: OpenApiResponse(s.Erro, description="Processo ou página inexistente."),
    429: OpenApiResponse(s.Erro, description="Limite de consultas por endereço excedido."),
}


class ProcessosAPI(DadosAbertosAPIView):
    parametros = PARAMETROS_LISTA

    @extend_schema(
        summary="Processos (lista pública)",
        description=(
            "Os processos de criação, fusão, incorporação, extinção, revisão de limites e "
            "alteração de nome de municípios (LC 23/1992-MT), com os critérios do portal. "
            f"{POR_PAGINA} por página (até {POR_PAGINA_MAXIMO} com `por_pagina`). Responde 304 "
            "a `If-None-Match` com o `ETag` recebido, enquanto nada mudar."
        ),
        parameters=[
            OpenApiParameter("q", str, description="Texto: número, nome proposto, município."),
            OpenApiParameter("tipo", str, description="Código do tipo (ex.: criacao)."),
            OpenApiParameter("estado", str, description="Código do estado (ex.: em_instrucao)."),
            OpenApiParameter(
                "municipio", int, description="Código IBGE de um município de origem."
            ),
            OpenApiParameter("ano", int, description="Ano do protocolo."),
            OpenApiParameter(
                "ordem",
                str,
                description="numero, tipo, nome, estado ou movimentacao; com - na frente, "
                "decrescente. Padrão: mais recentes primeiro.",
            ),
            OpenApiParameter("pagina", int, description="Página (a partir de 1)."),
            OpenApiParameter("por_pagina", int, description=f"1 a {POR_PAGINA_MAXIMO}."),
        ],
        responses={200: s.ListaProcessos, 304: None, **RESPOSTAS_ERRO},
        tags=["Processos (dados abertos)"],
    )
    def get(self, request):
        filtro = ProcessoAPIFilter(
            request.query_params, queryset=processos_publicos(), request=request
        )
        if not filtro.is_valid():
            raise exceptions.ValidationError(filtro.errors)
        pagina = _inteiro(request, "pagina", 1)
        por_pagina = _inteiro(request, "por_pagina", POR_PAGINA, POR_PAGINA_MAXIMO)
        consulta = filtro.qs
        resumo = consulta.aggregate(total=Count("pk"), ultima=Max("ultima_movimentacao"))
        total = resumo["total"]
        paginas = max(1, math.ceil(total / por_pagina))
        if pagina > paginas:
            raise exceptions.NotFound(
                f"A página {pagina} não existe: a consulta tem {paginas} página"
                f"{'s' if paginas > 1 else ''}."
            )
        chave = f"lista|{sorted(request.query_params.lists())}|{total}|{resumo['ultima']}"
        if nao_mudou := self.condicional(request, chave=chave, modificado=resumo["ultima"]):
            return nao_mudou
        enderecos = Enderecos(request)
        inicio = (pagina - 1) * por_pagina
        processos = consulta[inicio : inicio + por_pagina]
        return self.resposta(
            {
                "total": total,
                "pagina": pagina,
                "paginas": paginas,
                "por_pagina": por_pagina,
                "anterior": _pagina_url(request, pagina - 1) if pagina > 1 else None,
                "proxima": _pagina_url(request, pagina + 1) if pagina < paginas else None,
                "resultados": [item_da_lista(p, enderecos=enderecos) for p in processos],
            }
        )


class ProcessoAPI(DadosAbertosAPIView):
    @extend_schema(
        summary="Processo (dados públicos)",
        description=(
            "Os dados públicos do processo `numero` (formato 0001-2026): a linha do tempo "
            "pública (data, ato, estado), os documentos públicos e os liberados (Art. 23) com "
            "os códigos de verificação, o resultado do plebiscito quando registrado, os "
            "números do Decreto Legislativo e da lei, e os detalhes internos quando liberados."
        ),
        responses={200: s.ProcessoDetalhe, 304: None, **RESPOSTAS_ERRO},
        tags=["Processos (dados abertos)"],
    )
    def get(self, request, numero: str):
        if not NUMERO.fullmatch(numero):
            raise _erro(
                "Número de processo inválido: use o formato 0001-2026 (número com 4 a 6 "
                "dígitos, hífen, ano com 4 dígitos)."
            )
        sequencial, ano = (int(parte) for parte in numero.split("-"))
        processo = Processo.objects.filter(numero=sequencial, ano=ano).first()
        if processo is None:
            raise exceptions.NotFound(f"Processo {numero} não encontrado.")
        chave = f"processo|{processo.pk}|{processo.ultima_movimentacao.isoformat()}"
        if nao_mudou := self.condicional(
            request, chave=chave, modificado=processo.ultima_movimentacao
        ):
            return nao_mudou
        return self.resposta(detalhe(processo, request))
