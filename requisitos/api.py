"""API JSON dos simuladores (`/api/v1/simulacoes/...`), pública e sem banco carregado.

Toda entrada ruim vira 400 com os erros por campo, em pt-BR — inclusive JSON malformado e
tipo de conteúdo errado (que o DRF responderia com 415); acima do limite de uso, 429.
Os números decimais do JSON são lidos como Decimal, nunca como float; o inteiro longo e o "-0"
também (`emancipacao.numeros.literal_inteiro_json`), para o campo recusá-los sem convertê-los.
"""

import json
from decimal import Decimal

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, parsers
from rest_framework.response import Response
from rest_framework.views import exception_handler

from emancipacao.api import APIPublica
from emancipacao.numeros import literal_inteiro_json
from requisitos import serializers as s
from requisitos.limite import MENSAGEM as MENSAGEM_LIMITE
from requisitos.limite import espera_do_simulador
from requisitos.models import parametros_em_vigor
from requisitos.municipios_br import por_codigo
from requisitos.regras import (
    DadosCriacao,
    DadosRemanescente,
    avaliar_criacao_municipio,
    avaliar_distrito,
    avaliar_revisao_limites,
    como_dict,
)
from requisitos.toponimia import avaliar_toponimo

TAMANHO_MAXIMO_CORPO = 64 * 1024  # uma simulação cabe folgada em poucos KB
# Nenhum simulador passa de 3 níveis (objeto → lista → objeto); o limite corta corpos
# fabricados para esgotar a pilha ou o processador, sempre com 400.
PROFUNDIDADE_MAXIMA = 10
MENSAGEM_ANINHAMENTO = (
    f"JSON aninhado demais: aceitam-se até {PROFUNDIDADE_MAXIMA} níveis de listas e objetos."
)


class JSONDecimalParser(parsers.JSONParser):
    """JSON com números fracionários lidos como Decimal (regras legais nunca usam float)."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        codificacao = parser_context.get("encoding", "utf-8")
        bruto = stream.read(TAMANHO_MAXIMO_CORPO + 1) if stream else b""
        if len(bruto) > TAMANHO_MAXIMO_CORPO:
            raise exceptions.ParseError("O corpo da requisição passa de 64 KB.")
        try:
            dados = json.loads(
                bruto.decode(codificacao),
                parse_float=Decimal,
                parse_int=literal_inteiro_json,
                parse_constant=_recusar_constante,
            )
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON malformado: {exc}") from None
        except RecursionError:
            # "[[[[..." estoura a pilha do decodificador antes de qualquer validação.
            raise exceptions.ParseError(MENSAGEM_ANINHAMENTO) from None
        if _aninhamento_excede(dados, PROFUNDIDADE_MAXIMA):
            raise exceptions.ParseError(MENSAGEM_ANINHAMENTO)
        return dados


def _aninhamento_excede(dados, limite: int) -> bool:
    """Percorre listas e objetos sem recursão e diz se algum passa de `limite` níveis."""
    pendentes = [(dados, 1)]
    while pendentes:
        valor, nivel = pendentes.pop()
        if isinstance(valor, dict):
            filhos = valor.values()
        elif isinstance(valor, list):
            filhos = valor
        else:
            continue
        if nivel > limite:
            return True
        pendentes.extend((filho, nivel + 1) for filho in filhos)
    return False


def _recusar_constante(nome: str):
    raise ValueError(f"{nome} não é um número aceito")


def tratar_excecao(exc, context):
    """Erros de leitura do corpo da requisição são entrada ruim: 400, em pt-BR."""
    if isinstance(exc, exceptions.UnsupportedMediaType):
        exc = exceptions.ValidationError(
            {"detail": ["Envie os dados em JSON, com Content-Type: application/json."]}
        )
    elif isinstance(exc, exceptions.ParseError):
        exc = exceptions.ValidationError({"detail": [str(exc.detail)]})
    return exception_handler(exc, context)


RESPOSTAS_ERRO = {
    400: OpenApiResponse(description="Entrada inválida: erros por campo, em pt-BR."),
    429: OpenApiResponse(description="Limite de simulações por endereço excedido."),
}


class SimulacaoAPIView(APIPublica):
    """Base dos simuladores: só JSON, com o limite dos simuladores."""

    parser_classes = [JSONDecimalParser]
    mensagem_limite = MENSAGEM_LIMITE
    entrada = None

    def get_exception_handler(self):
        return tratar_excecao

    def espera(self, request) -> int | None:
        return espera_do_simulador(request)

    def validar(self, request, parametros):
        if not isinstance(request.data, dict):
            raise exceptions.ValidationError(
                {"detail": ["O corpo deve ser um objeto JSON com os campos do simulador."]}
            )
        serializer = self.entrada(data=request.data, context={"parametros": parametros})
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


def _remanescente(dados: dict) -> DadosRemanescente:
    return DadosRemanescente(nome=por_codigo()[dados["codigo_ibge"]].nome, **dados)


def _nomear_municipios_da_media(resposta: dict) -> None:
    """O veredito do Art. 2º, IV nomeia os municípios da média (nome da lista nacional)."""
    nomes = por_codigo()
    for item in (resposta.get("media_va") or {}).get("municipios", []):
        municipio = nomes.get(item["codigo_ibge"])
        item["nome"] = municipio.nome if municipio else ""


class CriacaoMunicipioAPI(SimulacaoAPIView):
    entrada = s.CriacaoMunicipioEntrada

    @extend_schema(
        summary="Requisitos para criar município (Art. 2º, I a VI, e § 1º)",
        request=s.CriacaoMunicipioEntrada,
        responses={200: s.CriacaoMunicipioSaida, **RESPOSTAS_ERRO},
        tags=["Simuladores"],
    )
    def post(self, request):
        parametros = parametros_em_vigor()
        d = self.validar(request, parametros)
        dados = DadosCriacao(
            populacao=d["populacao"],
            eleitores=d["eleitores"],
            casas_centro_urbano=d["casas_centro_urbano"],
            valor_adicionado=d["valor_adicionado"],
            media_va_menores=d["media"],
            condicoes_instalacao=d["condicoes_instalacao"],
            continuidade_territorial=d["continuidade_territorial"],
            remanescentes=tuple(_remanescente(r) for r in d.get("remanescentes", [])),
        )
        resposta = como_dict(avaliar_criacao_municipio(dados, parametros))
        _nomear_municipios_da_media(resposta)
        return Response(resposta)


class CriacaoDistritoAPI(SimulacaoAPIView):
    entrada = s.DistritoEntrada

    @extend_schema(
        summary="Requisitos para criar distrito (Art. 25)",
        request=s.DistritoEntrada,
        responses={200: s.VereditoSaida, **RESPOSTAS_ERRO},
        tags=["Simuladores"],
    )
    def post(self, request):
        parametros = parametros_em_vigor()
        d = self.validar(request, parametros)
        veredito = avaliar_distrito(d["habitacoes_sede"], d["populacao"], parametros)
        return Response(como_dict(veredito))


class ToponimoAPI(SimulacaoAPIView):
    entrada = s.ToponimoEntrada

    @extend_schema(
        summary="Nome de município ou distrito (Art. 6º)",
        request=s.ToponimoEntrada,
        responses={200: s.ToponimoSaida, **RESPOSTAS_ERRO},
        tags=["Simuladores"],
    )
    def post(self, request):
        parametros = parametros_em_vigor()
        d = self.validar(request, parametros)
        veredito = avaliar_toponimo(
            d["nome"], parametros, declaracao_pessoa_viva=d["declaracao_pessoa_viva"]
        )
        return Response(como_dict(veredito))


class RevisaoLimitesAPI(SimulacaoAPIView):
    entrada = s.RevisaoLimitesEntrada

    @extend_schema(
        summary="Dispensa do plebiscito na revisão de limites (Art. 8º)",
        request=s.RevisaoLimitesEntrada,
        responses={200: s.RevisaoLimitesSaida, **RESPOSTAS_ERRO},
        tags=["Simuladores"],
    )
    def post(self, request):
        parametros = parametros_em_vigor()
        d = self.validar(request, parametros)
        veredito = avaliar_revisao_limites(d["area_movida_km2"], d["area_total_km2"], parametros)
        return Response(como_dict(veredito))
