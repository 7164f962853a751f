from django.urls import path

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from transparencia import api, portal, territorio, views

app_name = "transparencia"

# Os atos do Art. 23 (liberar e revogar informação) são atos do hub, na rota `processos:ato`;
# a permissão por processo é a das suas transições, conferida pelo hub.
urlpatterns = [
    path("portal/", portal.portal, name="portal"),
    path("portal/processos/<protocolo:protocolo>/", portal.portal_processo, name="portal_processo"),
    path("api/v1/processos/", api.ProcessosAPI.as_view(), name="api_processos"),
    # <str:numero>: um número malformado chega à view e recebe 400 em JSON, não a página 404.
    path("api/v1/processos/<str:numero>/", api.ProcessoAPI.as_view(), name="api_processo"),
    path(
        "api/v1/processos/<str:numero>/territorio/",
        territorio.TerritorioDoProcessoAPI.as_view(),
        name="api_territorio",
    ),
    path("portal/processos.<str:formato>", views.exportar, name="exportar"),
]
