from django.apps import AppConfig


class ProcessosConfig(AppConfig):
    name = "processos"
    verbose_name = "Processos"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in
        from django.db.backends.signals import connection_created

        from emancipacao.sessao import marcar_renovacao
        from processos import busca, extensoes, retificacao

        # A sessão aberta no login já conta como renovada (emancipacao.sessao).
        user_logged_in.connect(marcar_renovacao, dispatch_uid="marcar_renovacao_da_sessao")
        # A busca sem acento no SQLite: a função que o PostgreSQL ganha na migração 0013.
        connection_created.connect(busca.registrar_no_sqlite, dispatch_uid="busca_no_sqlite")

        # O M2M dos municípios de origem só se grava depois do save da transição.
        extensoes.declarar_ato("retificar_dados", registrar=retificacao.gravar_municipios)
