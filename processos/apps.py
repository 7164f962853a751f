from django.apps import AppConfig


class ProcessosConfig(AppConfig):
    name = "processos"
    verbose_name = "Processos"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from emancipacao.sessao import marcar_renovacao
        from processos import extensoes, retificacao

        # A sessão aberta no login já conta como renovada (emancipacao.sessao).
        user_logged_in.connect(marcar_renovacao, dispatch_uid="marcar_renovacao_da_sessao")

        # O M2M dos municípios de origem só se grava depois do save da transição.
        extensoes.registrar_efeito("retificar_dados", retificacao.gravar_municipios)
