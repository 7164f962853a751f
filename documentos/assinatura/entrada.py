"""Os PDFs assinados que chegam de fora (a certidão de um órgão, um documento do Art. 15): as
assinaturas deles são validadas no envio, contra as raízes que o administrador carregou, e o
relatório é gravado ao lado do arquivo (pelo SHA-256 dele) e mostrado onde o arquivo aparece.
Quem recebe o arquivo (a fase) chama `conferir_assinaturas`; este módulo não conhece as fases."""

import hashlib

from django.utils import timezone

from documentos.models import RelatorioAssinaturas


def conferir_assinaturas(arquivo, *, processo=None) -> RelatorioAssinaturas | None:
    """Valida as assinaturas do PDF enviado e grava o relatório; sem assinatura (ou sem ser
    um PDF legível), nada é gravado. O arquivo volta ao início para quem o grava depois."""
    arquivo.seek(0)
    dados = arquivo.read()
    arquivo.seek(0)
    if b"/ByteRange" not in dados:  # nenhuma assinatura: não vale abrir o PDF de novo
        return None
    # O pyHanko só quando há assinatura a validar: quem importa este módulo é toda juntada.
    from documentos.assinatura import validacao

    try:
        pareceres = validacao.validar(dados)
    except validacao.PdfIlegivel:
        return None
    if not pareceres:
        return None
    relatorio, _ = RelatorioAssinaturas.objects.update_or_create(
        sha256=hashlib.sha256(dados).hexdigest(),
        defaults={
            "processo": processo,
            "assinaturas": [p.como_dict() for p in pareceres],
            "validado_em": timezone.now(),
        },
    )
    return relatorio
