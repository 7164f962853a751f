"""O que a fase da representação acrescenta aos atos e à página do processo (registrado em
`processos.extensoes` pelo `ready()` da app). Cada parte da fase registra a sua."""

from processos import extensoes as e


def registrar() -> None:
    _assinaturas()
    _busca()
    _documentos()
    _validade()
    _extincao()


def _assinaturas() -> None:
    """Art. 13: a seção com a contagem das assinaturas na página interna do processo."""
    from representacao import assinaturas, correcao_da_lista, views
    from representacao.models import CorrecaoSignatario

    e.registrar_secao(e.Secao("representacao/_secao_assinaturas.html", views.secao_assinaturas))
    e.registrar_anotacao(views.TEM_CORRECOES, views.existe_correcao)
    # A correção ou a anulação de uma linha é um ato, com o seu Andamento (linha do tempo).
    e.registrar_preparo(correcao_da_lista.ATO, correcao_da_lista.preparar_correcao)
    e.registrar_efeito(correcao_da_lista.ATO, correcao_da_lista.registrar_correcao)
    e.registrar_rotulo("linha_da_lista", "Linha da lista")
    e.registrar_rotulo("alteracao_da_lista", "Alteração", dict(CorrecaoSignatario.Acao.choices))
    e.registrar_rotulo("mudancas_da_linha", "O que mudou")
    e.registrar_rotulo("signatario_anulado", "Signatário anulado")
    # A contagem da seção vem na mesma consulta que lê o processo da página.
    for campo, nome in assinaturas.ANOTACOES.items():
        e.registrar_anotacao(nome, assinaturas.anotacao_da_contagem(campo))


def _busca() -> None:
    """A busca interna acha o processo pelo nome ou pelo título de um signatário."""
    from processos import busca
    from representacao.busca import nos_signatarios

    busca.registrar_fonte(nos_signatarios)


def _documentos() -> None:
    """Art. 15: a seção com o resumo da lista de documentos na página interna do processo."""
    from representacao import documentos, views

    e.registrar_secao(e.Secao("representacao/_secao_documentos.html", views.secao_documentos))
    e.registrar_anotacao(documentos.TEM_DOCUMENTOS, documentos.existe_documento)
    # Art. 19, § 3º: o PL cita a versão dos mapas travada desde o Decreto Legislativo.
    e.registrar_preparo("apresentar_pl", documentos.preparar_pl)
    e.registrar_preparo("apresentar_pl", documentos.preparar_pl_toponimo)


def _validade() -> None:
    """Art. 15 e 16: receber na CRT decidido pelos documentos e pela validade; a diligência
    já vem com o que falta; a cópia integral leva as peças da representação."""
    from documentos import copia_integral
    from representacao import autos, forms, validade, views

    e.registrar_condicao("receber_na_crt", validade.representacao_instruida_e_valida)
    e.registrar_formulario("baixar_em_diligencia", forms.BaixarEmDiligenciaForm)
    e.registrar_secao(e.Secao("representacao/_secao_validade.html", views.secao_validade))
    # Art. 19, § 1º: a cópia integral inclui a lista dos signatários e os documentos.
    if autos.pecas_da_representacao not in copia_integral.FORNECEDORES:
        copia_integral.FORNECEDORES.append(autos.pecas_da_representacao)


def _extincao() -> None:
    """Art. 10: o fundamento e os municípios que recebem o território desde o protocolo;
    o parecer de mérito favorável conferido pelo fundamento; o projeto de lei que os nomeia."""
    from representacao import extincao, forms
    from territorio.malha import anotacao_da_edicao_vigente

    e.registrar_formulario("protocolar", forms.ProtocolarForm)
    # A conferência do § 2º na página sabe, com o processo, se há malha e qual edição.
    e.registrar_anotacao(extincao.EDICAO_DA_MALHA, anotacao_da_edicao_vigente)
    e.registrar_efeito("protocolar", extincao.registrar_no_protocolo)
    e.registrar_preparo("emitir_parecer_merito", extincao.preparar_parecer_merito)
    e.registrar_preparo("apresentar_pl", extincao.preparar_pl)
    e.registrar_secao(
        e.Secao("representacao/_secao_extincao.html", extincao.secao_extincao, publica=True)
    )
