from django.urls import path

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from representacao import views

app_name = "representacao"

urlpatterns = [
    # Signatários (Art. 13)
    path(
        "processos/<protocolo:protocolo>/assinaturas/",
        views.assinaturas,
        name="assinaturas",
    ),
    path(
        "processos/<protocolo:protocolo>/assinaturas/adicionar/",
        views.adicionar_signatario,
        name="adicionar_signatario",
    ),
    path(
        "processos/<protocolo:protocolo>/assinaturas/importar/",
        views.importar_assinaturas,
        name="importar_assinaturas",
    ),
    path(
        "processos/<protocolo:protocolo>/assinaturas/<int:ordem>/corrigir/",
        views.corrigir_signatario,
        name="corrigir_signatario",
    ),
    path(
        "processos/<protocolo:protocolo>/assinaturas/<int:ordem>/anular/",
        views.anular_signatario,
        name="anular_signatario",
    ),
    path(
        "processos/<protocolo:protocolo>/assinaturas/modelo.csv",
        views.modelo_assinaturas,
        name="modelo_assinaturas",
    ),
    # Documentos do Art. 15
    path(
        "processos/<protocolo:protocolo>/documentos-art15/",
        views.documentos,
        name="documentos",
    ),
    path(
        "processos/<protocolo:protocolo>/documentos-art15/<int:pk>/",
        views.arquivo_documento,
        name="arquivo",
    ),
    path(
        "processos/<protocolo:protocolo>/documentos-art15/<int:pk>/anular/",
        views.anular_documento,
        name="anular_documento",
    ),
    # Validade: dados por tipo (Art. 6º, § 2º; Art. 10, III)
    path("processos/<protocolo:protocolo>/representacao/", views.dados, name="dados"),
]
