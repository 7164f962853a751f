from django.apps import AppConfig


class RepresentacaoConfig(AppConfig):
    name = "representacao"
    verbose_name = "Representação (Arts. 13 a 16)"

    def ready(self):
        """Liga a fase da representação ao hub (STYLE, regra 6): os atos em
        `representacao/atos.py`; a página e a busca em `representacao/ligacoes.py`."""
        from representacao import atos, ligacoes  # noqa: F401 — atos declara ao importar

        ligacoes.registrar()
