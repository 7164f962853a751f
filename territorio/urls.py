from django.urls import path

from emancipacao.limite_envio import limitar_envio
from territorio import api, publico

app_name = "territorio"

urlpatterns = [
    path("simulador/territorio/", publico.simulador_territorial, name="simulador"),
    path(
        "api/v1/simulacoes/territorio/",
        limitar_envio(api.SimuladorTerritorialAPI.as_view()),
        name="api_simulacao",
    ),
]
