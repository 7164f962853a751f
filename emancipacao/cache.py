"""Caches no próprio banco, compartilhados por todos os processos do servidor.

`CacheBanco` (o padrão, dos limites de uso): o `DatabaseCache` do Django incrementa lendo e
regravando o valor (`BaseCache.incr`): dois processos que contam ao mesmo tempo perdem uma
contagem, e o limite de uso deixaria passar mais do que deve. Aqui o incremento trava a linha
da chave (SELECT ... FOR UPDATE no PostgreSQL; no SQLite a transação IMMEDIATE já toma o
bloqueio de escrita ao começar), de modo que as contagens se enfileiram em vez de se
sobreporem.

`CachePortal` (o conteúdo das páginas do portal): a gravação é um comando só — o
`DatabaseCache` grava com cinco (a contagem das linhas para o limite, a transação, a leitura
da chave, a gravação e o fim da transação), na primeira visita de cada página do portal —, e
uma cópia em memória em cada processo do servidor poupa ao acerto a ida ao banco
(`MemoriaLocal`; com REDIS_URL, `CachePortalRedis`, a mesma cópia à frente do Redis).

`RedisComReserva` (com REDIS_URL): o Redis fora do ar não derruba o lado público — ver a
classe.
"""

import base64
import logging
import pickle
import time
from contextlib import nullcontext
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, router, transaction
from django.utils.timezone import now
from redis.exceptions import ConnectionError as RedisForaDoAr
from redis.exceptions import TimeoutError as RedisSemResposta

logger = logging.getLogger(__name__)


class CacheBanco(DatabaseCache):
    def incr(self, key, delta=1, version=None):
        chave = self.make_and_validate_key(key, version=version)
        banco = router.db_for_write(self.cache_model_class)
        conexao = connections[banco]
        tabela = conexao.ops.quote_name(self._table)
        trava = " FOR UPDATE" if conexao.features.has_select_for_update else ""
        with transaction.atomic(using=banco):
            with conexao.cursor() as cursor:
                cursor.execute(
                    f"SELECT cache_key FROM {tabela} WHERE cache_key = %s{trava}", [chave]
                )
            return super().incr(key, delta, version)


class _BancoNumComando(DatabaseCache):
    """`set` e `add` num só INSERT ... ON CONFLICT (PostgreSQL e SQLite; nos demais bancos,
    o caminho do Django). O limite de entradas (MAX_ENTRIES) é conferido a cada
    `CONFERIR_LIMITE_A_CADA` gravações deste processo, e não em toda gravação: a tabela passa
    do limite em no máximo esse tanto por processo do servidor antes de ser recolhida."""

    CONFERIR_LIMITE_A_CADA = 100

    def __init__(self, table, params):
        super().__init__(table, params)
        self._gravacoes = 0

    def _base_set(self, mode, key, value, timeout=DEFAULT_TIMEOUT):
        banco = router.db_for_write(self.cache_model_class)
        conexao = connections[banco]
        if mode == "touch" or conexao.vendor not in ("postgresql", "sqlite"):
            return super()._base_set(mode, key, value, timeout)
        self._conferir_limite(banco, conexao)
        em_transacao = not conexao.get_autocommit()
        sql, parametros = self._gravacao(conexao, mode, key, value, timeout, em_transacao)
        # Numa transação já aberta, o savepoint faz a falha da gravação ser silenciosa sem
        # perder a transação (como no DatabaseCache); fora dela, o comando é a transação.
        isolada = transaction.atomic(using=banco) if em_transacao else nullcontext()
        try:
            with isolada, conexao.cursor() as cursor:
                cursor.execute(sql, parametros)
                return cursor.rowcount > 0
        except DatabaseError:
            return False

    def _gravacao(self, conexao, mode, key, value, timeout, em_transacao):
        """O INSERT da chave; no `add`, a linha existente só é trocada se estiver vencida."""
        timeout = self.get_backend_timeout(timeout)
        if timeout is None:
            expira = datetime.max
        else:
            expira = datetime.fromtimestamp(timeout, tz=UTC if settings.USE_TZ else None)
        valor = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
        nome = conexao.ops.quote_name
        tabela, chave, conteudo, vence = (
            nome(self._table),
            nome("cache_key"),
            nome("value"),
            nome("expires"),
        )
        linha = "VALUES (%s, %s, %s)"
        if conexao.vendor == "postgresql" and not em_transacao:
            # Confirmada sem esperar o disco (synchronous_commit só desta gravação, que fora
            # de uma transação é a sua própria): o que o cache guarda se refaz, e perder a
            # última gravação numa queda do banco não perde nada. Esperar custava ~4 ms.
            linha = (
                "SELECT %s, %s, %s FROM "
                "(SELECT set_config('synchronous_commit', 'off', true)) AS sem_esperar_o_disco"
            )
        sql = (
            f"INSERT INTO {tabela} ({chave}, {conteudo}, {vence}) {linha} "
            f"ON CONFLICT ({chave}) DO UPDATE "
            f"SET {conteudo} = EXCLUDED.{conteudo}, {vence} = EXCLUDED.{vence}"
        )
        parametros = [
            key,
            valor,
            conexao.ops.adapt_datetimefield_value(expira.replace(microsecond=0)),
        ]
        if mode == "add":
            sql += f" WHERE {tabela}.{vence} < %s"
            parametros.append(conexao.ops.adapt_datetimefield_value(now().replace(microsecond=0)))
        return sql, parametros

    def _conferir_limite(self, banco, conexao):
        self._gravacoes += 1
        if self._gravacoes < self.CONFERIR_LIMITE_A_CADA:
            return
        self._gravacoes = 0
        with conexao.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM {conexao.ops.quote_name(self._table)}")
            linhas = cursor.fetchone()[0]
            if linhas > self._max_entries:
                self._cull(banco, cursor, now().replace(microsecond=0), linhas)

    def clear(self):
        # Vazia, a tabela está longe do limite: a contagem recomeça.
        self._gravacoes = 0
        super().clear()


_AUSENTE = object()


class MemoriaLocal:
    """Uma cópia em memória, neste processo do servidor, à frente do cache compartilhado: o
    acerto não vai ao banco (nem ao Redis). Serve a caches cujas chaves mudam com o que o
    conteúdo mostra — as do portal mudam a cada movimento —: a cópia guardada aqui não fica
    velha quando outro processo grava, porque ninguém grava outro conteúdo na mesma chave.

    A cópia vale por até MEMORIA_SEGUNDOS (em OPTIONS; 300) e guarda até MEMORIA_ENTRADAS
    chaves (200; as menos usadas saem primeiro: ~30 KB cada página do portal). Dentro de uma
    transação a memória não é usada: o conteúdo pode ter vindo do que a transação ainda vai
    desfazer, e a memória não volta atrás com o banco."""

    def __init__(self, local, params):
        opcoes = dict(params.get("OPTIONS", {}))
        entradas = opcoes.pop("MEMORIA_ENTRADAS", 200)
        self._segundos_na_memoria = opcoes.pop("MEMORIA_SEGUNDOS", 300)
        super().__init__(local, {**params, "OPTIONS": opcoes})
        self._memoria = LocMemCache(
            f"{type(self).__name__}:{local}:{self.key_prefix}",
            {"TIMEOUT": self._segundos_na_memoria, "OPTIONS": {"MAX_ENTRIES": entradas}},
        )

    def _usar_memoria(self) -> bool:
        return not connections[DEFAULT_DB_ALIAS].in_atomic_block

    def _guardar(self, key, version, value, timeout=DEFAULT_TIMEOUT):
        if not self._usar_memoria():
            return
        if timeout is DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        segundos = self._segundos_na_memoria
        if timeout is not None:
            segundos = min(timeout, segundos)
        self._memoria.set(self.make_and_validate_key(key, version=version), value, segundos)

    def _esquecer(self, *keys, version=None):
        self._memoria.delete_many([self.make_and_validate_key(k, version=version) for k in keys])

    def get(self, key, default=None, version=None):
        if self._usar_memoria():
            valor = self._memoria.get(self.make_and_validate_key(key, version=version), _AUSENTE)
            if valor is not _AUSENTE:
                return valor
        valor = super().get(key, _AUSENTE, version)
        if valor is _AUSENTE:
            return default
        self._guardar(key, version, valor)
        return valor

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        super().set(key, value, timeout, version)
        self._guardar(key, version, value, timeout)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        adicionou = super().add(key, value, timeout, version)
        if adicionou:
            self._guardar(key, version, value, timeout)
        return adicionou

    # O que muda a chave no compartilhado sem passar pelo `set` acima apaga a cópia.

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        self._esquecer(*data, version=version)
        return super().set_many(data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        self._esquecer(key, version=version)
        return super().touch(key, timeout, version)

    def incr(self, key, delta=1, version=None):
        self._esquecer(key, version=version)
        return super().incr(key, delta, version)

    def delete(self, key, version=None):
        self._esquecer(key, version=version)
        return super().delete(key, version)

    def delete_many(self, keys, version=None):
        self._esquecer(*keys, version=version)
        return super().delete_many(keys, version)

    def clear(self):
        """A memória deste processo e o compartilhado; a dos outros processos do servidor
        expira sozinha (MEMORIA_SEGUNDOS)."""
        self._memoria.clear()
        return super().clear()


class CachePortal(MemoriaLocal, _BancoNumComando):
    """O conteúdo do portal na tabela do banco, com a cópia em memória."""


class RedisComReserva(RedisCache):
    """O Redis (REDIS_URL), com uma reserva neste processo para quando ele cair.

    A falha de conexão (ou de tempo) com o Redis não chega à página: a operação vai à
    reserva, e por FORA_DO_AR_SEGUNDOS o processo nem tenta o Redis (esperaria o tempo
    limite da conexão a cada requisição). A reserva do cache padrão é a memória do processo:
    enquanto o Redis está fora, os contadores dos limites de uso contam em cada processo do
    servidor, e o limite vale por processo — até N vezes a taxa com N processos. Decisão: o
    lado público continua no ar (recusar tudo derrubaria o portal junto com o Redis) e
    ninguém fica sem limite (deixar passar tudo abriria os simuladores e a API a qualquer
    enxurrada enquanto o Redis não volta)."""

    FORA_DO_AR_SEGUNDOS = 10
    ENTRADAS_NA_RESERVA = 10_000

    def __init__(self, server, params):
        super().__init__(server, params)
        self._reserva = self._criar_reserva(server)
        self._fora_ate = 0.0

    def _criar_reserva(self, server):
        opcoes = {"MAX_ENTRIES": self.ENTRADAS_NA_RESERVA}
        return LocMemCache(f"reserva:{server}:{self.key_prefix}", {"OPTIONS": opcoes})

    def _tentar(self, nome: str, *args, **kwargs):
        if time.monotonic() >= self._fora_ate:
            try:
                return getattr(super(), nome)(*args, **kwargs)
            except (RedisForaDoAr, RedisSemResposta) as exc:
                self._fora_ate = time.monotonic() + self.FORA_DO_AR_SEGUNDOS
                logger.warning(
                    "Redis fora do ar (%s: %s): por %d s, %s usa a reserva deste processo.",
                    type(exc).__name__,
                    exc,
                    self.FORA_DO_AR_SEGUNDOS,
                    type(self).__name__,
                )
        return getattr(self._reserva, nome)(*args, **kwargs)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._tentar("add", key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._tentar("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._tentar("set", key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._tentar("touch", key, timeout, version)

    def delete(self, key, version=None):
        return self._tentar("delete", key, version)

    def get_many(self, keys, version=None):
        return self._tentar("get_many", keys, version)

    def has_key(self, key, version=None):
        return self._tentar("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._tentar("incr", key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._tentar("set_many", data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._tentar("delete_many", keys, version)

    def clear(self):
        return self._tentar("clear")


class CachePortalRedis(MemoriaLocal, RedisComReserva):
    """O conteúdo do portal no Redis (REDIS_URL), com a cópia em memória. Sem o Redis, a
    página vem da cópia em memória ou é montada do banco (falha aberta): a reserva não
    guarda nada."""

    def _criar_reserva(self, server):
        return DummyCache(server, {})
