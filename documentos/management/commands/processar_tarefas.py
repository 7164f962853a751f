"""O serviço `tarefas` do docker-compose.yml: `manage.py processar_tarefas` executa para
sempre as emissões pedidas em segundo plano (a cópia integral e o selo, documentos.tarefas),
consultando a fila a cada `--intervalo` segundos; `--uma-vez` executa as que houver e sai
(para o cron do sistema, se preferir, e para os testes). Vários executores podem rodar ao
mesmo tempo: no PostgreSQL cada um toma uma tarefa diferente."""

import signal
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from documentos import tarefas

# O mesmo caminho da healthcheck do serviço tarefas no docker-compose.yml.
BATIMENTO_PADRAO = "/tmp/emancipacao-tarefas.batimento"


class Command(BaseCommand):
    help = "Executa as emissões em segundo plano (cópia integral, selo da Assembleia)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--uma-vez", action="store_true", help="Executa as tarefas na fila e termina."
        )
        parser.add_argument(
            "--intervalo",
            type=float,
            default=2.0,
            help="Segundos entre duas consultas à fila vazia (padrão: 2).",
        )
        parser.add_argument(
            "--batimento",
            type=Path,
            default=Path(BATIMENTO_PADRAO),
            help="Arquivo tocado a cada consulta à fila (a healthcheck confere que é recente).",
        )

    def handle(self, *args, uma_vez: bool, intervalo: float, batimento: Path, **opcoes):
        # docker stop manda SIGTERM: a tarefa em curso fica "em montagem" e é retomada por
        # outro executor depois do limite sem sinal de vida.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        executadas = tarefas.processar(
            uma_vez=uma_vez, intervalo=intervalo, sinal_de_vida=batimento.touch
        )
        if uma_vez:
            self.stdout.write(f"{executadas} tarefa(s) executada(s).")
