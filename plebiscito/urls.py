from django.urls import path

from plebiscito import api, simulador

app_name = "plebiscito"

urlpatterns = [
    path("simulador/plebiscito/", simulador.simulador_plebiscito, name="simulador"),
    path("api/v1/simulacoes/plebiscito/", api.PlebiscitoAPI.as_view(), name="api_simulacao"),
]
