from django.apps import AppConfig


class PainelConfig(AppConfig):
    """As telas que leem através das fases: o painel e a lista de processos (filtros,
    paginação, ordem, exportação e o prazo mais próximo, lido dos ofícios da instrução)."""

    name = "painel"
    verbose_name = "Painel"
