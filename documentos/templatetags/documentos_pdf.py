"""Filtros dos modelos de PDF: datas por extenso e números no padrão brasileiro."""

from django import template

from documentos import formatacao

register = template.Library()

register.filter("data_extenso", formatacao.data_extenso)
register.filter("data_curta", formatacao.data_curta)
register.filter("data_hora", formatacao.data_hora)
register.filter("numero_br", formatacao.numero)
