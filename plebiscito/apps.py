from django.apps import AppConfig


class PlebiscitoConfig(AppConfig):
    name = "plebiscito"
    verbose_name = "Plebiscito"

    def ready(self):
        """Liga a fase do plebiscito ao hub (STYLE, regra 6): os atos em `plebiscito/atos.py`;
        a seção da página do processo e a anotação que ela lê."""
        from plebiscito import atos, services, views  # noqa: F401 — atos declara ao importar
        from processos import extensoes as e

        e.registrar_secao(e.Secao("plebiscito/_secao.html", views.secao_plebiscito, publica=True))
        # O resultado só se grava pelos atos (que incrementam a revisão do processo).
        e.registrar_anotacao(services.TEM_RESULTADO, services.existe_resultado, da_revisao=True)
