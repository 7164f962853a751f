"""As assinaturas digitais nas páginas: o relatório das de um PDF recebido, e quem já assinou e
quem falta num documento emitido com signatários declarados."""

from django import template

from documentos.assinatura import declaracao, servicos
from documentos.models import RelatorioAssinaturas

register = template.Library()


@register.inclusion_tag("documentos/_relatorio_assinaturas.html")
def relatorio_assinaturas(sha256: str):
    """O relatório gravado no envio (só existe se o PDF veio assinado)."""
    return {"relatorio": RelatorioAssinaturas.objects.filter(sha256=sha256).first()}


@register.inclusion_tag("documentos/_situacao_assinaturas.html", takes_context=True)
def situacao_assinaturas(context, documento):
    """Quem assinou e quem falta. Tipos sem signatários declarados: nada (nem consulta)."""
    if not declaracao.vagas(documento.tipo):
        return {"linhas": []}
    usuario = context["request"].user
    return {
        "documento": documento,
        "linhas": servicos.situacao(documento),
        "assinado": servicos.assinado(documento),
        "pode_assinar": servicos.vaga_para(documento, usuario) is not None,
    }
