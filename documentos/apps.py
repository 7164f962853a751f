from django.apps import AppConfig
from django.core import checks


def pdf_disponivel(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """`manage.py check` avisa quando os PDFs não podem ser feitos: o sistema sobe e serve
    as telas, mas todo ato que emite documento responderá 503 até instalarem o que falta."""
    from documentos.pdf import motivo_sem_pdf

    motivo = motivo_sem_pdf()
    if motivo is None:
        return []
    return [checks.Warning(motivo, id="documentos.W001")]


def selo_configurado(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """`manage.py check` diz o que falta na configuração do selo (o arquivo, o token, o PIN,
    o carimbo do tempo), sem abrir o token: `manage.py conferir_selo` o abre."""
    from documentos.assinatura import selo

    dica = "Depois de corrigir, confira com `manage.py conferir_selo`."
    return [checks.Warning(falta, hint=dica, id="documentos.W002") for falta in selo.faltas()]


class DocumentosConfig(AppConfig):
    name = "documentos"
    verbose_name = "Documentos emitidos"

    def ready(self):
        """O painel "Documentos emitidos" da página do processo só consulta a tabela quando
        a consulta do processo anota que há algum (STYLE, regra 6). As emissões usam a pasta
        temporária deste processo, e as de processos mortos no meio de uma emissão são
        apagadas aqui, ao iniciar (emancipacao.temporarios). O encaminhamento ao TRE confere
        que a cópia integral, montada em segundo plano, está pronta; os anexos dos atos entram
        na cópia integral."""
        from documentos import anexos, conteudo, copia_integral, emissao, tarefas
        from documentos.templatetags import assinaturas
        from documentos.templatetags import documentos as painel
        from emancipacao import temporarios
        from processos import extensoes

        # Toda gravação que elas leem incrementa a revisão do processo (`versao.tocar`), na
        # mesma transação: a emissão, a assinatura, o pedido e cada mudança de estado das
        # tarefas (cópia integral, selo) e o relatório de um PDF recebido, gravado com a
        # juntada. A página as guarda pela revisão.
        for nome, fabrica in (
            (painel.TEM_DOCUMENTOS, painel.existe_documento),
            (painel.TEM_COPIA_EM_CURSO, painel.existe_copia_em_curso),
            # Se há assinatura digital, pedido de selo ou relatório de PDF assinado recebido:
            # a página só os lê quando há.
            (assinaturas.TEM_RELATORIOS, assinaturas.existe_relatorio),
            (assinaturas.TEM_ASSINATURA_DIGITAL, assinaturas.existe_assinatura_digital),
            (assinaturas.TEM_TAREFA_DE_SELO, assinaturas.existe_tarefa_de_selo),
        ):
            extensoes.registrar_anotacao(nome, fabrica, da_revisao=True)
        # Art. 19, § 1º: o encaminhamento ao TRE exige a cópia integral já montada.
        extensoes.declarar_ato("encaminhar_ao_tre", guardas=(tarefas.copia_integral_pronta,))
        # Os papéis juntados aos atos (a ata, o parecer, o ofício) entram na cópia integral.
        if anexos.pecas_dos_anexos not in copia_integral.FORNECEDORES:
            copia_integral.FORNECEDORES.append(anexos.pecas_dos_anexos)
        # Art. 14: o comprovante de protocolo, o documento do ato que abre o processo.
        emissao.registrar("protocolar", conteudo.comprovante_protocolo)
        # Os documentos dos atos, pedidos pelo hub sem importar esta app.
        extensoes.registrar_documentos(
            extensoes.Documentos(
                emitir=emissao.emitir_documentos_do_ato,
                minuta=emissao.minuta_do_ato,
                emite=emissao.emite_documentos,
                tem_minuta=emissao.tem_minuta,
                conferir_anexo=anexos.conferir,
            )
        )
        temporarios.preparar()
        checks.register(pdf_disponivel)
        checks.register(selo_configurado)
