from django.apps import AppConfig


class RequisitosConfig(AppConfig):
    name = "requisitos"
    verbose_name = "Requisitos, parâmetros legais e dados de referência"
