"""Elenco fixo de usuários (um por papel) e construtores simples de processos; e o banco
de volta ao estado das migrações depois de cada teste transacional."""

import time
from unittest import mock

import django_ratelimit.core
import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from pytest_django.plugin import blocking_manager_key

from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR

SENHA = "senha-de-teste-123"

# Testes que só o PostgreSQL executa (threads e processos reais, pg_dump, índices dele): no
# SQLite ficam pulados com este motivo, e `make test` os roda em seguida num PostgreSQL
# (ferramentas/testar.py).
SO_POSTGRESQL = "so_postgresql"
MOTIVO_SO_POSTGRESQL = "só no PostgreSQL (`make test` os roda num, se achar: TESTES_POSTGRES_URL)"


def _no_postgresql() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def pytest_collection_modifyitems(config, items):
    if _no_postgresql():
        return
    pular = pytest.mark.skip(reason=MOTIVO_SO_POSTGRESQL)
    for item in items:
        if item.get_closest_marker(SO_POSTGRESQL):
            item.add_marker(pular)


def pytest_terminal_summary(terminalreporter):
    pulados = [
        r
        for r in terminalreporter.stats.get("skipped", [])
        if MOTIVO_SO_POSTGRESQL in str(getattr(r, "longrepr", ""))
    ]
    if pulados:
        terminalreporter.write_line(
            f"{len(pulados)} testes pulados por serem {MOTIVO_SO_POSTGRESQL}."
        )


@pytest.fixture(autouse=True)
def janela_fixa(monkeypatch):
    """As janelas dos limites de uso são fixas no relógio (a de "/m" vira no segundo 0 de cada
    minuto): numa máquina ocupada, os pedidos de um teste podem atravessar a virada e o
    contador zera no meio dele. O relógio que o django-ratelimit lê fica parado no começo de
    um minuto; o resto do sistema segue o relógio de verdade."""
    agora = int(time.time()) // 60 * 60 + 1

    class Relogio:
        @staticmethod
        def time() -> float:
            return agora

    monkeypatch.setattr(django_ratelimit.core, "time", Relogio)


@pytest.fixture(autouse=True)
def senha_rapida(settings):
    """PBKDF2 custa ~0,4 s por usuário criado; nos testes basta um hash barato."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def parametros_relidos():
    """Os parâmetros legais que a página guarda por marca (o maior id e quantos são): o
    SQLite reusa os ids desfeitos com a transação de um teste, e a mesma marca no teste
    seguinte seria outro conjunto — o que, fora dos testes, nenhuma página chega a ver. E as
    estatísticas do planejador que o Painel guarda por 5 minutos, e as anotações que a
    página do processo guarda pela revisão (os ids e as revisões também se repetem), e os
    municípios do formulário de filtros guardados pela versão do cadastro: um teste
    não herda a leitura (nem a consulta poupada) de outro."""
    from painel import contagens, filtros
    from processos import consulta_da_pagina, leitura

    leitura._parametros_guardados.clear()
    consulta_da_pagina.esquecer()
    contagens.esquecer_estatisticas()
    filtros.esquecer_municipios()


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    """Arquivos gravados por um teste (PDFs, uploads) vão para uma pasta só dele."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def sem_comprovante_de_protocolo(request):
    """O comprovante de protocolo (um PDF, ~0,2 s) sai em todo protocolo; é conferido em
    tests/documentos/test_comprovante_protocolo.py, que pede `comprovante_real`. Nos demais
    testes o protocolo é só o atalho até o ato em teste."""
    if "comprovante_real" in request.fixturenames:
        yield
        return
    from documentos import emissao

    with mock.patch.dict(emissao.CONSTRUTORES):
        del emissao.CONSTRUTORES["protocolar"]
        yield


@pytest.fixture
def contadores_fora_do_banco(settings):
    """Os contadores dos limites de uso num cache em memória: para medir as consultas do
    conteúdo de uma página limitada (a busca do portal) sem as do contador, que no servidor
    com Redis nem vão ao banco."""
    settings.CACHES = {
        **settings.CACHES,
        "contadores": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    settings.RATELIMIT_USE_CACHE = "contadores"


@pytest.fixture
def comprovante_real():
    """Marca o teste que emite de verdade o comprovante de protocolo."""


def _usuario(username: str, papel: str | None, nome: str) -> User:
    # get_or_create: um teste transacional anterior esvazia o banco, inclusive os grupos
    # criados pela migração de dados.
    user = User.objects.create_user(username, password=SENHA, first_name=nome)
    if papel:
        user.groups.add(Group.objects.get_or_create(name=GRUPOS[papel])[0])
    return user


@pytest.fixture
def servidor(db):
    return _usuario("alice", SERVIDOR, "Alice Servidora")


@pytest.fixture
def presidente(db):
    return _usuario("bruno", PRESIDENTE, "Bruno Presidente")


@pytest.fixture
def mesa(db):
    return _usuario("carla", MESA, "Carla da Mesa")


@pytest.fixture
def deputado(db):
    return _usuario("davi", DEPUTADO, "Davi Deputado")


@pytest.fixture
def sem_papel(db):
    return _usuario("eva", None, "Eva sem papel")


@pytest.fixture
def operador(db):
    """Quem tem todos os papéis de equipe: isola as regras de estado das de papel."""
    from tests.processos.construtores import usuario_com_papeis

    return usuario_com_papeis("otavio", SERVIDOR, PRESIDENTE, MESA, nome="Otávio Operador")


@pytest.fixture
def sorriso(db):
    """Um município só, quando os 142 não são necessários (mais rápido)."""
    from requisitos.models import Municipio

    return Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")


# --- o banco depois de um teste transacional ------------------------------------------------
# Um teste transacional (live_server, `transaction=True`) termina com um `flush`, que apaga
# também as linhas criadas pelas migrações (grupos dos papéis, parâmetros legais padrão,
# tipos de conteúdo e permissões — estes recriados com outros ids pelo post_migrate, ou nem
# recriados quando o teste pede `serialized_rollback`). Sem o xdist, o pytest-django roda
# esses testes por último; com `-n`, um worker pode receber um arquivo comum depois de um
# transacional. Por isso o banco recém-migrado é retratado uma vez e, depois de cada teste
# transacional, volta a ser exatamente ele: mesmas linhas, mesmos ids.
_RETRATO: list = []


def _modelos_retratados():
    from django.apps import apps

    return [m for m in apps.get_models() if m._meta.managed and not m._meta.proxy]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.core import serializers

    with django_db_blocker.unblock():
        _RETRATO[:] = [
            objeto
            for modelo in _modelos_retratados()
            for objeto in serializers.serialize("python", modelo._base_manager.order_by("pk"))
        ]


def _transacional(item) -> bool:
    nomes = getattr(item, "fixturenames", ())
    if "transactional_db" in nomes or "live_server" in nomes:
        return True
    marca = item.get_closest_marker("django_db")
    return bool(marca and (marca.kwargs.get("transaction") or marca.kwargs.get("reset_sequences")))


def _restaurar_retrato() -> None:
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from django.core import serializers
    from django.core.cache import caches
    from django.db import transaction

    # Numa transação: as chaves estrangeiras são conferidas no fim (adiadas), e a ordem em
    # que os modelos foram retratados não importa.
    with transaction.atomic():
        Permission.objects.all().delete()
        ContentType.objects.all().delete()
        for objeto in serializers.deserialize("python", _RETRATO):
            objeto.save()
    # O cache em memória do ContentType ainda teria os ids de antes (o registro do admin
    # gravaria um id morto).
    ContentType.objects.clear_cache()
    # Os caches são tabelas do banco fora do `flush`: sem isto, contadores de limite e
    # páginas do portal passariam de um teste transacional aos seguintes.
    for cache in caches.all():
        cache.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    resultado = yield
    # Depois do último teste (nextitem None) o banco de teste já foi destruído.
    if _RETRATO and nextitem is not None and _transacional(item):
        with item.config.stash[blocking_manager_key].unblock():
            _restaurar_retrato()
    return resultado
