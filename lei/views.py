"""A LC 23/1992 anotada pelo sistema: pública, sem login (o que um advogado ou um auditor da
Assembleia lê para confiar no sistema)."""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from documentos.views import servir_pdf
from emancipacao.limites import espera_se_excedeu, resposta_limite
from lei.documento import emitir_lei_anotada
from lei.pagina import montar
from requisitos.aplicacao import MODOS

LIMITE_PDF = "10/m"


@require_GET
def lei(request):
    anotada = montar(timezone.localdate())
    return render(request, "lei/lei.html", {"anotada": anotada, "modos": MODOS})


@require_POST
def pdf(request):
    """O PDF verificável da lei anotada (o mesmo documento enquanto o conteúdo não muda)."""
    if espera := espera_se_excedeu(request, grupo="lei.pdf", taxa=LIMITE_PDF):
        return resposta_limite(request, "lei/limite.html", espera=espera)
    usuario = request.user if request.user.is_authenticated else None
    documento = emitir_lei_anotada(data=timezone.localdate(), usuario=usuario)
    return servir_pdf(
        request,
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento {documento.codigo}",
        porta="lei anotada",
        nome=f"lc-23-1992-anotada-{documento.codigo}.pdf",
        publico=True,
    )
