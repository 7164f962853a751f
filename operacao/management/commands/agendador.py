"""O serviço `agendador` do docker-compose.yml: `manage.py agendador` roda para sempre as
tarefas periódicas (ver operacao.agendador); `--uma-vez` roda cada uma uma vez e sai (para o
cron do sistema, se preferir, e para os testes)."""

import signal
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from operacao.agendador import TAREFAS, Agendador

# O mesmo caminho da healthcheck do serviço agendador no docker-compose.yml.
BATIMENTO_PADRAO = "/tmp/emancipacao-agendador.batimento"


class Command(BaseCommand):
    help = "Roda as tarefas periódicas (enviar_avisos, verificar_prazos, verificar_integridade)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--batimento",
            type=Path,
            default=Path(BATIMENTO_PADRAO),
            help="Arquivo tocado a cada volta (a healthcheck confere que é recente).",
        )
        parser.add_argument(
            "--uma-vez", action="store_true", help="Roda cada tarefa uma vez e termina."
        )

    def handle(self, *args, batimento: Path, uma_vez: bool, **opcoes):
        # docker stop manda SIGTERM: sai pelo caminho normal (o contêiner encerra o filho).
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        agendador = Agendador(TAREFAS, batimento=batimento, escrever=self.stdout.write)
        agendador.laco(voltas=1 if uma_vez else None)
