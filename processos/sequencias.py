"""Numeração anual sem Max()+1: protocolo dos processos e ofícios da CRT."""

from django.db.models import F


def proximo_numero(modelo, ano: int) -> int:
    """Número seguinte do ano em `modelo` (campos `ano` e `ultimo`), dentro da transação do
    chamador. O UPDATE atômico trava a linha do ano até o fim da transação: duas numerações
    simultâneas se enfileiram e nunca recebem o mesmo número; um erro desfaz a transação e o
    número volta a ficar livre."""
    modelo.objects.bulk_create([modelo(ano=ano, ultimo=0)], ignore_conflicts=True)
    modelo.objects.filter(ano=ano).update(ultimo=F("ultimo") + 1)
    return modelo.objects.get(ano=ano).ultimo
