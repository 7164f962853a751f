"""O PDF lido por inteiro dentro do orçamento: abre no pypdf (contados antes os objetos do
índice, `indice_pdf`), diz quantas páginas tem, e o conteúdo de cada página se descomprime
sem erro.

O pypdf, pedido o conteúdo de uma página, descomprime o fluxo inteiro e o guarda junto da
página: 30 páginas de 74 MB cada ficavam todas na memória. Aqui o conteúdo é descomprimido
em blocos de 1 MB, contado e descartado; só os fluxos de objetos (onde o PDF guarda as
próprias páginas) o pypdf abre e guarda, e eles são medidos antes, do mesmo jeito.
"""

import zlib

from pypdf import PdfReader, apply_configuration
from pypdf.errors import LimitReachedError
from pypdf.filters import decode_stream_data
from pypdf.generic import ArrayObject, IndirectObject, StreamObject

from documentos.arquivos import orcamento
from documentos.arquivos.indice_pdf import conferir_objetos
from documentos.arquivos.orcamento import MB, Descompressao, em_mb
from documentos.arquivos.tipos import PDF, ArquivoRecusado, Conteudo
from requisitos.formatacao import inteiro

BLOCO = 1 * MB
# O teto de cada fluxo que o próprio pypdf descomprime (o índice de objetos, um fluxo com
# filtro incomum): o que passa disso não é de um documento real.
TETO_POR_FLUXO = 16 * MB
_FLATE = ("/FlateDecode", "/Fl")


def ler_pdf(arquivo, limite_paginas: int | None = None) -> Conteudo:
    limite = min(limite_paginas or orcamento.LIMITE_PAGINAS, orcamento.LIMITE_PAGINAS)
    with apply_configuration(**_configuracao(limite)):
        leitor = _abrir(arquivo)
        conta = Descompressao()
        try:
            _medir_fluxos_de_objetos(leitor, conta)
            paginas = _contar_paginas(leitor, limite)
            _ler_conteudo(leitor, conta)
        except ArquivoRecusado:
            raise
        except LimitReachedError as exc:
            raise _grande_demais() from exc
        except Exception as exc:  # o pypdf levanta de tudo num arquivo danificado
            raise _pdf_danificado() from exc
    if paginas == 0:
        raise ArquivoRecusado("O PDF não tem nenhuma página.")
    return Conteudo(PDF, paginas)


def _configuracao(limite_paginas: int) -> dict:
    """Os limites do próprio pypdf (por fluxo e da árvore de páginas), abaixo dos padrões
    dele (75 MB por fluxo, 100.000 páginas)."""
    return {
        "zlib_maximum_output_length": TETO_POR_FLUXO,
        "lzw_maximum_output_length": TETO_POR_FLUXO,
        "run_length_maximum_output_length": TETO_POR_FLUXO,
        "brotli_maximum_output_length": TETO_POR_FLUXO,
        "jbig2_maximum_output_length": TETO_POR_FLUXO,
        "array_based_stream_maximum_output_length": TETO_POR_FLUXO,
        "image_maximum_buffer_size": TETO_POR_FLUXO,
        "stream_decoding_work_maximum_length": 4 * TETO_POR_FLUXO,
        # A árvore tem as páginas e os nós que as agrupam (um para cada poucas dezenas); a
        # página real tem de 5 a 15 chaves (tamanho, conteúdo, recursos ...).
        "page_tree_maximum_entries": 2 * limite_paginas,
        "page_tree_maximum_page_entries": 64 * limite_paginas,
    }


def _abrir(arquivo) -> PdfReader:
    try:
        conferir_objetos(arquivo)
        leitor = PdfReader(arquivo, strict=False)
        protegido = leitor.is_encrypted
    except ArquivoRecusado:
        raise
    except LimitReachedError as exc:
        raise _grande_demais() from exc
    except Exception as exc:
        raise _pdf_danificado() from exc
    if protegido:
        raise ArquivoRecusado(
            "O PDF está protegido por senha ou criptografado; salve uma cópia sem proteção "
            "e envie de novo."
        )
    return leitor


def _medir_fluxos_de_objetos(leitor: PdfReader, conta: Descompressao) -> None:
    """Os fluxos de objetos que o pypdf vai abrir e guardar para achar as páginas: medidos
    antes, sem guardar nada, e recusados se somam mais que LIMITE_OBJETOS."""
    numeros = sorted({numero for numero, _ in leitor.xref_objStm.values()})
    antes = conta.descomprimido
    for numero in numeros:
        fluxo = IndirectObject(numero, 0, leitor).get_object()
        if isinstance(fluxo, StreamObject):
            _descomprimir(fluxo, conta)
        if conta.descomprimido - antes > orcamento.LIMITE_OBJETOS:
            raise _grande_demais()


def _contar_paginas(leitor: PdfReader, limite: int) -> int:
    declaradas = leitor.trailer["/Root"]["/Pages"].get("/Count", 0)
    if isinstance(declaradas, int) and declaradas > limite:
        raise _paginas_demais(declaradas, limite)
    try:
        paginas = len(leitor.pages)
    except LimitReachedError as exc:
        raise _paginas_demais(None, limite) from exc
    if paginas > limite:
        raise _paginas_demais(paginas, limite)
    return paginas


def _ler_conteudo(leitor: PdfReader, conta: Descompressao) -> None:
    """Descomprime o conteúdo de cada página, uma vez cada fluxo (páginas podem repetir o
    mesmo). O pypdf guarda todo objeto que lê (`resolved_objects`): o fluxo já conferido
    sai dali, e a memória não cresce com o tamanho do conteúdo das páginas."""
    lidos: set[tuple[int, int]] = set()
    for pagina in leitor.pages:
        for referencia, fluxo in _fluxos_da_pagina(pagina):
            if referencia in lidos:
                continue
            _descomprimir(fluxo, conta)
            if referencia is not None:
                lidos.add(referencia)
                leitor.resolved_objects.pop(referencia, None)


def _fluxos_da_pagina(pagina):
    """(geração e número do fluxo, ou None se não for um objeto à parte; o fluxo)."""
    if "/Contents" not in pagina:  # a página em branco
        return
    conteudo = pagina.raw_get("/Contents")
    partes = conteudo.get_object()
    if not isinstance(partes, ArrayObject):
        partes = [conteudo]
    for parte in partes:
        referencia = None
        if isinstance(parte, IndirectObject):
            referencia = (parte.generation, parte.idnum)
        fluxo = parte.get_object()
        if not isinstance(fluxo, StreamObject):
            raise ValueError("conteúdo da página não é um fluxo")
        yield referencia, fluxo


def _descomprimir(fluxo: StreamObject, conta: Descompressao) -> None:
    """Descomprime e descarta. O fluxo só com /FlateDecode (quase todos) vai em blocos, sem
    ficar inteiro na memória; os demais filtros, e o Flate que o zlib não lê de uma vez (o
    pypdf recupera alguns malformados), passam pelo pypdf, com o teto por fluxo."""
    # O pypdf guarda em `_data` os bytes do fluxo como estão no arquivo; `get_data()`
    # descomprimiria tudo e guardaria o resultado junto do fluxo.
    bruto = fluxo._data
    filtros = fluxo.get("/Filter")
    if isinstance(filtros, ArrayObject) and len(filtros) == 1:
        filtros = filtros[0]
    if filtros is None:
        conta.gastar(comprimido=len(bruto), descomprimido=len(bruto))
    elif filtros in _FLATE and "/DecodeParms" not in fluxo:
        try:
            _descomprimir_flate(bruto, conta)
        except zlib.error:
            _descomprimir_pelo_pypdf(fluxo, conta)
    else:
        _descomprimir_pelo_pypdf(fluxo, conta)


def _descomprimir_flate(bruto: bytes, conta: Descompressao) -> None:
    """Em blocos de até 1 MB. O fluxo que termina antes do fim do zlib é aceito, como o
    pypdf o aceitaria (e os leitores de PDF o mostram)."""
    descompressor = zlib.decompressobj()
    pendente = bruto
    while not descompressor.eof:
        saida = descompressor.decompress(pendente, BLOCO)
        conta.gastar(
            comprimido=len(pendente) - len(descompressor.unconsumed_tail),
            descomprimido=len(saida),
        )
        pendente = descompressor.unconsumed_tail
        if not pendente and len(saida) < BLOCO:
            break


def _descomprimir_pelo_pypdf(fluxo: StreamObject, conta: Descompressao) -> None:
    saida = decode_stream_data(fluxo)
    conta.gastar(comprimido=len(fluxo._data), descomprimido=len(saida))


def _grande_demais() -> ArquivoRecusado:
    return ArquivoRecusado(
        "O PDF tem partes que se abrem em mais que o limite da conferência "
        f"({em_mb(TETO_POR_FLUXO)} cada, {em_mb(orcamento.LIMITE_OBJETOS)} no índice); gere "
        "o PDF de novo a partir do original ou divida o documento."
    )


def _paginas_demais(paginas: int | None, limite: int) -> ArquivoRecusado:
    quantas = f"{inteiro(paginas)} páginas" if paginas else "páginas demais"
    return ArquivoRecusado(
        f"O PDF tem {quantas}, mais que o limite de {inteiro(limite)}; envie só o documento pedido."
    )


def _pdf_danificado() -> ArquivoRecusado:
    return ArquivoRecusado(
        "O PDF está corrompido ou incompleto (o envio pode ter sido interrompido); gere o "
        "PDF de novo e envie."
    )
