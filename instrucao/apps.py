from django.apps import AppConfig


class InstrucaoConfig(AppConfig):
    name = "instrucao"
    verbose_name = "Instrução (ofícios e certidões)"

    def ready(self):
        """Liga a instrução aos atos do hub (STYLE, regra 6)."""
        from documentos import copia_integral
        from instrucao import (
            autos,
            busca,
            certidoes,
            documentos,
            forms,
            parecer,
            services,
            situacao_dos_oficios,
            views,
        )
        from processos import busca as busca_interna
        from processos import extensoes as e

        # Os PDFs dos atos desta fase, montados em instrucao/documentos.py.
        documentos.registrar()
        e.registrar_condicao("concluir_certidoes", situacao_dos_oficios.certidoes_respondidas)
        for nome_ato in services.ATOS_QUE_SOLICITAM:
            e.registrar_efeito(nome_ato, services.oficios_do_ato, depois_dos_documentos=True)
        e.registrar_formulario("emitir_parecer_merito", forms.EmitirParecerMeritoForm)
        e.registrar_preparo("emitir_parecer_merito", parecer.preparar_parecer_merito)
        e.registrar_preparo("emitir_parecer_merito", parecer.preparar_unidade_historico_cultural)
        e.registrar_preparo("apresentar_pl", parecer.preparar_projeto_de_lei)
        e.registrar_preparo("encaminhar_ao_tre", services.numerar_oficio_ao_tre)
        e.registrar_secao(e.Secao("instrucao/_secao_oficios.html", views.secao_oficios))
        e.registrar_secao(e.Secao("instrucao/_secao_requisitos.html", views.secao_requisitos))
        e.registrar_leitura("orgaos_sem_resposta", situacao_dos_oficios.orgaos_sem_resposta)
        e.registrar_leitura("area_certificada_km2", certidoes.area_certificada_km2)
        e.registrar_leitura("continuidade_certificada", certidoes.continuidade_certificada)
        busca_interna.registrar_fonte(busca.nos_numeros)
        # O que os preparos desta fase gravam no Andamento, em palavras na linha do tempo.
        e.registrar_rotulo("numero_oficio", "Ofício ao TRE nº")
        e.registrar_rotulo("participacao_icms_total", "Parcela do índice do ICMS transferida (%)")
        # Art. 19, § 1º: as certidões recebidas entram na cópia integral ao TRE.
        if autos.pecas_das_certidoes not in copia_integral.FORNECEDORES:
            copia_integral.FORNECEDORES.append(autos.pecas_das_certidoes)
