"""Limites de uso compartilhados entre os processos do servidor: o contador fica no cache
do banco (ou no Redis, com REDIS_URL), não na memória de cada processo; e todo 429 diz em
Retry-After quantos segundos esperar."""

import os
import subprocess
import sys
import threading

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test import Client

from tests.ambiente import RAIZ, configuracao_com
from tests.conftest import SENHA

REDIS_TESTE = "redis://127.0.0.1:6379/15"
# Janela de um dia: o teste nunca atravessa a virada da janela (que zeraria o contador).
LIMITE = "3/d"
UM_DIA = 24 * 60 * 60


def pedir(client, url="/simulador/nome/", endereco="10.2.0.1"):
    return client.get(url, REMOTE_ADDR=endereco)


def assert_429_com_espera(resposta, janela: int) -> None:
    assert resposta.status_code == 429
    assert 1 <= int(resposta["Retry-After"]) <= janela


# --- Cada porta limitada responde 429 com Retry-After -------------------------------------


@pytest.mark.django_db
def test_pagina_do_simulador_acima_do_limite_diz_quanto_esperar(client, settings):
    settings.SIMULADOR_LIMITE = "2/m"
    respostas = [pedir(client) for _ in range(3)]
    assert [r.status_code for r in respostas[:2]] == [200, 200]
    assert_429_com_espera(respostas[2], 60)
    assert "Limite de simulações atingido" in respostas[2].content.decode()


@pytest.mark.django_db
def test_api_acima_do_limite_diz_quanto_esperar(client, settings):
    settings.SIMULADOR_LIMITE = "1/m"
    corpo = {"nome": "Vale do Arinos"}
    url = "/api/v1/simulacoes/toponimo/"
    primeira = client.post(url, corpo, content_type="application/json", REMOTE_ADDR="10.2.0.2")
    segunda = client.post(url, corpo, content_type="application/json", REMOTE_ADDR="10.2.0.2")
    assert primeira.status_code == 200
    assert_429_com_espera(segunda, 60)
    assert "Aguarde um minuto" in segunda.json()["detail"]


@pytest.mark.django_db
def test_validar_acima_do_limite_diz_quanto_esperar(client):
    respostas = [pedir(client, "/validar/") for _ in range(31)]
    assert {r.status_code for r in respostas[:30]} == {200}
    assert_429_com_espera(respostas[30], 60)
    assert "Limite de consultas atingido" in respostas[30].content.decode()


@pytest.mark.django_db
def test_certidao_do_simulador_acima_do_limite_diz_quanto_esperar(client):
    # Corpo vazio: 400 (formulário inválido) depois de contado, sem emitir PDF.
    url = "/simulador/distrito/certidao/"
    respostas = [client.post(url, {}, REMOTE_ADDR="10.2.0.3") for _ in range(11)]
    assert {r.status_code for r in respostas[:10]} == {400}
    assert_429_com_espera(respostas[10], 60)


# --- O limite vale para o servidor inteiro ------------------------------------------------


@pytest.mark.django_db
def test_dois_clientes_do_mesmo_endereco_somam_no_mesmo_limite(settings):
    settings.SIMULADOR_LIMITE = LIMITE
    um, outro = Client(), Client()

    respostas = [pedir(um), pedir(outro), pedir(um), pedir(outro)]

    assert [r.status_code for r in respostas] == [200, 200, 200, 429]
    assert_429_com_espera(respostas[3], UM_DIA)
    # O contador é uma linha da tabela de cache do banco: todo processo ligado ao banco a lê.
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM emancipacao_cache")
        assert cursor.fetchone()[0] >= 1


@pytest.fixture
def cache_limpo_ao_fim():
    """Testes transacionais gravam de fato na tabela de cache, que o flush não esvazia."""
    yield
    cache.clear()


TRABALHADOR = """
import sys
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
cliente = Client()
vezes = int(sys.argv[1])
print(",".join(str(cliente.get("/simulador/nome/", REMOTE_ADDR="10.2.0.1").status_code)
               for _ in range(vezes)))
"""


def _outro_processo(vezes: int) -> str:
    """Outro "worker": um processo Python à parte, ligado ao mesmo banco de teste."""
    banco = connection.settings_dict
    url = f"postgres://{banco['USER']}@{banco['HOST']}:{banco['PORT']}/{banco['NAME']}"
    if banco["PASSWORD"]:
        url = url.replace("@", f":{banco['PASSWORD']}@", 1)
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SIMULADOR_LIMITE": LIMITE,
        "DJANGO_SETTINGS_MODULE": "emancipacao.settings",
    }
    env.pop("REDIS_URL", None)
    feito = subprocess.run(
        [sys.executable, "-c", TRABALHADOR, str(vezes)],
        cwd=RAIZ,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert feito.returncode == 0, feito.stderr
    return feito.stdout.strip()


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.so_postgresql
def test_limite_vale_entre_dois_processos(cache_limpo_ao_fim, settings):
    settings.SIMULADOR_LIMITE = LIMITE

    assert _outro_processo(2) == "200,200"
    assert [pedir(Client()).status_code for _ in range(2)] == [200, 429]
    assert _outro_processo(1) == "429"


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.so_postgresql
def test_incrementos_simultaneos_nao_se_perdem(cache_limpo_ao_fim):
    """O DatabaseCache puro lê e regrava: threads simultâneas perderiam contagens."""
    cache.set("contador", 0)
    barreira = threading.Barrier(6)
    erros = []

    def contar():
        try:
            barreira.wait(timeout=10)
            for _ in range(20):
                caches["default"].incr("contador")
        except Exception as exc:  # noqa: BLE001 — o teste mostra o erro da thread
            erros.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=contar) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert erros == []
    assert cache.get("contador") == 120


# --- Redis (REDIS_URL) --------------------------------------------------------------------


@pytest.fixture
def redis_de_teste(settings):
    import redis

    cliente = redis.Redis.from_url(REDIS_TESTE, socket_connect_timeout=1)
    try:
        cliente.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"Redis inacessível em {REDIS_TESTE}: teste do cache Redis pulado.")
    cliente.flushdb()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_TESTE,
            "KEY_PREFIX": "emancipacao",
        }
    }
    yield cliente
    cliente.flushdb()


@pytest.mark.django_db
def test_com_redis_dois_clientes_somam_no_mesmo_limite(redis_de_teste, settings):
    settings.SIMULADOR_LIMITE = LIMITE
    um, outro = Client(), Client()

    respostas = [pedir(um), pedir(outro), pedir(um), pedir(outro)]

    assert [r.status_code for r in respostas] == [200, 200, 200, 429]
    assert_429_com_espera(respostas[3], UM_DIA)
    assert redis_de_teste.keys("emancipacao:*")


def test_redis_url_escolhe_o_redis_e_sem_ela_o_banco():
    com = configuracao_com("settings.CACHES['default']['BACKEND']", REDIS_URL=REDIS_TESTE)
    sem = configuracao_com("settings.CACHES['default']['BACKEND']")
    assert com.stdout.strip() == "emancipacao.cache.RedisComReserva"
    assert sem.stdout.strip() == "emancipacao.cache.CacheBanco"


# --- O endereço do cliente atrás de proxy reverso ---------------------------------------------


@pytest.mark.django_db
def test_atras_de_um_proxy_o_limite_conta_o_cliente_e_nao_o_proxy(client, settings):
    settings.PROXIES_REVERSOS = 1
    settings.SIMULADOR_LIMITE = LIMITE

    # Todos chegam do proxy (10.9.9.9); o X-Forwarded-For forjado à esquerda não conta.
    def pelo_proxy(cliente: str, forjado: str = ""):
        encaminhado = f"{forjado}, {cliente}" if forjado else cliente
        return client.get(
            "/simulador/nome/", REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR=encaminhado
        ).status_code

    assert [pelo_proxy("200.1.1.1", forjado=f"1.1.1.{i}") for i in range(4)] == [
        200,
        200,
        200,
        429,
    ]
    assert pelo_proxy("200.2.2.2") == 200


@pytest.mark.django_db
def test_atras_de_um_proxy_o_bloqueio_do_login_e_do_cliente(client, settings, servidor):
    settings.PROXIES_REVERSOS = 1
    for i in range(5):
        client.post(
            "/entrar/",
            {"username": f"chute{i}", "password": "x"},
            REMOTE_ADDR="10.9.9.9",
            HTTP_X_FORWARDED_FOR="200.1.1.1",
        )
    resposta = Client().post(
        "/entrar/",
        {"username": "alice", "password": SENHA},
        REMOTE_ADDR="10.9.9.9",
        HTTP_X_FORWARDED_FOR="200.2.2.2",
    )
    assert resposta.status_code == 302
