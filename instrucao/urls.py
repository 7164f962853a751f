from django.urls import path

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from instrucao import views

app_name = "instrucao"

urlpatterns = [
    path("prazos/", views.prazos, name="prazos"),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/recebimento/",
        views.registrar_recebimento,
        name="oficio_recebimento",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/retificar-recebimento/",
        views.retificar_recebimento,
        name="oficio_retificar_recebimento",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/resposta/",
        views.registrar_resposta,
        name="oficio_resposta",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/reiterar/",
        views.reiterar,
        name="oficio_reiterar",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/preparar-reiteracao/",
        views.preparar_reiteracao,
        name="oficio_preparar_reiteracao",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/descartar-rascunho/",
        views.descartar_rascunho,
        name="oficio_descartar_rascunho",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/certidao/",
        views.certidao,
        name="oficio_certidao",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/certidao/v<int:versao>/",
        views.certidao,
        name="oficio_certidao_versao",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/retificar-certidao/",
        views.retificar_certidao,
        name="oficio_retificar_certidao",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/corrigir-digitacao/",
        views.corrigir_digitacao,
        name="oficio_corrigir_digitacao",
    ),
]
