"""API do simulador territorial (`POST /api/v1/simulacoes/territorio/`), pública, nos moldes
dos demais simuladores (requisitos.api.SimulacaoAPIView): o mapa vai em multipart/form-data,
a resposta é JSON; erros por campo em pt-BR com 400, limite de uso com 429, corpo acima do
limite de envio com 413. Nada é gravado."""

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import exceptions, parsers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from requisitos.api import RESPOSTAS_ERRO, SimulacaoAPIView
from territorio import serializers as s
from territorio.simulacao import SimulacaoRecusada, como_dados, simular


def tratar_excecao(exc, context):
    """O corpo que não é multipart (ou é malformado) é entrada ruim: 400, em pt-BR."""
    if isinstance(exc, exceptions.UnsupportedMediaType | exceptions.ParseError):
        exc = exceptions.ValidationError(
            {
                "detail": [
                    "Envie o mapa em multipart/form-data: o campo “arquivo” e um campo "
                    "“origens” para cada código IBGE de origem."
                ]
            }
        )
    return exception_handler(exc, context)


class SimuladorTerritorialAPI(SimulacaoAPIView):
    entrada = s.SimulacaoTerritorialEntrada
    parser_classes = [parsers.MultiPartParser]

    def get_exception_handler(self):
        return tratar_excecao

    @extend_schema(
        summary="Conferência territorial de um mapa (Art. 15, II; Art. 2º, VI; Art. 8º)",
        description=(
            "Lê o mapa enviado e o confere contra a malha municipal do IBGE em uso, como o "
            "processo faria ao juntá-lo: área geodésica (GRS80), a parte de cada origem e o % "
            "da área oficial dela, os pedaços do território e de cada remanescente, a "
            "sobreposição com municípios que não são origem e a área fora do Estado; devolve "
            "também o rascunho do memorial descritivo e, se enviado um memorial por "
            "coordenadas, a comparação dele com o mapa. Contorno que se cruza: 400 com "
            "`reparo` (área antes e depois); envie de novo com `reparar=true` para aceitar."
        ),
        request={"multipart/form-data": s.SimulacaoTerritorialEntrada},
        responses={
            200: s.SimulacaoTerritorialSaida,
            400: OpenApiResponse(
                s.SimulacaoTerritorialErro, description="Entrada inválida: erros por campo."
            ),
            413: OpenApiResponse(description="Arquivo acima do limite de envio."),
            429: RESPOSTAS_ERRO[429],
        },
        examples=[
            OpenApiExample(
                "Mapa em GeoJSON de um território tirado de Sinop e Cláudia",
                value={"arquivo": "(o arquivo)", "origens": [5107909, 5103056]},
                request_only=True,
            )
        ],
        tags=["Simuladores"],
    )
    def post(self, request):
        if not hasattr(request.data, "getlist"):
            raise exceptions.ValidationError({"detail": ["Envie o mapa em multipart/form-data."]})
        d = self.validar(request, None)
        try:
            simulacao = simular(
                d["arquivo"].read(),
                d["origens"],
                reparar=d["reparar"],
                memorial=d.get("memorial", ""),
            )
        except SimulacaoRecusada as exc:
            erro = {exc.campo or "detail": [str(exc)]}
            if exc.reparo is not None:
                erro["reparo"] = {
                    "area_antes_km2": round(exc.reparo.area_antes_km2, 3),
                    "area_depois_km2": round(exc.reparo.area_depois_km2, 3),
                    "pedacos_depois": exc.reparo.pedacos_depois,
                }
            # Uma Response, não ValidationError: esta tornaria os números do reparo texto.
            return Response(erro, status=status.HTTP_400_BAD_REQUEST)
        return Response(como_dados(simulacao))
