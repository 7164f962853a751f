from django.apps import AppConfig


class TerritorioConfig(AppConfig):
    name = "territorio"
    verbose_name = "Território (malha municipal e conferência do mapa)"

    def ready(self):
        """Liga a conferência territorial ao hub (STYLE, regra 6)."""
        from territorio import ligacoes, recalculo

        ligacoes.registrar()
        recalculo.registrar()
