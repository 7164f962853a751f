"""Emissões simultâneas da mesma série, com threads reais no PostgreSQL: versões
consecutivas, nunca a violação da restrição única (série, versão) nem um 500.

O PDF de cada emissão é uma página em branco do pypdf: o que se testa é a trava da série,
e o WeasyPrint não é feito para renderizar em várias threads ao mesmo tempo."""

import pytest
from pypdf import PdfWriter

from documentos import conteudo as c
from documentos.emissao import emitir
from documentos.models import Documento
from tests.processos.test_concorrencia import (
    _em_paralelo,
    transacional,
)

pytestmark = pytest.mark.so_postgresql


def _pagina_em_branco(autenticacao, destino) -> None:
    escritor = PdfWriter()
    escritor.add_blank_page(595, 842)
    with destino.open("wb") as saida:
        escritor.write(saida)


def _conteudo(serie: str) -> c.Conteudo:
    return c.Conteudo(
        "certidao_distrito",
        "Certidão de teste",
        serie,
        "pdf/certidao_distrito.html",
        {"veredito": None, "localidade": "Vila Nova", "emitente": c.Emitente("Sistema")},
    )


@transacional
def test_emissoes_simultaneas_da_mesma_serie_recebem_versoes_consecutivas(servidor):
    n = 6

    def emitir_versao() -> int:
        conteudo = _conteudo("teste:simultanea")
        return emitir(conteudo, usuario=servidor, produzir=_pagina_em_branco).versao

    resultados = _em_paralelo([emitir_versao] * n)

    assert [r[0] for r in resultados] == ["ok"] * n, resultados
    assert sorted(r[1] for r in resultados) == list(range(1, n + 1))
    versoes = list(Documento.objects.filter(serie="teste:simultanea").order_by("versao"))
    assert [d.substitui for d in versoes] == [None, *versoes[:-1]]


@transacional
def test_pedidos_identicos_simultaneos_gravam_um_so_documento():
    n = 5

    def pedir_certidao() -> str:
        conteudo = _conteudo("certidao_distrito:igual")
        return emitir(conteudo, usuario=None, produzir=_pagina_em_branco, reaproveitar=True).codigo

    resultados = _em_paralelo([pedir_certidao] * n)

    assert [r[0] for r in resultados] == ["ok"] * n, resultados
    assert len({r[1] for r in resultados}) == 1
    assert Documento.objects.filter(serie="certidao_distrito:igual").count() == 1
