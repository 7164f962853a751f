from django.apps import AppConfig


class DocumentosConfig(AppConfig):
    name = "documentos"
    verbose_name = "Documentos emitidos"
