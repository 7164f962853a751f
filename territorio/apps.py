from django.apps import AppConfig


class TerritorioConfig(AppConfig):
    name = "territorio"
    verbose_name = "Território (malha municipal e conferência do mapa)"

    def ready(self):
        """Liga o território ao hub (STYLE, regra 6): os atos em `territorio/atos.py`; a
        conferência do mapa juntado e a página em `territorio/ligacoes.py`."""
        from territorio import atos, ligacoes  # noqa: F401 — atos declara ao importar

        ligacoes.registrar()
