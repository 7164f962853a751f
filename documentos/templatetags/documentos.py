"""O painel "Documentos emitidos" da página do processo, sem tocar na view do processo."""

from django import template

from documentos import acesso
from documentos.models import Documento

register = template.Library()


@register.simple_tag
def documentos_do_processo(processo, user) -> dict:
    return {
        "documentos": list(Documento.objects.do_processo(processo).order_by("-emitido_em", "-id")),
        "pode_baixar": acesso.pode_baixar(user),
        "pode_extrato": acesso.pode_emitir_extrato(user),
        "pode_copia": acesso.pode_emitir_copia_integral(user),
        "deputado": acesso.e_deputado_sem_equipe(user),
    }


@register.simple_tag
def documentos_publicos(processo) -> list:
    """Portal: só a versão vigente de cada série dos tipos públicos. Fica aqui, e não na
    view do portal, porque `processos` não importa `documentos` (a dependência é inversa)."""
    return list(
        Documento.objects.publicos()
        .vigentes()
        .filter(processo=processo)
        .order_by("emitido_em", "id")
    )
