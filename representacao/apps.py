from django.apps import AppConfig


class RepresentacaoConfig(AppConfig):
    name = "representacao"
    verbose_name = "Representação (Arts. 13 a 16)"

    def ready(self):
        """Liga a fase da representação aos atos do hub (STYLE, regra 6)."""
        from representacao import ligacoes

        ligacoes.registrar()
