"""O cache do conteúdo do portal (emancipacao.cache): gravar é um comando só, o
limite de entradas é conferido de tempos em tempos, e fora de uma transação o acerto sai da
memória do processo, sem ir ao banco (nem ao Redis)."""

import pytest
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from emancipacao.cache import CachePortal, CachePortalRedis
from tests.ambiente import configuracao_com

# Outro banco do Redis que o dos testes dos limites (que o esvaziam).
REDIS_TESTE = "redis://127.0.0.1:6379/14"
TABELA = "emancipacao_cache_portal"


def _comandos(contexto) -> list[str]:
    """Os comandos do teste, sem os savepoints que só existem porque o teste roda numa
    transação (fora dela, a gravação vai sozinha)."""
    return [q["sql"] for q in contexto.captured_queries if "SAVEPOINT" not in q["sql"]]


def _linhas() -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {TABELA}")
        return cursor.fetchone()[0]


@pytest.fixture
def portal():
    cache = caches["portal"]
    cache.clear()
    yield cache
    cache.clear()


@pytest.mark.django_db
def test_gravar_e_regravar_a_chave_e_um_comando_so(portal):
    with CaptureQueriesContext(connection) as primeira:
        portal.set("pagina", "<p>antes</p>")
    with CaptureQueriesContext(connection) as segunda:
        portal.set("pagina", "<p>depois</p>")

    assert len(_comandos(primeira)) == 1 and len(_comandos(segunda)) == 1
    assert portal.get("pagina") == "<p>depois</p>"
    assert _linhas() == 1


@pytest.mark.django_db
def test_add_nao_troca_a_chave_viva_e_troca_a_vencida(portal):
    assert portal.add("pagina", "primeira") is True
    assert portal.add("pagina", "segunda") is False
    assert portal.get("pagina") == "primeira"

    portal.set("vencida", "velha", timeout=-1)
    assert portal.get("vencida") is None
    assert portal.add("vencida", "nova") is True
    assert portal.get("vencida") == "nova"


@pytest.mark.django_db
def test_acima_do_limite_a_tabela_e_recolhida_so_de_tempos_em_tempos():
    """O limite (MAX_ENTRIES) é conferido a cada CONFERIR_LIMITE_A_CADA gravações deste
    processo, e não a cada uma: entre duas conferências a tabela pode passar dele."""
    cache = CachePortal(TABELA, {"OPTIONS": {"MAX_ENTRIES": 20}})
    cache.clear()
    a_cada = cache.CONFERIR_LIMITE_A_CADA

    for i in range(a_cada - 1):
        cache.set(f"busca-{i:03d}", "conteúdo")
    assert _linhas() == a_cada - 1

    with CaptureQueriesContext(connection) as conferencia:
        cache.set("busca-ultima", "conteúdo")

    assert _linhas() < a_cada
    assert any("COUNT(*)" in c for c in _comandos(conferencia))
    assert cache.get("busca-ultima") == "conteúdo"


@pytest.mark.django_db
def test_dentro_de_transacao_o_acerto_le_o_banco(portal):
    """O que a transação ainda pode desfazer não vai para a memória."""
    portal.set("pagina", "conteúdo")

    with CaptureQueriesContext(connection) as leitura:
        assert portal.get("pagina") == "conteúdo"

    assert len(leitura) == 1


@pytest.mark.django_db(transaction=True)
def test_fora_de_transacao_o_acerto_sai_da_memoria(portal):
    portal.set("pagina", "conteúdo")

    with CaptureQueriesContext(connection) as leitura:
        assert portal.get("pagina") == "conteúdo"
        assert portal.get("pagina") == "conteúdo"

    assert len(leitura) == 0
    assert _linhas() == 1


@pytest.mark.django_db(transaction=True)
def test_lido_do_banco_uma_vez_o_acerto_seguinte_sai_da_memoria(portal):
    """Outro processo do servidor gravou (aqui, o DatabaseCache do Django na mesma tabela,
    sem a memória deste processo): este lê do banco uma vez e guarda a cópia."""
    DatabaseCache(TABELA, {}).set("pagina", "gravada por outro processo")

    with CaptureQueriesContext(connection) as leituras:
        assert portal.get("pagina") == "gravada por outro processo"
        assert portal.get("pagina") == "gravada por outro processo"

    assert len(leituras) == 1


@pytest.mark.django_db(transaction=True)
def test_apagar_e_esvaziar_valem_para_a_memoria_e_para_o_banco(portal):
    portal.set("uma", "1")
    portal.set("outra", "2")

    portal.delete("uma")
    assert portal.get("uma") is None
    portal.clear()

    assert portal.get("outra") is None
    assert _linhas() == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.so_postgresql
def test_no_postgresql_a_gravacao_sem_esperar_o_disco_nao_vale_para_o_resto(portal):
    """A gravação fora de transação é confirmada sem esperar o disco (synchronous_commit só
    dela); a sessão continua a esperar nas gravações dos atos."""

    portal.set("pagina", "conteúdo")

    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"
    assert portal.get("pagina") == "conteúdo"


@pytest.fixture
def redis_do_portal():
    import redis

    cliente = redis.Redis.from_url(REDIS_TESTE, socket_connect_timeout=1)
    try:
        cliente.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"Redis inacessível em {REDIS_TESTE}: teste do cache Redis pulado.")
    cliente.flushdb()
    yield cliente
    cliente.flushdb()


def test_com_redis_a_memoria_fica_a_frente_do_redis(redis_do_portal):
    params = {"KEY_PREFIX": "emancipacao-portal", "OPTIONS": {"MEMORIA_SEGUNDOS": 60}}
    um, outro = CachePortalRedis(REDIS_TESTE, params), CachePortalRedis(REDIS_TESTE, params)

    um.set("pagina", "conteúdo")
    redis_do_portal.flushdb()

    # A cópia em memória deste processo (as duas instâncias a compartilham) continua.
    assert outro.get("pagina") == "conteúdo"
    um.clear()
    assert outro.get("pagina") is None


def test_redis_url_poe_o_portal_no_redis_e_sem_ela_no_banco():
    com = configuracao_com("settings.CACHES['portal']['BACKEND']", REDIS_URL=REDIS_TESTE)
    sem = configuracao_com("settings.CACHES['portal']['BACKEND']")
    assert com.stdout.strip() == "emancipacao.cache.CachePortalRedis"
    assert sem.stdout.strip() == "emancipacao.cache.CachePortal"
