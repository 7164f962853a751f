from django.urls import path

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from documentos import views

app_name = "documentos"

urlpatterns = [
    path("validar/", views.validar, name="validar"),
    path("documentos/<str:codigo>/", views.documento, name="documento"),
    path("portal/documentos/<str:codigo>/", views.publico, name="publico"),
    path(
        "processos/<protocolo:protocolo>/documentos/extrato/",
        views.emitir_extrato,
        name="emitir_extrato",
    ),
    path(
        "processos/<protocolo:protocolo>/documentos/extrato/minuta/",
        views.minuta_extrato,
        name="minuta_extrato",
    ),
    path(
        "processos/<protocolo:protocolo>/documentos/copia-integral/",
        views.emitir_copia_integral,
        name="emitir_copia_integral",
    ),
    path("simulador/distrito/certidao/", views.certidao_distrito, name="certidao_distrito"),
]
