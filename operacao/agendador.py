"""As tarefas periódicas (STYLE 17: trabalho periódico = comandos de gestão, sem fila): um laço
que roda cada comando no seu intervalo, num processo filho — um comando que trava é morto no
limite de tempo, um que falha não derruba o laço, e a memória de um não passa ao seguinte.

Um comando que não existe nesta versão (a app ainda não instalada) é ignorado, com aviso no
começo. A cada volta do laço, e enquanto espera um filho, o agendador toca o arquivo de
batimento: a healthcheck do contêiner (`python -m operacao.sonda --batimento`) o quer recente.
"""

import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.management import get_commands

MINUTO = 60
HORA = 60 * MINUTO
# Cada quanto o laço acorda e toca o batimento (a sonda aceita até 5 minutos sem ele).
PASSO = 30


@dataclass(frozen=True)
class Tarefa:
    comando: str
    intervalo: int  # segundos entre dois inícios
    limite: int  # segundos até o filho ser morto
    argumentos: tuple[str, ...] = ()


TAREFAS = (
    # Avisos por e-mail a quem acompanha um processo (acompanhamento): pendentes e retentativas.
    Tarefa("enviar_avisos", intervalo=5 * MINUTO, limite=4 * MINUTO),
    # Ofícios vencidos e vencendo (Art. 2º, § 3º; Art. 17, § 2º).
    Tarefa("verificar_prazos", intervalo=HORA, limite=50 * MINUTO),
    # SHA-256 de todo arquivo guardado; órfãos com mais de uma hora apagados.
    Tarefa(
        "verificar_integridade",
        intervalo=HORA,
        limite=50 * MINUTO,
        argumentos=("--remover-orfaos",),
    ),
)


def tocar(batimento: Path) -> None:
    batimento.touch()


class Agendador:
    def __init__(
        self,
        tarefas: tuple[Tarefa, ...],
        *,
        batimento: Path,
        escrever: Callable[[str], None],
        passo: float = PASSO,
    ):
        existentes = get_commands()
        self.tarefas = [t for t in tarefas if t.comando in existentes]
        self.batimento = batimento
        self.escrever = escrever
        self.passo = passo
        self.ultimo_inicio: dict[str, float] = {}
        for tarefa in tarefas:
            if tarefa.comando not in existentes:
                self.log(f"{tarefa.comando}: comando inexistente nesta versão; ignorado.")

    def log(self, texto: str) -> None:
        self.escrever(f"{datetime.now().astimezone():%Y-%m-%d %H:%M:%S%z} agendador: {texto}")

    def vencidas(self, agora: float) -> list[Tarefa]:
        return [
            t
            for t in self.tarefas
            if t.comando not in self.ultimo_inicio
            or agora - self.ultimo_inicio[t.comando] >= t.intervalo
        ]

    def volta(self) -> None:
        tocar(self.batimento)
        for tarefa in self.vencidas(time.monotonic()):
            self.ultimo_inicio[tarefa.comando] = time.monotonic()
            self.rodar(tarefa)
            tocar(self.batimento)

    def rodar(self, tarefa: Tarefa) -> int | None:
        """Código de saída do comando (None se morto no limite), com a saída no log."""
        manage = Path(settings.BASE_DIR) / "manage.py"
        inicio = time.monotonic()
        filho = subprocess.Popen(
            [sys.executable, str(manage), tarefa.comando, *tarefa.argumentos],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        saida, codigo = "", None
        while True:
            try:
                saida, _ = filho.communicate(timeout=self.passo)
                codigo = filho.returncode
                break
            except subprocess.TimeoutExpired:
                tocar(self.batimento)
                if time.monotonic() - inicio > tarefa.limite:
                    filho.kill()
                    saida, _ = filho.communicate()
                    break
        for linha in (saida or "").splitlines():
            self.log(f"{tarefa.comando}: {linha}")
        duracao = time.monotonic() - inicio
        if codigo is None:
            self.log(f"{tarefa.comando}: MORTO após {duracao:.0f} s (limite {tarefa.limite} s).")
        elif codigo:
            self.log(f"{tarefa.comando}: FALHOU com código {codigo} em {duracao:.1f} s.")
        else:
            self.log(f"{tarefa.comando}: concluído em {duracao:.1f} s.")
        return codigo

    def laco(self, *, voltas: int | None = None) -> None:
        self.log(
            "iniciado; tarefas: "
            + (", ".join(f"{t.comando} a cada {t.intervalo} s" for t in self.tarefas) or "nenhuma")
        )
        feitas = 0
        while voltas is None or feitas < voltas:
            self.volta()
            feitas += 1
            if voltas is None or feitas < voltas:
                time.sleep(self.passo)
