from django.apps import AppConfig


class DemonstracaoConfig(AppConfig):
    """As ferramentas do modo local: a demonstração (`make run`) e a massa dos benchmarks.
    Acima das fases: lê e pratica atos de todas, e nenhuma a importa."""

    name = "demonstracao"
    verbose_name = "Demonstração"
