from django.apps import AppConfig


class LeiConfig(AppConfig):
    name = "lei"
    verbose_name = "LC 23/1992 anotada pelo sistema"

    def ready(self):
        """As regras e guardas declaram os dispositivos que aplicam ao serem importadas: todas
        importadas aqui, o registro está completo antes da primeira página."""
        from lei import aplicacoes

        aplicacoes.carregar_declaracoes()
