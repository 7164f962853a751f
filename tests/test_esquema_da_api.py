"""A API é o que o esquema OpenAPI (/api/schema/) diz: o schemathesis gera entradas válidas e
inválidas para cada operação, chama o app pelo WSGI (sem servidor) e aplica todas as suas
checagens — nenhum 500, status e formatos documentados, corpo de resposta conforme o esquema,
entrada válida aceita e inválida recusada.

O esquema não exprime as regras entre campos — Sim + Não + brancos + nulos = comparecimento
≤ inscritos (Art. 11), nomes de unidade distintos, a área desmembrada não maior que a total
(Art. 8º), o exercício OU a média do VA (Art. 2º, IV) e o exercício com a tabela da SEFAZ
importada: um caso gerado como válido é ajustado a elas antes da chamada, pelos mesmos
números (nunca fora da faixa do esquema). A recusa de cada regra tem os seus testes.
"""

from decimal import Decimal

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from hypothesis import HealthCheck, settings

from tests.processos.construtores import protocolar, semear_tabela_va

EXEMPLOS = 30  # por operação; ~1 min nos 2 núcleos do CI
EXERCICIO_COM_TABELA = 2024  # o da tabela fictícia de semear_tabela_va
MAXIMO_PESSOAS = 1_000_000_000

_django = WSGIHandler()


def app(environ, start_response):
    """O app como o gunicorn o chama: com o endereço do cliente (o limite de uso o conta)."""
    environ.setdefault("REMOTE_ADDR", "127.0.0.1")
    return _django(environ, start_response)


# O esquema servido pelo próprio app (a view não consulta o banco).
esquema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)


@pytest.fixture
def dados(db, settings, operador):
    """Processos para a lista e a tabela do VA de um exercício; sem limite de uso."""
    settings.SIMULADOR_LIMITE = "1000000/m"
    semear_tabela_va()
    protocolar(operador, nome="Vila Serena do Xingu")
    protocolar(operador, tipo="alteracao_nome", nome="Nova Aurora", sede="Nova Aurora")


def _decimal(valor) -> Decimal:
    return Decimal(str(valor))


def _criacao_municipio(corpo: dict) -> None:
    if "exercicio" in corpo and "media_va_menores" in corpo:
        del corpo["exercicio"]
    if "exercicio" in corpo:
        corpo["exercicio"] = EXERCICIO_COM_TABELA
    elif "media_va_menores" not in corpo:
        corpo["media_va_menores"] = "1000.00"
    vistos, remanescentes = set(), []
    for remanescente in corpo.get("remanescentes", []):
        if remanescente["codigo_ibge"] not in vistos:
            vistos.add(remanescente["codigo_ibge"])
            remanescentes.append(remanescente)
    if "remanescentes" in corpo:
        corpo["remanescentes"] = remanescentes


def _votacao_coerente(unidade: dict) -> None:
    votos = ("sim", "nao", "brancos", "nulos")
    while sum(int(unidade[v]) for v in votos) > MAXIMO_PESSOAS:
        for v in votos:
            unidade[v] = int(unidade[v]) // 2
    unidade["comparecimento"] = sum(int(unidade[v]) for v in votos)
    unidade["inscritos"] = max(int(unidade["inscritos"]), unidade["comparecimento"])


def _plebiscito(corpo: dict) -> None:
    nomes = set()
    for i, unidade in enumerate(corpo["unidades"]):
        _votacao_coerente(unidade)
        nome = " ".join(unidade["nome"].split())
        if nome.casefold() in nomes:
            unidade["nome"] = f"{unidade['nome'][:100]} {i}"
        nomes.add(" ".join(unidade["nome"].split()).casefold())
    corpo["unidades"][0]["area_desmembrada"] = True


def _revisao_limites(corpo: dict) -> None:
    movida, total = corpo["area_movida_km2"], corpo["area_total_km2"]
    if _decimal(movida) > _decimal(total):
        corpo["area_movida_km2"], corpo["area_total_km2"] = total, movida


REGRAS_ENTRE_CAMPOS = {
    "/api/v1/simulacoes/criacao-municipio/": _criacao_municipio,
    "/api/v1/simulacoes/plebiscito/": _plebiscito,
    "/api/v1/simulacoes/revisao-limites/": _revisao_limites,
}


def _cumprir_regras_entre_campos(case) -> None:
    ajuste = REGRAS_ENTRE_CAMPOS.get(case.path)
    valido = case.meta is not None and case.meta.generation.mode.is_positive
    if ajuste and valido and isinstance(case.body, dict):
        ajuste(case.body)


@esquema.parametrize()
@settings(
    max_examples=EXEMPLOS,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforme_o_esquema(case, dados):
    _cumprir_regras_entre_campos(case)
    case.call_and_validate()
