"""Cache no próprio banco, compartilhado por todos os processos do servidor.

O `DatabaseCache` do Django incrementa lendo e regravando o valor (`BaseCache.incr`): dois
processos que contam ao mesmo tempo perdem uma contagem, e o limite de uso deixaria passar
mais do que deve. Aqui o incremento trava a linha da chave (SELECT ... FOR UPDATE no
PostgreSQL; no SQLite a transação IMMEDIATE já toma o bloqueio de escrita ao começar), de
modo que as contagens se enfileiram em vez de se sobreporem.
"""

from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction


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
