"""Refaz os prazos abertos e os ofícios sem AR somados (`instrucao.prazos_abertos`) a partir
de todos os ofícios: depois de uma carga direta no banco (restauração parcial, massa de
dados) ou para conferir as somas que os atos mantêm. Idempotente."""

from django.core.management.base import BaseCommand

from instrucao.prazos_abertos import recalcular_todos


class Command(BaseCommand):
    help = (
        "Refaz as contagens dos prazos abertos por dia, o prazo mais próximo de cada processo "
        "e as contagens dos ofícios sem AR."
    )

    def handle(self, *args, **options):
        processos = recalcular_todos()
        self.stdout.write(self.style.SUCCESS(f"{processos} processo(s) com prazo aberto."))
