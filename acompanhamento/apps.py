from django.apps import AppConfig


class AcompanhamentoConfig(AppConfig):
    name = "acompanhamento"
    verbose_name = "Acompanhamento por e-mail"

    def ready(self):
        """Liga o acompanhamento ao hub (STYLE, regra 6): o último passo de todo ato que muda
        o estado público do processo gera um aviso para cada inscrição confirmada."""
        from acompanhamento import envio, views
        from processos import extensoes as e

        e.registrar_avisos(envio.registrar_avisos)
        e.registrar_secao(
            e.Secao("acompanhamento/_secao.html", views.secao_acompanhamento, publica=True)
        )
