from django.apps import AppConfig


class TransparenciaConfig(AppConfig):
    name = "transparencia"
    verbose_name = "Transparência (Art. 23) e dados abertos"

    def ready(self):
        """Liga a liberação de informações (Art. 23) aos atos do hub (STYLE, regra 6)."""
        from documentos import acesso
        from processos import extensoes as e
        from transparencia import forms, services, views

        # O download público do portal serve só o que a transparência publica.
        acesso.registrar_publicos(services.documentos_do_portal)
        e.registrar_formulario("liberar_informacao", forms.LiberarInformacaoForm)
        e.registrar_formulario("revogar_liberacao", forms.RevogarLiberacaoForm)
        e.registrar_condicao("liberar_informacao", services.ha_o_que_liberar)
        e.registrar_condicao("revogar_liberacao", services.ha_liberacao_vigente)
        e.registrar_preparo("liberar_informacao", services.preparar_liberacao)
        e.registrar_preparo("revogar_liberacao", services.preparar_revogacao)
        e.registrar_efeito("liberar_informacao", services.gravar_liberacao)
        e.registrar_efeito("revogar_liberacao", services.gravar_revogacao)
        e.registrar_secao(e.Secao("transparencia/_secao.html", views.secao_interna))
        e.registrar_secao(
            e.Secao("transparencia/_secao_publica.html", views.secao_publica, publica=True)
        )
