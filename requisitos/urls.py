from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from requisitos import api, views

app_name = "requisitos"

urlpatterns = [
    path("simulador/", views.inicio, name="simuladores"),
    path("simulador/municipio/", views.simulador_municipio, name="simulador_municipio"),
    path("simulador/distrito/", views.simulador_distrito, name="simulador_distrito"),
    path("simulador/nome/", views.simulador_nome, name="simulador_nome"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api_schema"),
    path(
        "api/docs/",
        # Split: o script de inicialização vem de ?script, não embutido (CSP sem inline).
        SpectacularSwaggerSplitView.as_view(url_name="requisitos:api_schema"),
        name="api_docs",
    ),
    path(
        "api/v1/simulacoes/criacao-municipio/",
        api.CriacaoMunicipioAPI.as_view(),
        name="api_criacao_municipio",
    ),
    path(
        "api/v1/simulacoes/criacao-distrito/",
        api.CriacaoDistritoAPI.as_view(),
        name="api_criacao_distrito",
    ),
    path("api/v1/simulacoes/toponimo/", api.ToponimoAPI.as_view(), name="api_toponimo"),
    path(
        "api/v1/simulacoes/revisao-limites/",
        api.RevisaoLimitesAPI.as_view(),
        name="api_revisao_limites",
    ),
]
