"""Onde a busca interna procura nesta fase (`processos.busca.registrar_fonte`): o número de
um ofício ("9/2026-CRT") ou de uma certidão, como digitado, sem distinguir maiúsculas. Só
quando o termo tem algarismos: uma palavra não é número de documento."""

from instrucao.models import Certidao, Oficio


def nos_numeros(lista: list[str], termo: str) -> list | None:
    if not any(c.isdigit() for c in termo):
        return None
    numero = termo.strip()
    certidoes = Certidao.objects.filter(numero__iexact=numero)
    return [
        Oficio.objects.filter(numero__iexact=numero),
        Oficio.objects.filter(pk__in=certidoes.values("oficio_id")),
    ]
