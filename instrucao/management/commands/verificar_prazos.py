"""Avisa por e-mail a CRT dos ofícios vencidos ou vencendo em até 7 dias (Art. 2º, § 3º).

Idempotente: cada evento (vence em breve, vencido) de cada ofício é anunciado uma vez a cada
destinatário; pode rodar do cron de hora em hora. Sai com erro (código 1) se algum envio
falhou — o que falhou não fica marcado e vai de novo na próxima execução."""

import argparse
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from instrucao.notificacoes import verificar_prazos


def _data(texto: str) -> date:
    try:
        return date.fromisoformat(texto)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"data inválida: {texto!r}; use AAAA-MM-DD, como 2026-09-10."
        ) from None


class Command(BaseCommand):
    help = (
        "Envia a cada servidor da CRT e ao Presidente um resumo dos ofícios que venceram ou "
        "vencem em até 7 dias e ainda não lhes foram avisados."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--data",
            type=_data,
            help="Simula o dia da verificação (AAAA-MM-DD); sem ela, hoje. Os avisos enviados "
            "ficam registrados como numa execução normal.",
        )

    def handle(self, *args, data=None, **options):
        resultado = verificar_prazos(dia=data or timezone.localdate())
        self.stdout.write(resultado.resumo())
        if resultado.falhas:
            raise CommandError(
                "Falha no envio para: " + "; ".join(resultado.falhas) + ". Nada foi marcado "
                "como avisado para esses destinatários."
            )
