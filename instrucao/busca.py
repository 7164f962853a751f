"""Onde a busca interna procura nesta fase (`processos.busca.registrar_fonte`): o número de
um ofício ("9/2026-CRT") ou de uma certidão, como digitado, sem distinguir maiúsculas. Só
quando o termo tem algarismos: uma palavra não é número de documento."""

from django.db.models import Q

from instrucao.models import Certidao, Oficio
from processos.busca import processos_de


def nos_numeros(lista: list[str], termo: str) -> Q | None:
    if not any(c.isdigit() for c in termo):
        return None
    numero = termo.strip()
    certidoes = Certidao.objects.filter(numero__iexact=numero)
    return processos_de(Oficio.objects.filter(numero__iexact=numero)) | processos_de(
        Oficio.objects.filter(pk__in=certidoes.values("oficio_id"))
    )
