from django.apps import AppConfig


class DocumentosConfig(AppConfig):
    name = "documentos"
    verbose_name = "Documentos emitidos"

    def ready(self):
        """O painel "Documentos emitidos" da página do processo só consulta a tabela quando
        a consulta do processo anota que há algum (STYLE, regra 6)."""
        from documentos.templatetags import documentos as painel
        from processos import extensoes

        extensoes.registrar_anotacao(painel.TEM_DOCUMENTOS, painel.existe_documento)
