from django.apps import AppConfig


class TerritorioConfig(AppConfig):
    name = "territorio"
    verbose_name = "Território (malha municipal e conferência do mapa)"

    def ready(self):
        """Liga a conferência territorial ao hub (STYLE, regra 6)."""
        from territorio import ligacoes, recalculo, reparo
        from territorio.memorial import adocao, pdf

        ligacoes.registrar()
        recalculo.registrar()
        reparo.registrar()
        adocao.registrar()
        pdf.registrar()
