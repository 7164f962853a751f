from django.urls import path, register_converter

from processos import views
from processos.atos import POR_SLUG
from processos.protocolos import Protocolo


class ProtocoloConverter:
    """Número de protocolo na URL: 0003-2026 (exibido como 0003/2026); a view recebe um
    `Protocolo`, com o número e o ano já lidos (`processos.protocolos`)."""

    regex = r"[0-9]{4,6}-[0-9]{4}"

    def to_python(self, value):
        return Protocolo(value)

    def to_url(self, value):
        return str(value)


class AtoConverter:
    """Só os atos da tabela (processos.atos): outro nome é 404 antes da view."""

    regex = "|".join(sorted(POR_SLUG, key=len, reverse=True))

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(ProtocoloConverter, "protocolo")
register_converter(AtoConverter, "ato")

app_name = "processos"

urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("processos/novo/", views.novo, name="novo"),
    path("processos/<protocolo:protocolo>/", views.detalhe, name="detalhe"),
    path("processos/<protocolo:protocolo>/atos/<ato:slug>/", views.ato, name="ato"),
    path("processos/<protocolo:protocolo>/manifestacao/", views.manifestacao, name="manifestacao"),
]
