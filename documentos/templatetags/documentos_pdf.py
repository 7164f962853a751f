"""Filtros dos modelos de PDF: datas por extenso e números no padrão brasileiro."""

from django import template

from documentos import formatacao

register = template.Library()

register.filter("data_extenso", formatacao.data_extenso)
register.filter("data_curta", formatacao.data_curta)
register.filter("data_hora", formatacao.data_hora)
register.filter("numero_br", formatacao.numero)


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
