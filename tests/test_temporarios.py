"""Pastas temporárias: cada processo usa uma só sua (onde a emissão monta o PDF e o Django
guarda o envio grande), e o processo que inicia apaga as dos processos mortos por SIGKILL
no meio de uma emissão — e só as deles."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.ambiente import RAIZ

EMITE_E_MORRE = """
import os, signal, sys, tempfile
from pathlib import Path
import django
django.setup()
pasta = tempfile.mkdtemp()  # como a emissão: TemporaryDirectory para o PDF
Path(pasta, "peca.pdf").write_bytes(b"%PDF-1.7 meio")
print(pasta, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""

INICIA = """
import tempfile
import django
django.setup()
print(tempfile.gettempdir(), flush=True)
"""

INICIA_E_ESPERA = INICIA + "import sys; sys.stdin.read()\n"


def _processo(codigo: str, temporaria: Path, **opcoes) -> subprocess.Popen:
    ambiente = {
        **os.environ,
        "TMPDIR": str(temporaria),
        "DJANGO_SETTINGS_MODULE": "emancipacao.settings",
    }
    ambiente.pop("DATABASE_URL", None)
    return subprocess.Popen(
        [sys.executable, "-c", codigo],
        cwd=RAIZ,
        env=ambiente,
        stdout=subprocess.PIPE,
        text=True,
        **opcoes,
    )


def test_pasta_da_emissao_morta_por_sigkill_e_apagada_quando_outro_processo_inicia(tmp_path):
    morto = _processo(EMITE_E_MORRE, tmp_path)
    pasta_da_emissao = Path(morto.stdout.readline().strip())
    assert morto.wait(timeout=60) == -signal.SIGKILL
    assert (pasta_da_emissao / "peca.pdf").exists()
    pasta_do_morto = pasta_da_emissao.parent
    assert pasta_do_morto.parent == tmp_path
    assert pasta_do_morto.name.startswith(f"emancipacao-{morto.pid}-")

    novo = _processo(INICIA, tmp_path)
    novo.communicate(timeout=60)

    assert not pasta_do_morto.exists()
    assert list(tmp_path.iterdir()) == []  # e o novo, terminado, apagou a sua


def test_pasta_de_processo_vivo_nao_e_apagada(tmp_path):
    vivo = _processo(INICIA_E_ESPERA, tmp_path, stdin=subprocess.PIPE)
    pasta_do_vivo = Path(vivo.stdout.readline().strip())
    try:
        _processo(INICIA, tmp_path).communicate(timeout=60)

        assert pasta_do_vivo.is_dir()
    finally:
        vivo.communicate("", timeout=60)
    assert not pasta_do_vivo.exists()


def test_outras_pastas_da_pasta_temporaria_nao_sao_tocadas(tmp_path):
    alheias = [tmp_path / "emancipacao-agendador.batimento", tmp_path / "outra-coisa-123-456"]
    alheias[0].write_text("ok")
    alheias[1].mkdir()

    _processo(INICIA, tmp_path).communicate(timeout=60)

    assert all(p.exists() for p in alheias)
