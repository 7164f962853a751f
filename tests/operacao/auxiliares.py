"""As configurações como um processo novo as lê do ambiente: `emancipacao.settings` roda de
verdade, num subprocesso, com as variáveis dadas (e nenhuma herdada que as mude)."""

import json
import os
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
# As variáveis que os testes controlam: nenhuma vem do ambiente de quem roda a suíte.
CONTROLADAS = (
    "DATABASE_URL",
    "DATABASE_CONN_MAX_AGE",
    "DJANGO_DEBUG",
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
    "DEFAULT_FROM_EMAIL",
)
LER = """
import json
from django.conf import settings
print(json.dumps({nome: getattr(settings, nome) for nome in %r}, default=str))
"""


def ambiente(**variaveis: str) -> dict[str, str]:
    env = {
        chave: valor
        for chave, valor in os.environ.items()
        if chave not in CONTROLADAS and not chave.startswith("EMANCIPACAO_S3_")
    }
    env |= {"DJANGO_SETTINGS_MODULE": "emancipacao.settings", "DJANGO_SECRET_KEY": "teste"}
    return env | variaveis


def configuracoes(*nomes: str, **variaveis: str) -> dict:
    feito = subprocess.run(
        [sys.executable, "-c", LER % (nomes,)],
        cwd=RAIZ,
        env=ambiente(**variaveis),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(feito.stdout)


def erro_de_configuracao(**variaveis: str) -> str:
    """A mensagem com que a inicialização recusa o ambiente (stderr do processo)."""
    feito = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; settings.DEBUG"],
        cwd=RAIZ,
        env=ambiente(**variaveis),
        capture_output=True,
        text=True,
        check=False,
    )
    assert feito.returncode != 0, "as configurações deveriam ter sido recusadas"
    return feito.stderr


def processo_com_documentos(usuario):
    """Protocolado (com o comprovante em PDF, se o teste pede `comprovante_real`), instruído
    (documentos do Art. 15 e assinaturas) e com o extrato emitido: arquivos de dois modelos,
    cada um com o seu SHA-256. Pelos serviços, como a tela o faria."""
    from django.utils import timezone

    from documentos.emissao import emitir_extrato
    from processos.models import FormaEncaminhamento
    from processos.services import DadosProtocolo, protocolar_processo
    from requisitos.models import Municipio
    from tests.representacao.construtores import instruir_representacao

    origem = Municipio.objects.create(codigo_ibge=5107958, nome="Tapurah")
    processo = protocolar_processo(
        usuario=usuario,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto="Nova Fronteira do Norte",
            sede_proposta="Nova Fronteira do Norte",
            municipios_origem=[origem],
            forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
            representantes="Comissão pró-emancipação",
            data_leitura_expediente=timezone.localdate(),
        ),
    )
    instruir_representacao(processo, usuario)
    emitir_extrato(processo, usuario=usuario)
    return processo
