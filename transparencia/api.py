"""API de dados abertos dos processos (`/api/v1/processos/`): pública, só leitura, só JSON.

Os mesmos critérios do portal (texto, tipo, estado, município de origem, ano, ordem), os
mesmos campos públicos e o que foi liberado (Art. 23). Entrada ruim é 400 e processo ou página
inexistente é 404, sempre com a mensagem em pt-BR em `detail` — o formato do esquema OpenAPI,
que descreve cada parâmetro com a faixa, as opções ou o tamanho que a API aceita; outros
métodos, 405; acima do limite de uso, 429 com Retry-After. O `ETag` é o resumo do conteúdo
da resposta: `If-None-Match` → 304 enquanto nada do que ela diz mudar, inclusive o que muda
sem ato no processo (o nome de um município no cadastro, a prévia do plebiscito com os
parâmetros legais em vigor). Não há `Last-Modified`: a data do último ato não diz quando o
cadastro mudou.
"""

import hashlib
import math
import re

import django_filters
from django.utils.cache import get_conditional_response
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from emancipacao import numeros
from emancipacao.api import APIPublica
from painel.filtros import ANO_MAXIMO, ANO_MINIMO, ProcessoPublicoFilter
from processos.estados import Estado, Tipo
from processos.models import Processo
from processos.protocolos import Protocolo
from transparencia import serializers as s
from transparencia.dados_abertos import Enderecos, detalhe, item_da_lista, processos_publicos
from transparencia.limite import MENSAGEM as MENSAGEM_LIMITE
from transparencia.limite import espera_dos_dados_abertos

# A consulta mais longa que os parâmetros aceitam: o texto de 200 caracteres de 4 bytes,
# cada byte escrito %XX na URL (2.400), mais os demais parâmetros.
TAMANHO_MAXIMO_CONSULTA = 4096
TAMANHO_MAXIMO_TEXTO = 200
POR_PAGINA = 50
POR_PAGINA_MAXIMO = 100
PAGINA_MAXIMA = 1_000_000
NUMERO = re.compile(r"[0-9]{4,6}-[0-9]{4}")
# Os códigos IBGE têm 7 algarismos.
CODIGO_IBGE_MINIMO, CODIGO_IBGE_MAXIMO = 1_000_000, 9_999_999


def _erro(mensagem: str) -> exceptions.ValidationError:
    # Um texto em `detail`, como nos 404/405/429: o cliente lê sempre o mesmo campo.
    erro = exceptions.ValidationError()
    erro.detail = {"detail": mensagem}
    return erro


# Os nomes de ordem do portal (painel.filtros) e os campos de cada um.
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
    # Um código sem município no cadastro não acha processo (como um ano sem protocolos).
    municipio = numeros.FiltroInteiro(
        label="Município de origem",
        field_name="municipios_origem__codigo_ibge",
        min_value=CODIGO_IBGE_MINIMO,
        max_value=CODIGO_IBGE_MAXIMO,
    )

    ORDENS = [(f"{sinal}{nome}", f"{sinal}{nome}") for nome in ORDENS for sinal in ("", "-")]
    ordem = django_filters.ChoiceFilter(label="Ordenar por", choices=ORDENS, method="ordenar")

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


class DadosAbertosAPIView(APIPublica):
    """Base dos dados abertos: só leitura (GET e HEAD), só JSON, com o limite dos dados
    abertos; a consulta é conferida antes de qualquer leitura."""

    renderer_classes = [JSONRenderer]
    mensagem_limite = MENSAGEM_LIMITE
    parametros: tuple[str, ...] = ()

    def espera(self, request) -> int | None:
        return espera_dos_dados_abertos(request)

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
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
        vazios = sorted(k for k, v in request.query_params.items() if v == "")
        if vazios:
            raise _erro(f"Parâmetro vazio: {', '.join(vazios)}. Informe um valor ou omita-o.")
        # O texto como veio, antes de o formulário tirar os espaços das pontas.
        if len(request.query_params.get("q", "")) > TAMANHO_MAXIMO_TEXTO:
            raise _erro(f"Busca: use no máximo {TAMANHO_MAXIMO_TEXTO} caracteres.")

    def responder(self, request, dados) -> Response:
        """200, ou 304 quando o cliente já tem este conteúdo (`If-None-Match`). O ETag é o
        resumo da própria resposta: muda com tudo o que ela diz."""
        etag = '"' + hashlib.sha256(JSONRenderer().render(dados)).hexdigest()[:32] + '"'
        resposta = get_conditional_response(request._request, etag=etag) or Response(dados)
        resposta["ETag"] = etag
        resposta["Cache-Control"] = "public, max-age=0, must-revalidate"
        return resposta


def _inteiro(request, nome: str, padrao: int, maximo: int) -> int:
    bruto = request.query_params.get(nome)
    if bruto is None:
        return padrao
    try:
        valor = numeros.ler_inteiro(bruto)
    except numeros.NumeroInvalido:
        valor = None
    if valor is None or not 1 <= valor <= maximo:
        raise _erro(f"“{nome}” deve ser um número inteiro de 1 a {maximo:_}.".replace("_", "."))
    return valor


def _pagina_url(request, pagina: int) -> str:
    parametros = request.query_params.copy()
    parametros["pagina"] = str(pagina)
    return request.build_absolute_uri(request.path) + "?" + parametros.urlencode()


def _parametro(nome: str, esquema: dict, descricao: str) -> OpenApiParameter:
    # Um parâmetro presente tem valor: `?q=` é recusado (400), não tomado por ausente.
    return OpenApiParameter(nome, esquema, description=descricao, allow_blank=False)


PARAMETROS_NO_ESQUEMA = [
    _parametro(
        "q",
        {"type": "string", "minLength": 1, "maxLength": TAMANHO_MAXIMO_TEXTO},
        "Texto: número, nome proposto, município.",
    ),
    _parametro("tipo", {"type": "string", "enum": Tipo.values}, "O tipo do processo."),
    _parametro("estado", {"type": "string", "enum": Estado.values}, "O estado do processo."),
    _parametro(
        "municipio",
        {"type": "integer", "minimum": CODIGO_IBGE_MINIMO, "maximum": CODIGO_IBGE_MAXIMO},
        "Código IBGE de um município de origem.",
    ),
    _parametro(
        "ano",
        {"type": "integer", "minimum": ANO_MINIMO, "maximum": ANO_MAXIMO},
        "Ano do protocolo.",
    ),
    _parametro(
        "ordem",
        {"type": "string", "enum": [valor for valor, _ in ProcessoAPIFilter.ORDENS]},
        "numero, tipo, nome, estado ou movimentacao; com - na frente, decrescente. "
        "Padrão: mais recentes primeiro.",
    ),
    _parametro(
        "pagina",
        {"type": "integer", "minimum": 1, "maximum": PAGINA_MAXIMA},
        "Página (a partir de 1).",
    ),
    _parametro(
        "por_pagina",
        {"type": "integer", "minimum": 1, "maximum": POR_PAGINA_MAXIMO},
        f"Processos por página ({POR_PAGINA} se omitido).",
    ),
]

RESPOSTAS_ERRO = {
    400: OpenApiResponse(s.Erro, description="Parâmetro inválido ou desconhecido (pt-BR)."),
    404: OpenApiResponse(s.Erro, description="Processo ou página inexistente."),
    429: OpenApiResponse(s.Erro, description="Limite de consultas por endereço excedido."),
}


class ProcessosAPI(DadosAbertosAPIView):
    parametros = PARAMETROS_LISTA

    @extend_schema(
        summary="Processos (lista pública)",
        operation_id="processos_lista",
        description=(
            "Os processos de criação, fusão, incorporação, extinção, revisão de limites e "
            "alteração de nome de municípios (LC 23/1992-MT), com os critérios do portal. "
            f"{POR_PAGINA} por página (até {POR_PAGINA_MAXIMO} com `por_pagina`). Responde 304 "
            "a `If-None-Match` com o `ETag` recebido, enquanto nada mudar."
        ),
        parameters=PARAMETROS_NO_ESQUEMA,
        responses={200: s.ListaProcessos, 304: None, **RESPOSTAS_ERRO},
        tags=["Processos (dados abertos)"],
    )
    def get(self, request):
        filtro = ProcessoAPIFilter(
            request.query_params, queryset=processos_publicos(), request=request
        )
        if not filtro.is_valid():
            raise _erro(filtro.mensagem_de_erro())
        pagina = _inteiro(request, "pagina", 1, PAGINA_MAXIMA)
        por_pagina = _inteiro(request, "por_pagina", POR_PAGINA, POR_PAGINA_MAXIMO)
        consulta = filtro.qs
        total = consulta.count()
        paginas = max(1, math.ceil(total / por_pagina))
        if pagina > paginas:
            raise exceptions.NotFound(
                f"A página {pagina} não existe: a consulta tem {paginas} página"
                f"{'s' if paginas > 1 else ''}."
            )
        enderecos = Enderecos(request)
        inicio = (pagina - 1) * por_pagina
        processos = consulta[inicio : inicio + por_pagina]
        return self.responder(
            request,
            {
                "total": total,
                "pagina": pagina,
                "paginas": paginas,
                "por_pagina": por_pagina,
                "anterior": _pagina_url(request, pagina - 1) if pagina > 1 else None,
                "proxima": _pagina_url(request, pagina + 1) if pagina < paginas else None,
                "resultados": [item_da_lista(p, enderecos=enderecos) for p in processos],
            },
        )


class ProcessoAPI(DadosAbertosAPIView):
    @extend_schema(
        summary="Processo (dados públicos)",
        operation_id="processos_detalhe",
        description=(
            "Os dados públicos do processo `numero` (formato 0001-2026): a linha do tempo "
            "pública (data, ato, estado), os documentos públicos e os liberados (Art. 23) com "
            "os códigos de verificação, o resultado do plebiscito quando registrado, os "
            "números do Decreto Legislativo e da lei, e os detalhes internos quando liberados."
        ),
        parameters=[
            OpenApiParameter(
                "numero",
                {"type": "string", "pattern": f"^{NUMERO.pattern}$"},
                OpenApiParameter.PATH,
                description="Número do processo: 0001-2026.",
            )
        ],
        responses={200: s.ProcessoDetalhe, 304: None, **RESPOSTAS_ERRO},
        tags=["Processos (dados abertos)"],
    )
    def get(self, request, numero: str):
        if not NUMERO.fullmatch(numero):
            raise _erro(
                "Número de processo inválido: use o formato 0001-2026 (número com 4 a 6 "
                "dígitos, hífen, ano com 4 dígitos)."
            )
        processo = Processo.objects.filter(**Protocolo(numero).filtro()).first()
        if processo is None:
            raise exceptions.NotFound(f"Processo {numero} não encontrado.")
        return self.responder(request, detalhe(processo, request))
