"""Redis fora do ar: o app sobe com um REDIS_URL que não responde (uma porta onde não há
nada) e o lado público continua funcionando — nenhuma página pública dá 500. O conteúdo do
portal é montado do banco (falha aberta) e os limites de uso contam na memória de cada
processo (emancipacao.cache.RedisComReserva): continuam valendo, por processo."""

import json

import pytest
from django.core.cache import caches

from emancipacao.cache import RedisComReserva
from tests.ambiente import configuracao_com
from tests.processos.construtores import protocolar
from tests.requisitos.test_api_simulacoes import corpo_municipio

REDIS_SEM_NADA = "redis://127.0.0.1:1/8"


@pytest.fixture
def redis_fora_do_ar(settings):
    """Os caches como o app os configura com esse REDIS_URL (lidos num processo novo)."""
    lidos = configuracao_com("__import__('json').dumps(settings.CACHES)", REDIS_URL=REDIS_SEM_NADA)
    assert lidos.returncode == 0, lidos.stderr
    settings.CACHES = json.loads(lidos.stdout)
    assert isinstance(caches["default"], RedisComReserva)
    settings.SIMULADOR_LIMITE = "1000/m"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def _paginas_publicas(processo) -> list[tuple[str, str, dict]]:
    portal = f"/portal/processos/{processo.slug}/"
    json_ = {"content_type": "application/json"}
    return [
        ("get", "/", {}),
        ("get", "/saude/", {}),
        ("get", "/entrar/", {}),
        ("get", "/portal/", {}),
        ("get", "/portal/?q=Fronteira&tipo=criacao", {}),
        ("get", portal, {}),
        ("get", "/portal/processos.json", {}),
        ("get", "/portal/processos.csv", {}),
        ("get", "/api/v1/processos/", {}),
        ("get", f"/api/v1/processos/{processo.slug}/", {}),
        ("get", "/api/schema/", {}),
        ("get", "/api/docs/", {}),
        ("get", "/lei/", {}),
        ("get", "/simulador/", {}),
        ("get", "/simulador/municipio/", {}),
        ("get", "/simulador/municipio/?populacao=5000&eleitores=1500", {}),
        ("get", "/simulador/distrito/?habitacoes_sede=50&populacao=1001", {}),
        ("get", "/simulador/nome/?nome=Nova+Fronteira", {}),
        ("get", "/simulador/plebiscito/", {}),
        (
            "post",
            "/simulador/distrito/certidao/",
            {"data": {"habitacoes_sede": 50, "populacao": 1001}},
        ),
        ("post", "/api/v1/simulacoes/criacao-municipio/", {"data": corpo_municipio(), **json_}),
        (
            "post",
            "/api/v1/simulacoes/criacao-distrito/",
            {"data": {"habitacoes_sede": 50, "populacao": 1001}, **json_},
        ),
        ("post", "/api/v1/simulacoes/toponimo/", {"data": {"nome": "Nova Fronteira"}, **json_}),
        ("get", "/validar/", {}),
        ("get", "/validar/?codigo=7K2M-Q9XD-4TNB-A0PZ", {}),
        ("post", "/validar/", {"data": {"codigo": "7K2M-Q9XD-4TNB-A0PZ"}}),
        ("post", f"{portal}acompanhar/", {"data": {"email": "cidada@exemplo.org"}}),
        ("get", "/acompanhamento/confirmar/token-que-nao-existe/", {}),
        ("get", "/acompanhamento/cancelar/chave-que-nao-existe/", {}),
    ]


def test_nenhuma_pagina_publica_da_500_com_o_redis_fora_do_ar(client, servidor, redis_fora_do_ar):
    processo = protocolar(servidor)

    respostas = {
        (metodo, url): getattr(client, metodo)(url, **opcoes).status_code
        for metodo, url, opcoes in _paginas_publicas(processo)
    }

    erros = {chave: status for chave, status in respostas.items() if status >= 500}
    assert erros == {}
    assert respostas[("get", f"/portal/processos/{processo.slug}/")] == 200
    assert respostas[("post", "/api/v1/simulacoes/criacao-municipio/")] == 200


def test_com_o_redis_fora_do_ar_o_limite_vale_na_memoria_do_processo(
    client, db, redis_fora_do_ar, settings
):
    settings.SIMULADOR_LIMITE = "3/m"

    respostas = [client.get("/simulador/nome/").status_code for _ in range(4)]

    assert respostas == [200, 200, 200, 429]


def test_com_o_redis_fora_do_ar_o_portal_vem_do_banco(client, servidor, redis_fora_do_ar):
    processo = protocolar(servidor, nome="Vila Primeira")
    url = f"/portal/processos/{processo.slug}/"

    assert "Vila Primeira" in client.get(url).content.decode()
    assert caches["portal"].get("qualquer-coisa") is None


def test_erro_do_redis_que_escape_dos_caches_e_503_com_espera(rf):
    from redis.exceptions import ConnectionError as RedisForaDoAr

    from emancipacao.erros import ServicoIndisponivelMiddleware

    resposta = ServicoIndisponivelMiddleware(lambda r: None).process_exception(
        rf.get("/portal/"), RedisForaDoAr("Connection refused")
    )

    assert resposta.status_code == 503
    assert resposta["Retry-After"] == "30"
    assert "temporariamente indisponível" in resposta.content.decode()
