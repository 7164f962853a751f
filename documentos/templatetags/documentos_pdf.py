"""Filtros dos modelos de PDF: datas por extenso e números no padrão brasileiro."""

from django import template
from django.utils.html import format_html

from documentos import formatacao

register = template.Library()

register.filter("data_extenso", formatacao.data_extenso)
register.filter("numero_br", formatacao.numero)


# Numa coluna estreita, "18/09/2026" partido em "18/09/20" e "26" é outra data: a data
# curta nunca quebra (classe nowrap de pdf/base.html).
@register.filter
def data_curta(valor) -> str:
    return format_html('<span class="nowrap">{}</span>', formatacao.data_curta(valor))


@register.filter
def data_hora(valor) -> str:
    return format_html('<span class="nowrap">{}</span>', formatacao.data_hora(valor))


LIMITE_PARAGRAFO = 4000


@register.filter
def paragrafos(texto) -> list[str]:
    """Texto livre em parágrafos, um por linha. Um só parágrafo de 50 páginas é recomposto
    a cada página pelo WeasyPrint (custo quadrático); por isso uma linha enorme é também
    dividida num fim de frase (ou num espaço) depois de ~4.000 caracteres."""
    resultado = []
    for linha in str(texto or "").splitlines():
        linha = linha.strip()
        while len(linha) > LIMITE_PARAGRAFO:
            corte = linha.find(". ", LIMITE_PARAGRAFO * 3 // 4, LIMITE_PARAGRAFO * 2)
            corte = corte + 1 if corte >= 0 else linha.find(" ", LIMITE_PARAGRAFO)
            if corte <= 0:
                corte = LIMITE_PARAGRAFO
            resultado.append(linha[:corte].strip())
            linha = linha[corte:].strip()
        if linha:
            resultado.append(linha)
    return resultado
