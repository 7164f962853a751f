"""O que a fase da representação acrescenta à página do processo e à busca (registrado em
`processos.extensoes` pelo `ready()` da app); os atos da fase estão em
`representacao/atos.py`."""

from processos import extensoes as e


def registrar() -> None:
    _assinaturas()
    _busca()
    _documentos()
    _validade()
    _extincao()


def _assinaturas() -> None:
    """Art. 13: a seção com a contagem das assinaturas na página interna do processo."""
    from representacao import assinaturas, views

    e.registrar_secao(e.Secao("representacao/_secao_assinaturas.html", views.secao_assinaturas))
    # As correções e a lista só mudam pelos atos e serviços que incrementam a revisão
    # (`versao.tocar`): a página guarda a contagem pela revisão do processo.
    e.registrar_anotacao(views.TEM_CORRECOES, views.existe_correcao, da_revisao=True)
    for campo, nome in assinaturas.ANOTACOES.items():
        e.registrar_anotacao(nome, assinaturas.anotacao_da_contagem(campo), da_revisao=True)


def _busca() -> None:
    """A busca interna acha o processo pelo nome ou pelo título de um signatário."""
    from processos import busca
    from representacao.busca import nos_signatarios

    busca.registrar_fonte(nos_signatarios)


def _documentos() -> None:
    """Art. 15: a seção com o resumo da lista de documentos na página interna do processo."""
    from representacao import documentos, views

    e.registrar_secao(e.Secao("representacao/_secao_documentos.html", views.secao_documentos))
    # Juntar e anular tocam a revisão (`documentos._movimentar`).
    e.registrar_anotacao(documentos.TEM_DOCUMENTOS, documentos.existe_documento, da_revisao=True)


def _validade() -> None:
    """Art. 15 e 16: a seção da validade; a cópia integral leva as peças da representação."""
    from documentos import copia_integral
    from representacao import autos, views

    e.registrar_secao(e.Secao("representacao/_secao_validade.html", views.secao_validade))
    # Art. 19, § 1º: a cópia integral inclui a lista dos signatários e os documentos.
    if autos.pecas_da_representacao not in copia_integral.FORNECEDORES:
        copia_integral.FORNECEDORES.append(autos.pecas_da_representacao)


def _extincao() -> None:
    """Art. 10: o fundamento e os municípios que recebem o território, na página, com a
    conferência do destino (§§ 1º e 2º)."""
    from representacao import extincao
    from territorio.malha import anotacao_da_edicao_vigente

    # A conferência do § 2º na página sabe, com o processo, se há malha e qual edição.
    e.registrar_anotacao(extincao.EDICAO_DA_MALHA, anotacao_da_edicao_vigente)
    e.registrar_secao(
        e.Secao("representacao/_secao_extincao.html", extincao.secao_extincao, publica=True)
    )
