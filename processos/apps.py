from django.apps import AppConfig


class ProcessosConfig(AppConfig):
    name = "processos"
    verbose_name = "Processos"
