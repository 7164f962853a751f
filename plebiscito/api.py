"""API do simulador do resultado do plebiscito (`/api/v1/simulacoes/plebiscito/`), pública,
nos moldes dos demais simuladores (`requisitos.api.SimulacaoAPIView`): só JSON, erros por
campo em pt-BR com 400, limite de uso com 429."""

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.response import Response

from plebiscito import serializers as s
from plebiscito.regras import ApuracaoInvalida, apurar_unidades
from requisitos.api import RESPOSTAS_ERRO, SimulacaoAPIView
from requisitos.models import parametros_em_vigor


class PlebiscitoAPI(SimulacaoAPIView):
    entrada = s.PlebiscitoEntrada

    @extend_schema(
        summary="Resultado do plebiscito (Art. 11, §§ 1º e 2º)",
        description=(
            "Soma as unidades de votação que a abrangência inclui e aplica as três leituras "
            "do resultado: maioria absoluta dos inscritos (LC 23/1992, Art. 11, § 2º), maioria "
            "simples dos votos válidos (Lei 9.709/1998, art. 10) e maioria do comparecimento. "
            "`regra` e `abrangencia` omitidas valem as dos parâmetros legais em vigor."
        ),
        request=s.PlebiscitoEntrada,
        responses={200: s.PlebiscitoSaida, **RESPOSTAS_ERRO},
        tags=["Simuladores"],
    )
    def post(self, request):
        d = self.validar(request, parametros_em_vigor())
        unidades = [s.unidade_de(u) for u in d["unidades"]]
        try:
            apuracao = apurar_unidades(unidades, d["regra"], d["abrangencia"])
        except ApuracaoInvalida as exc:
            # O que só o conjunto revela: nome repetido, nenhuma área a desmembrar.
            raise exceptions.ValidationError(s.erros_da_apuracao(exc.problemas)) from None
        return Response(s.como_resposta(apuracao))
