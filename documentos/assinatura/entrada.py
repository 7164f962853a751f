"""Os PDFs assinados que chegam de fora (a certidão de um órgão, um documento do Art. 15): as
assinaturas deles são validadas no envio, contra as raízes que o administrador carregou, e o
relatório é gravado ao lado do arquivo (pelo SHA-256 dele) e mostrado onde o arquivo aparece.
Quem recebe o arquivo (a fase) chama `conferir_assinaturas` antes da transação da juntada (a
validação é lenta e não segura a trava do processo) e `gravar_relatorio` dentro dela: a
juntada recusada não deixa relatório, e a revisão do processo que a juntada incrementa cobre
o relatório também. Este módulo não conhece as fases."""

import hashlib

from django.utils import timezone

from documentos.models import RelatorioAssinaturas
from processos import versao


def conferir_assinaturas(arquivo) -> RelatorioAssinaturas | None:
    """Valida as assinaturas do PDF enviado e devolve o relatório ainda não gravado; sem
    assinatura (ou sem ser um PDF legível), None. O arquivo volta ao início para quem o
    grava depois."""
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
    return RelatorioAssinaturas(
        sha256=hashlib.sha256(dados).hexdigest(),
        assinaturas=[p.como_dict() for p in pareceres],
        validado_em=timezone.now(),
    )


def gravar_relatorio(relatorio: RelatorioAssinaturas | None, *, processo) -> None:
    """Grava o relatório de `conferir_assinaturas` (se houver) ligado ao processo, dentro
    da transação da juntada (que incrementa a revisão do processo). O mesmo arquivo juntado
    antes a outro processo passa a este: a página daquele muda também."""
    if relatorio is None:
        return
    anterior = (
        RelatorioAssinaturas.objects.filter(sha256=relatorio.sha256)
        .values_list("processo_id", flat=True)
        .first()
    )
    if anterior is not None and anterior != processo.pk:
        versao.tocar(anterior)
    RelatorioAssinaturas.objects.update_or_create(
        sha256=relatorio.sha256,
        defaults={
            "processo": processo,
            "assinaturas": relatorio.assinaturas,
            "validado_em": relatorio.validado_em,
        },
    )
