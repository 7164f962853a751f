from django.apps import AppConfig


class PlebiscitoConfig(AppConfig):
    name = "plebiscito"
    verbose_name = "Plebiscito"
