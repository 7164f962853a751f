from django.urls import path

import processos.urls  # noqa: F401 — registra o conversor <protocolo:>
from acompanhamento import views

app_name = "acompanhamento"

urlpatterns = [
    path(
        "portal/processos/<protocolo:protocolo>/acompanhar/",
        views.acompanhar,
        name="acompanhar",
    ),
    path("acompanhamento/confirmar/<str:token>/", views.confirmar, name="confirmar"),
    path("acompanhamento/cancelar/<str:chave>/", views.cancelar, name="cancelar"),
]
