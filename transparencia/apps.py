from django.apps import AppConfig


class TransparenciaConfig(AppConfig):
    name = "transparencia"
    verbose_name = "Transparência (Art. 23) e dados abertos"

    def ready(self):
        """Liga a liberação de informações (Art. 23) ao hub (STYLE, regra 6): os atos em
        `transparencia/atos.py`; as seções da página e o download público."""
        from documentos import acesso
        from processos import extensoes as e
        from transparencia import atos, services, views  # noqa: F401 — atos declara ao importar

        # O download público do portal serve só o que a transparência publica.
        acesso.registrar_publicos(services.documentos_do_portal)
        e.registrar_secao(e.Secao("transparencia/_secao.html", views.secao_interna))
        e.registrar_secao(
            e.Secao("transparencia/_secao_publica.html", views.secao_publica, publica=True)
        )
