from django.apps import AppConfig


class InstrucaoConfig(AppConfig):
    name = "instrucao"
    verbose_name = "Instrução (ofícios e certidões)"

    def ready(self):
        """Liga a instrução ao hub (STYLE, regra 6): os atos em `instrucao/atos.py`; as seções
        da página, as leituras que o hub pede e a busca."""
        from documentos import copia_integral
        from instrucao import (  # noqa: F401 — atos declara os atos da fase ao ser importado
            atos,
            autos,
            busca,
            certidoes,
            prazos_abertos,
            situacao_dos_oficios,
            tabelas,
            views,
        )
        from processos import busca as busca_interna
        from processos import extensoes as e

        e.registrar_secao(e.Secao("instrucao/_secao_oficios.html", views.secao_oficios))
        e.registrar_secao(e.Secao("instrucao/_secao_requisitos.html", views.secao_requisitos))
        # Art. 2º: a avaliação gravada no parecer de mérito, na seção "Requisitos" do hub.
        e.registrar_leitura("avaliacao_art2", tabelas.avaliacao_na_pagina)
        e.registrar_leitura("orgaos_sem_resposta", situacao_dos_oficios.orgaos_sem_resposta)
        e.registrar_leitura("area_certificada_km2", certidoes.area_certificada_km2)
        e.registrar_leitura("continuidade_certificada", certidoes.continuidade_certificada)
        busca_interna.registrar_fonte(busca.nos_numeros)
        # Todo ato pode abrir ou fechar prazos (encerrar, arquivar, desarquivar o processo).
        e.registrar_avisos(prazos_abertos.depois_do_ato)
        # Art. 19, § 1º: as certidões recebidas entram na cópia integral ao TRE.
        if autos.pecas_das_certidoes not in copia_integral.FORNECEDORES:
            copia_integral.FORNECEDORES.append(autos.pecas_das_certidoes)
