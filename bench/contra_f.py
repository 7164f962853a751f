"""Cada página medida contra o piso F (`bench.piso_f`) na mesma rodada, intercalada com ele.

No processo: dois processos medidores (`bench.rodadas`), o do sistema e o de F, no mesmo
banco; para cada página, `rodadas` vezes: um bloco de pedidos a F, um bloco à página. Da
página e do F dela: a mediana do tempo de parede, a CPU por pedido (a do processo medidor
mais a do backend do PostgreSQL que o atende) e as razões × F.

Sob carga (se houver o `wrk`): o gunicorn do sistema e o de F, 2 workers síncronos cada; para
cada página, `rodadas` vezes o wrk em F e na página, um logo depois do outro; a razão é
req/s da página ÷ req/s de F da mesma rodada (mediana das rodadas).
"""

import json
import shutil
import statistics
import subprocess
from pathlib import Path

from bench.servidor import PYTHON, RAIZ, esperar_no_ar, filhos, porta_livre, rss_mb, wrk

URL_F = "/piso/"
CONEXOES = 10


class Medidor:
    """Um processo `bench.rodadas` com os settings dados; `pedir` manda uma ordem e lê a
    resposta."""

    def __init__(self, ambiente: dict, settings: str):
        self.processo = subprocess.Popen(
            [PYTHON, "-m", "bench.rodadas"],
            cwd=RAIZ,
            env={**ambiente, "DJANGO_SETTINGS_MODULE": settings},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def pedir(self, **ordem) -> dict:
        self.processo.stdin.write(json.dumps(ordem) + "\n")
        self.processo.stdin.flush()
        linha = self.processo.stdout.readline()
        if not linha:
            raise RuntimeError(f"o medidor parou (ordem {ordem})")
        return json.loads(linha)

    def fechar(self) -> None:
        self.processo.stdin.close()
        self.processo.wait(timeout=60)


def _resumo(blocos: list[dict]) -> dict:
    tempos = [t for b in blocos for t in b["tempos"]]
    com_banco = [b for b in blocos if b["cpu_banco"] is not None]
    pedidos_banco = sum(len(b["tempos"]) for b in com_banco)
    cpu = sum(b["cpu"] for b in blocos) / len(tempos)
    cpu_banco = sum(b["cpu_banco"] for b in com_banco) / pedidos_banco if pedidos_banco else 0
    return {
        "mediana_ms": statistics.median(tempos) * 1000,
        "cpu_ms": (cpu + cpu_banco) * 1000,
        "cpu_banco_ms": cpu_banco * 1000,
        "status": blocos[0]["status"],
        "consultas": blocos[0]["consultas"],
        "sql_ms": blocos[0]["sql_s"] * 1000,
    }


def medir_no_processo(ambiente: dict, rodadas: int, pedidos: int, so=None) -> dict:
    """`so`: os nomes das páginas a medir (todas, sem ele)."""
    sistema = Medidor(ambiente, "bench.piso_interno")
    piso = Medidor(ambiente, "bench.piso_f")
    try:
        escolha = sistema.pedir(ordem="paginas")
        cookie = sistema.pedir(ordem="entrar", usuario=escolha["usuario"])["cookie"]
        cookie_f = piso.pedir(ordem="entrar", usuario=escolha["usuario"])["cookie"]
        paginas = {}
        todos_f = []
        for nome, pagina in escolha["paginas"].items():
            if so and nome not in so:
                continue
            blocos, blocos_f = [], []
            for _ in range(rodadas):
                blocos_f.append(piso.pedir(ordem="medir", url=URL_F, n=pedidos))
                blocos.append(
                    sistema.pedir(
                        ordem="medir",
                        url=pagina["url"],
                        n=pedidos,
                        sem_cache=pagina.get("sem_cache", False),
                        anonimo=not pagina["login"],
                    )
                )
            todos_f += blocos_f
            medida, f = _resumo(blocos), _resumo(blocos_f)
            paginas[nome] = {
                **pagina,
                **medida,
                "f_mediana_ms": f["mediana_ms"],
                "f_cpu_ms": f["cpu_ms"],
                "razao": medida["mediana_ms"] / f["mediana_ms"],
                "razao_cpu": medida["cpu_ms"] / f["cpu_ms"] if f["cpu_ms"] else None,
            }
        return {
            "f": _resumo(todos_f),
            "paginas": paginas,
            "cookie": f"sessionid={cookie}",
            "cookie_f": f"sessionid={cookie_f}",
        }
    finally:
        sistema.fechar()
        piso.fechar()


def _gunicorn(ambiente: dict, settings: str, aplicacao: str) -> tuple[subprocess.Popen, str]:
    porta = porta_livre()
    processo = subprocess.Popen(
        [
            str(Path(PYTHON).parent / "gunicorn"),
            aplicacao,
            *("-w", "2", "-k", "sync", "-b", f"127.0.0.1:{porta}", "--log-level", "warning"),
        ],
        cwd=RAIZ,
        env={**ambiente, "DJANGO_SETTINGS_MODULE": settings},
    )
    return processo, f"http://127.0.0.1:{porta}"


def _aquecer(base: str, base_f: str, interno: dict) -> None:
    """Um wrk curto em cada servidor antes de medir: o primeiro pedido de cada worker carrega
    as URLs, as views e os templates, e sem isso a primeira página medida pagaria a partida
    do worker que o `esperar_no_ar` não acordou."""
    wrk(base_f + URL_F, CONEXOES, 2, interno["cookie_f"])
    for pagina in interno["paginas"].values():
        if not pagina.get("sem_cache"):
            wrk(base + pagina["url"], CONEXOES, 2, interno["cookie"] if pagina["login"] else None)
            return


def medir_com_wrk(ambiente: dict, interno: dict, rodadas: int, duracao: int) -> dict:
    """req/s de cada página ÷ req/s de F na mesma rodada; e o RSS dos workers do sistema."""
    if not shutil.which("wrk"):
        return {"sem_wrk": True}
    sistema, base = _gunicorn(ambiente, "bench.piso_interno", "emancipacao.wsgi")
    piso, base_f = _gunicorn(ambiente, "bench.piso_f", "bench.piso_f:application")
    try:
        esperar_no_ar(f"{base}/entrar/")
        esperar_no_ar(f"{base_f}/piso/")
        _aquecer(base, base_f, interno)
        medidas = {}
        for nome, pagina in interno["paginas"].items():
            if pagina.get("sem_cache"):
                continue
            cookie = interno["cookie"] if pagina["login"] else None
            razoes, rps = [], []
            for _ in range(rodadas):
                f = wrk(base_f + URL_F, CONEXOES, duracao, interno["cookie_f"])
                p = wrk(base + pagina["url"], CONEXOES, duracao, cookie)
                razoes.append(p["rps"] / f["rps"] if f["rps"] else 0)
                rps.append((p["rps"], f["rps"], p["nao_2xx"]))
            medidas[nome] = {"razao_rps": statistics.median(razoes), "rodadas": rps}
        rss = [round(rss_mb(pid), 1) for pid in filhos(sistema.pid)]
    finally:
        for processo in (sistema, piso):
            processo.terminate()
            processo.wait(timeout=30)
    return {"paginas": medidas, "rss_mb": rss}
