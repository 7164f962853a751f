"""Reenvia os avisos pendentes; apaga os pedidos de acompanhamento vencidos e as inscrições
dos processos concluídos, enviado o último aviso.

Idempotente: pode rodar do cron a cada poucos minutos, e junto com o envio que segue cada
ato (a reserva de cada aviso impede a mensagem em dobro)."""

from django.core.management.base import BaseCommand

from acompanhamento import envio, services


class Command(BaseCommand):
    help = (
        "Envia os avisos de acompanhamento pendentes e apaga os pedidos não confirmados "
        "depois de 48 horas e as inscrições dos processos concluídos já avisados."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--limite", type=int, default=500, help="Máximo de avisos por execução (500)."
        )

    def handle(self, *args, limite, **options):
        resultado = envio.enviar_pendentes(limite=limite)
        apagados = services.apagar_pedidos_expirados()
        encerradas = services.apagar_inscricoes_encerradas()
        self.stdout.write(
            f"Avisos enviados: {resultado.enviados}; com falha: {resultado.falhas}; "
            f"pedidos expirados apagados: {apagados}; "
            f"inscrições de processos concluídos apagadas: {encerradas}."
        )
