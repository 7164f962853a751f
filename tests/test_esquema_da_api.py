"""A API é o que o esquema OpenAPI (/api/schema/) diz: o schemathesis gera entradas válidas e
inválidas para cada operação, chama o app pelo WSGI (sem servidor) e aplica todas as suas
checagens — nenhum 500, status e formatos documentados, corpo de resposta conforme o esquema,
entrada válida aceita e inválida recusada.

O esquema não exprime as regras entre campos (Art. 11, Art. 8º, Art. 2º, IV): o caso gerado
como válido é ajustado a elas antes da chamada (tests/ganchos_schemathesis.py).
"""

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from tests import ganchos_schemathesis  # noqa: F401 (registra as regras entre campos)
from tests.ganchos_schemathesis import EXERCICIO_COM_TABELA
from tests.processos.construtores import protocolar, semear_tabela_va
from tests.territorio.conftest import gravar_pasta

EXEMPLOS = 30  # por operação; ~1 min nos 2 núcleos do CI

_django = WSGIHandler()


def app(environ, start_response):
    """O app como o gunicorn o chama: com o endereço do cliente (o limite de uso o conta)."""
    environ.setdefault("REMOTE_ADDR", "127.0.0.1")
    return _django(environ, start_response)


# O esquema servido pelo próprio app (a view não consulta o banco).
esquema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)


@pytest.fixture
def dados(db, settings, operador, tmp_path):
    """Processos para a lista e a tabela do VA de um exercício; sem limite de uso. Como no
    Client do Django: o fim de cada requisição não fecha a conexão (a da transação do teste)."""
    settings.SIMULADOR_LIMITE = "1000000/m"
    semear_tabela_va(EXERCICIO_COM_TABELA)  # o exercício que os ganchos usam
    call_command("carregar_malha", str(gravar_pasta(tmp_path)), edicao="2024", verbosity=0)
    protocolar(operador, nome="Vila Serena do Xingu")
    protocolar(operador, tipo="alteracao_nome", nome="Nova Aurora", sede="Nova Aurora")
    for sinal in (request_started, request_finished):
        sinal.disconnect(close_old_connections)
    yield
    for sinal in (request_started, request_finished):
        sinal.connect(close_old_connections)


@esquema.parametrize()
@settings(
    max_examples=EXEMPLOS,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforme_o_esquema(case, dados):
    case.call_and_validate()
