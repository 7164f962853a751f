from django.apps import AppConfig


class DocumentosConfig(AppConfig):
    name = "documentos"
    verbose_name = "Documentos emitidos"

    def ready(self):
        """O painel "Documentos emitidos" da página do processo só consulta a tabela quando
        a consulta do processo anota que há algum (STYLE, regra 6). As emissões usam a pasta
        temporária deste processo, e as de processos mortos no meio de uma emissão são
        apagadas aqui, ao iniciar (emancipacao.temporarios)."""
        from documentos.templatetags import documentos as painel
        from emancipacao import temporarios
        from processos import extensoes

        extensoes.registrar_anotacao(painel.TEM_DOCUMENTOS, painel.existe_documento)
        temporarios.preparar()
