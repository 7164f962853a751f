from django.apps import AppConfig


class PlebiscitoConfig(AppConfig):
    name = "plebiscito"
    verbose_name = "Plebiscito"

    def ready(self):
        """Liga a fase do plebiscito aos atos do hub (STYLE, regra 6)."""
        from plebiscito import documentos, forms, services, views
        from processos import extensoes as e

        # Os PDFs dos atos desta fase, montados em plebiscito/documentos.py.
        documentos.registrar()
        e.registrar_formulario("registrar_resultado", forms.RegistrarResultadoForm)
        e.registrar_formulario("retificar_resultado", forms.RetificarResultadoForm)
        e.registrar_formulario("emitir_parecer_resultado", forms.EmitirParecerResultadoForm)
        e.registrar_formulario("registrar_fase_tre", forms.RegistrarFaseTreForm)

        e.registrar_condicao("registrar_resultado", services.sem_resultado_registrado)
        e.registrar_condicao("retificar_resultado", services.com_resultado_registrado)
        e.registrar_condicao("emitir_parecer_resultado", services.com_resultado_registrado)
        e.registrar_condicao("emitir_parecer_resultado", services.resultado_cobre_a_abrangencia)
        e.registrar_condicao("apresentar_pl", services.plebiscito_aprovado_se_exigido)

        e.registrar_preparo("registrar_resultado", services.preparar_resultado)
        e.registrar_preparo("retificar_resultado", services.preparar_resultado)
        e.registrar_preparo("emitir_parecer_resultado", services.preparar_parecer_resultado)
        e.registrar_preparo("registrar_fase_tre", services.preparar_fase_tre)

        e.registrar_efeito("registrar_resultado", services.gravar_resultado)
        e.registrar_efeito("retificar_resultado", services.gravar_resultado)
        e.registrar_efeito("registrar_fase_tre", services.gravar_fase_tre)

        e.registrar_secao(e.Secao("plebiscito/_secao.html", views.secao_plebiscito, publica=True))
        e.registrar_anotacao(services.TEM_RESULTADO, services.existe_resultado)
