from django.urls import path

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from emancipacao.limite_envio import limitar_envio
from territorio import api, publico, views

app_name = "territorio"

urlpatterns = [
    path("simulador/territorio/", publico.simulador_territorial, name="simulador"),
    path(
        "api/v1/simulacoes/territorio/",
        limitar_envio(api.SimuladorTerritorialAPI.as_view()),
        name="api_simulacao",
    ),
    path(
        "processos/<protocolo:protocolo>/memorial/adotar/",
        views.adotar_memorial,
        name="adotar_memorial",
    ),
]
