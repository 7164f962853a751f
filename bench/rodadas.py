"""Um processo que mede pedidos no próprio processo, sob as ordens de `bench.contra_f`.

Roda com os settings de quem é medido (`DJANGO_SETTINGS_MODULE`: `bench.piso_interno`, o
sistema, ou `bench.piso_f`, o piso F) e lê ordens, uma por linha em JSON, na entrada:

- `{"ordem": "entrar", "usuario": "..."}`: abre a sessão do usuário; devolve o cookie;
- `{"ordem": "paginas"}` (só o sistema): as páginas a medir (`bench.carga_interno`);
- `{"ordem": "medir", "url": "...", "n": 20, "sem_cache": false, "anonimo": false}`: faz
  `n` pedidos (com `anonimo`, como o visitante sem sessão, o do portal; senão, com a sessão
  aberta por `entrar`) e
  devolve o tempo de parede de cada um, a CPU do processo e a do backend do PostgreSQL que
  o atende (lida em /proc/<pid>/stat), o status e as consultas de um pedido a mais.

Responde uma linha JSON por ordem. Sai no fim da entrada.
"""

import json
import os
import sys
import time
from pathlib import Path

import django

TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_do_backend(pid: int) -> float:
    """Segundos de CPU (usuário + sistema) do processo `pid` até agora."""
    campos = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(campos[11]) + int(campos[12])) / TICKS


def _pid_do_backend(connection) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def main() -> None:
    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    logado = Client(HTTP_HOST="127.0.0.1")
    # As páginas públicas medidas como as pede o público (e o wrk): sem o cookie da sessão.
    visitante = Client(HTTP_HOST="127.0.0.1")

    def medir(url: str, n: int, sem_cache: bool, anonimo: bool) -> dict:
        cliente = visitante if anonimo else logado

        def antes():
            if sem_cache:
                caches["portal"].clear()

        for _ in range(2):
            antes()
            cliente.get(url)
        antes()
        with CaptureQueriesContext(connection) as consultas:
            resposta = cliente.get(url)
        capturadas = list(consultas.captured_queries)
        pid = _pid_do_backend(connection)
        tempos = []
        cpu_banco = _cpu_do_backend(pid)
        cpu = time.process_time()
        for _ in range(n):
            antes()
            inicio = time.perf_counter()
            cliente.get(url)
            tempos.append(time.perf_counter() - inicio)
        cpu = time.process_time() - cpu
        # A conexão persistente é a mesma do começo ao fim; se foi refeita, a CPU do banco
        # desta rodada não se sabe.
        mesma = _pid_do_backend(connection) == pid
        return {
            "status": resposta.status_code,
            "bytes": len(resposta.content),
            "tempos": tempos,
            "cpu": cpu,
            "cpu_banco": _cpu_do_backend(pid) - cpu_banco if mesma else None,
            "consultas": len(capturadas),
            "sql_s": sum(float(q["time"]) for q in capturadas),
        }

    for linha in sys.stdin:
        ordem = json.loads(linha)
        if ordem["ordem"] == "entrar":
            usuario = get_user_model().objects.get(username=ordem["usuario"])
            logado.force_login(usuario)
            resposta = {"cookie": logado.cookies["sessionid"].value}
        elif ordem["ordem"] == "paginas":
            from bench import carga_interno

            carga_interno.criar_usuario()
            resposta = {"paginas": carga_interno.paginas(), "usuario": carga_interno.USUARIO}
        else:
            resposta = medir(
                ordem["url"], ordem["n"], ordem.get("sem_cache", False), ordem.get("anonimo", False)
            )
        print(json.dumps(resposta), flush=True)


if __name__ == "__main__":
    main()
