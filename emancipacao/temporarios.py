"""A pasta de arquivos temporários de cada processo, apagada quando ele morre.

A emissão monta o PDF numa pasta temporária antes de o gravar no armazenamento
(documentos.emissao), a cópia integral analisa as peças em outra (documentos.copia_integral),
e o Django guarda num arquivo temporário o envio acima de 2,5 MB. Tudo pelo `tempfile`, que
apaga o que criou ao terminar — mas não quando o processo é morto: o gunicorn mata com
SIGKILL o processo que passa do tempo limite, e o que ele tinha aberto fica na pasta
temporária do sistema para sempre.

Cada processo usa, então, uma pasta só sua, `emancipacao-<pid>-<início>` dentro da pasta
temporária do sistema (TMPDIR), e ao iniciar apaga as pastas de processos que não existem
mais. O início do processo (o instante em que o sistema o criou) vai no nome para que um
número de processo reaproveitado não faça a pasta de um morto passar por viva.
"""

import atexit
import logging
import os
import re
import shutil
import tempfile
from pathlib import Path

logger = logging.getLogger(__name__)

PREFIXO = "emancipacao-"
_PASTA = re.compile(rf"^{PREFIXO}(\d+)-(\d+)$")
_preparada: dict[int, Path] = {}


def preparar() -> Path:
    """A pasta deste processo, posta como a do `tempfile`; chamado ao carregar o Django e
    de novo no processo filho de um fork (o gunicorn com --preload, por exemplo)."""
    pid = os.getpid()
    if pid in _preparada:
        return _preparada[pid]
    raiz = Path(tempfile.gettempdir()) if not _preparada else _raiz()
    apagar_pastas_de_processos_mortos(raiz)
    pasta = raiz / f"{PREFIXO}{pid}-{_inicio(pid)}"
    pasta.mkdir(mode=0o700, exist_ok=True)
    tempfile.tempdir = str(pasta)
    _preparada[pid] = pasta
    atexit.register(_apagar_ao_terminar, pasta, pid)
    return pasta


def _apagar_ao_terminar(pasta: Path, pid: int) -> None:
    """O filho de um fork herda os `atexit` do pai: só o dono apaga a pasta."""
    if os.getpid() == pid:
        shutil.rmtree(pasta, ignore_errors=True)


def _raiz() -> Path:
    """A pasta temporária do sistema, a de cima da pasta de um processo já preparado."""
    return next(iter(_preparada.values())).parent


def apagar_pastas_de_processos_mortos(raiz: Path) -> list[Path]:
    apagadas = []
    for pasta in raiz.glob(f"{PREFIXO}*"):
        nome = _PASTA.match(pasta.name)
        if nome is None or not pasta.is_dir() or _vivo(int(nome[1]), nome[2]):
            continue
        shutil.rmtree(pasta, ignore_errors=True)
        apagadas.append(pasta)
    if apagadas:
        logger.info("Apagadas %d pastas temporárias de processos mortos.", len(apagadas))
    return apagadas


def _vivo(pid: int, inicio: str) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # existe, de outro usuário
        return True
    return inicio == "0" or _inicio(pid) == inicio


def _inicio(pid: int) -> str:
    """O instante de criação do processo (em tiques desde a partida do sistema, campo 22
    de /proc/<pid>/stat); "0" onde não há /proc."""
    try:
        estado = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return "0"
    # O nome do programa (campo 2) vem entre parênteses e pode ter espaços.
    return estado.rpartition(")")[2].split()[19]


def _no_filho() -> None:
    if _preparada:
        preparar()


os.register_at_fork(after_in_child=_no_filho)
