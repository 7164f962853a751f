"""A lei anotada como documento verificável: um `Documento` com código, SHA-256
e rodapé que leva ao /validar/, emitido sem processo, como a certidão de distrito.

Uma só série ("lei_anotada"): enquanto o conteúdo (texto, mapa e parâmetros em vigor) não
muda, todo pedido recebe o mesmo documento; mudou o conteúdo (uma regra nova no mapa, um
parâmetro legal com nova versão em vigor), o pedido seguinte emite a versão seguinte, e a
anterior passa a constar no /validar/ como substituída.
"""

from datetime import date

from django.db import transaction

from documentos.conteudo import Conteudo, emitente_de
from documentos.emissao import emitir
from documentos.integridade import conferir
from documentos.models import Documento, SerieDocumento, TipoDocumento
from documentos.pdf import hash_do_conteudo
from lei.pagina import montar

SERIE = "lei_anotada"
TEMPLATE = "pdf/lei_anotada.html"


def conteudo(data: date) -> Conteudo:
    return Conteudo(
        TipoDocumento.LEI_ANOTADA,
        "Lei Complementar nº 23/1992 anotada pelo sistema",
        SERIE,
        TEMPLATE,
        {"anotada": montar(data), "emitente": emitente_de(None)},
    )


def _integro(documento: Documento) -> bool:
    falha = conferir(
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento {documento.codigo}",
        porta="lei anotada",
    )
    return falha is None


def emitir_lei_anotada(*, data: date, usuario=None) -> Documento:
    """O documento vigente da série, se tem o mesmo conteúdo e o arquivo confere; senão, a
    versão seguinte. A trava da série enfileira pedidos simultâneos: o segundo reaproveita
    o que o primeiro emitiu."""
    peca = conteudo(data)
    resumo = hash_do_conteudo(peca.template, peca.contexto)
    with transaction.atomic():
        SerieDocumento.objects.bulk_create([SerieDocumento(serie=SERIE)], ignore_conflicts=True)
        SerieDocumento.objects.select_for_update().get(serie=SERIE)
        vigente = Documento.objects.filter(serie=SERIE).order_by("-versao").first()
        if vigente and vigente.sha256_conteudo == resumo and _integro(vigente):
            return vigente
        return emitir(peca, usuario=usuario)
