from django.apps import AppConfig


class ProcessosConfig(AppConfig):
    name = "processos"
    verbose_name = "Processos"

    def ready(self):
        from processos import extensoes, retificacao

        # O M2M dos municípios de origem só se grava depois do save da transição.
        extensoes.registrar_efeito("retificar_dados", retificacao.gravar_municipios)
