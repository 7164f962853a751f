from django.urls import path, register_converter

import processos.urls  # noqa: F401 — registra o conversor "protocolo" antes destas rotas
from documentos import views
from documentos.assinatura import views as assinatura
from documentos.codigo import ALFABETO, GRUPO, TAMANHO


class CodigoConverter:
    """Código de verificação na URL, no formato gravado (7K2M-Q9XD-4TNB-A0PZ), com maiúsculas
    ou minúsculas. Outro texto nem chega à view: 404 sem consultar o banco. As trocas de quem
    digita (O por 0, I por 1) ficam para a página /validar/: a URL é a que o sistema gerou."""

    _simbolo = f"[{ALFABETO}{''.join(c.lower() for c in ALFABETO if c.isalpha())}]{{{GRUPO}}}"
    regex = f"{_simbolo}(?:-{_simbolo}){{{TAMANHO // GRUPO - 1}}}"

    def to_python(self, value):
        return value.upper()

    def to_url(self, value):
        return value


register_converter(CodigoConverter, "codigo")

app_name = "documentos"

urlpatterns = [
    path("validar/", views.validar, name="validar"),
    path("documentos/<codigo:codigo>/", views.documento, name="documento"),
    path("documentos/<codigo:codigo>/assinar/", assinatura.assinar, name="assinar"),
    path(
        "documentos/<codigo:codigo>/assinar/gov-br/", assinatura.assinar_govbr, name="assinar_govbr"
    ),
    path("documentos/assinatura/gov-br/retorno/", assinatura.retorno_govbr, name="retorno_govbr"),
    path("documentos/<codigo:codigo>/assinar/nuvem/", assinatura.assinar_csc, name="assinar_csc"),
    path("documentos/assinatura/nuvem/retorno/", assinatura.retorno_csc, name="retorno_csc"),
    path(
        "documentos/assinatura/nuvem/autorizar/",
        assinatura.autorizar_csc,
        name="autorizar_csc",
    ),
    path(
        "documentos/<codigo:codigo>/selar-de-novo/",
        assinatura.selar_de_novo,
        name="selar_de_novo",
    ),
    path("portal/documentos/<codigo:codigo>/", views.publico, name="publico"),
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
    path(
        "processos/<protocolo:protocolo>/documentos/tarefas/<int:numero>/",
        views.tarefa,
        name="tarefa",
    ),
    path(
        "processos/<protocolo:protocolo>/anexos/<int:pk>/",
        views.anexo,
        name="anexo",
    ),
    path("simulador/distrito/certidao/", views.certidao_distrito, name="certidao_distrito"),
]
