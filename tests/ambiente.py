"""Ler a configuração num processo Python novo, com outras variáveis de ambiente: as
settings são lidas uma vez por processo, e cada implantação difere só pelo ambiente."""

import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent


def configuracao_com(expressao: str, **env: str) -> subprocess.CompletedProcess:
    """Imprime `expressao` (sobre `settings`) com o Django configurado por `env`."""
    codigo = f"import django; django.setup(); from django.conf import settings; print({expressao})"
    return subprocess.run(
        [sys.executable, "-c", codigo],
        cwd=RAIZ,
        env={
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "emancipacao.settings",
            "DJANGO_SECRET_KEY": "chave-somente-para-testes",
            "EMANCIPACAO_URL_PUBLICA": "https://emancipacao.al.mt.gov.br",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
