from django.urls import path, register_converter

from processos import views, views_oficios, views_portal
from processos.atos import POR_SLUG


class ProtocoloConverter:
    """Número de protocolo na URL: 0003-2026 (exibido como 0003/2026)."""

    regex = r"[0-9]{4,6}-[0-9]{4}"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


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
    path("painel/", views.painel, name="painel"),
    path("processos/", views.lista, name="lista"),
    path("processos/novo/", views.novo, name="novo"),
    path("processos/<protocolo:protocolo>/", views.detalhe, name="detalhe"),
    path("processos/<protocolo:protocolo>/atos/<ato:slug>/", views.ato, name="ato"),
    path("processos/<protocolo:protocolo>/manifestacao/", views.manifestacao, name="manifestacao"),
    path("prazos/", views_oficios.prazos, name="prazos"),
    path("portal/", views_portal.portal, name="portal"),
    path(
        "portal/processos/<protocolo:protocolo>/",
        views_portal.portal_processo,
        name="portal_processo",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/recebimento/",
        views_oficios.registrar_recebimento,
        name="oficio_recebimento",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/resposta/",
        views_oficios.registrar_resposta,
        name="oficio_resposta",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/reiterar/",
        views_oficios.reiterar,
        name="oficio_reiterar",
    ),
    path(
        "processos/<protocolo:protocolo>/oficios/<int:pk>/certidao/",
        views_oficios.certidao,
        name="oficio_certidao",
    ),
]
