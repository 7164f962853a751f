from django.urls import path, register_converter

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from processos.atos import ATOS
from transparencia import api, views


class AtoArt23Converter:
    """Só os dois atos do Art. 23; os demais seguem para `processos:ato`."""

    regex = "|".join(ATOS[nome].slug for nome in ("liberar_informacao", "revogar_liberacao"))

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(AtoArt23Converter, "ato_art23")

app_name = "transparencia"

urlpatterns = [
    path("api/v1/processos/", api.ProcessosAPI.as_view(), name="api_processos"),
    # <str:numero>: um número malformado chega à view e recebe 400 em JSON, não a página 404.
    path("api/v1/processos/<str:numero>/", api.ProcessoAPI.as_view(), name="api_processo"),
    path("portal/processos.<str:formato>", views.exportar, name="exportar"),
    # Os dois atos do Art. 23 na página de ato do hub, com a permissão por processo antes
    # (o Deputado só no processo de que é autor): incluídas antes de processos.urls, que
    # tem a mesma rota para todos os atos.
    path(
        "processos/<protocolo:protocolo>/atos/<ato_art23:slug>/",
        views.ato_art23,
        name="ato",
    ),
]
