"""Benchmark de carga: `make bench-carga` ou `python -m bench.carga --processos 5000 50000`.

Para cada N: cria (ou reaproveita) o banco PostgreSQL `emancipacao_bench_<N>`, migra e o
enche com `gerar_massa --processos N`; mede no próprio processo cada página (tempo, consultas,
SQL: `bench.carga_interno`); sobe o gunicorn com 2 workers síncronos e mede com o `wrk` a
10 e a 2 conexões (req/s, p50/p95/p99), com a página de login (nenhuma consulta) como
calibração; lê a memória (RSS) de cada worker em /proc. Imprime as tabelas, compara os N e
grava o JSON em `bench/resultados/`.

O PostgreSQL vem de `BENCH_POSTGRES` (padrão postgres://postgres@127.0.0.1:5432). O wrk é o
pacote do Debian: `apt-get install -y wrk`.
"""

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path

import psycopg

RAIZ = Path(__file__).resolve().parent.parent
RESULTADOS = RAIZ / "bench" / "resultados"
LUA = RAIZ / "bench" / "wrk_resumo.lua"
PYTHON = sys.executable
CONEXOES = (10, 2)


def _ambiente(banco: str) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": f"{_base()}/{banco}",
        "DJANGO_SECRET_KEY": "somente-benchmark-de-carga",
        "EMANCIPACAO_URL_PUBLICA": "http://127.0.0.1:8000",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONPATH": str(RAIZ),
        # Sem STATIC_ROOT coletado o WhiteNoise avisa a cada worker; os estáticos não são medidos.
        "PYTHONWARNINGS": "ignore:No directory at",
        # O piso das páginas internas é um 404 medido milhares de vezes: sem o aviso de cada um.
        "DJANGO_LOG_LEVEL": "ERROR",
    }


def _base() -> str:
    return os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432").rstrip("/")


def _criar_banco(banco: str) -> None:
    with psycopg.connect(f"{_base()}/postgres", autocommit=True) as conexao:
        existe = conexao.execute("SELECT 1 FROM pg_database WHERE datname = %s", [banco]).fetchone()
        if not existe:
            conexao.execute(f'CREATE DATABASE "{banco}"')


def _manage(ambiente: dict, *argumentos: str) -> float:
    inicio = time.perf_counter()
    subprocess.run([PYTHON, "manage.py", *argumentos], cwd=RAIZ, env=ambiente, check=True)
    return time.perf_counter() - inicio


def preparar(n: int) -> tuple[dict, float]:
    banco = f"emancipacao_bench_{n}"
    _criar_banco(banco)
    ambiente = _ambiente(banco)
    _manage(ambiente, "migrate", "--no-input", "-v", "0")
    _manage(ambiente, "createcachetable")
    segundos = _manage(ambiente, "gerar_massa", "--processos", str(n))
    # Um banco recém-carregado não tem estatísticas nem mapa de visibilidade (o autovacuum
    # ainda não passou): o planejador erra e as varreduras só de índice leem a tabela. Em
    # produção o autovacuum já passou; aqui, antes de medir.
    with psycopg.connect(f"{_base()}/{banco}", autocommit=True) as conexao:
        conexao.execute("VACUUM ANALYZE")
    return ambiente, segundos


def medir_no_processo(ambiente: dict, repeticoes: int) -> dict:
    saida = subprocess.run(
        [PYTHON, "-m", "bench.carga_interno", str(repeticoes)],
        cwd=RAIZ,
        env=ambiente,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(saida.stdout)


def porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def esperar_no_ar(url: str, tentativas: int = 100) -> None:
    """Até o servidor que acaba de subir responder a `url`."""
    for _ in range(tentativas):
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)


def filhos(pid: int) -> list[int]:
    achados = []
    for entrada in Path("/proc").iterdir():
        if entrada.name.isdigit():
            try:
                campos = (entrada / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(campos[1]) == pid:
                achados.append(int(entrada.name))
    return achados


def _rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024


def _wrk(url: str, conexoes: int, duracao: int, cookie: str | None) -> dict:
    comando = ["wrk", "-t2", f"-c{conexoes}", f"-d{duracao}s", "-s", str(LUA), url]
    if cookie:
        comando[1:1] = ["-H", f"Cookie: {cookie}"]
    saida = subprocess.run(comando, capture_output=True, text=True, check=True).stdout
    return json.loads(saida.split("RESUMO ", 1)[1].splitlines()[0])


def medir_com_wrk(ambiente: dict, interno: dict, duracao: int) -> tuple[dict, list[float]]:
    porta = porta_livre()
    gunicorn = subprocess.Popen(
        [
            str(Path(PYTHON).parent / "gunicorn"),
            "emancipacao.wsgi",
            "-w",
            "2",
            "-k",
            "sync",
            "-b",
            f"127.0.0.1:{porta}",
            "--log-level",
            "warning",
        ],
        cwd=RAIZ,
        env=ambiente,
    )
    try:
        base = f"http://127.0.0.1:{porta}"
        esperar_no_ar(f"{base}/entrar/")
        medidas = {}
        for nome, pagina in interno["paginas"].items():
            if pagina.get("sem_cache"):
                continue
            cookie = interno["cookie"] if pagina["login"] else None
            medidas[nome] = {
                str(c): _wrk(base + pagina["url"], c, duracao, cookie) for c in CONEXOES
            }
        rss = [round(_rss_mb(pid), 1) for pid in filhos(gunicorn.pid)]
    finally:
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
    return medidas, rss


# Orçamentos a N = 50 000: tempo médio no processo (ms), SQL (ms) e a razão mínima
# req/s da página ÷ req/s do login no mesmo wrk (vale numa máquina ruidosa). Consultas ≤ 10.
ORCAMENTOS = {
    "lista_p1": {"ms": 25, "razao": 0.15},
    "lista_ultima": {"ms": 25, "razao": 0.15},
    "lista_prazo": {"ms": 25, "razao": 0.15},
    "busca": {"ms": 35, "sql_ms": 15},
    "busca_nome": {"ms": 35, "sql_ms": 15},
    "busca_protocolo": {"ms": 35, "sql_ms": 15},
    "processo": {"ms": 12, "razao": 0.25},
    "prazos": {"ms": 25},
    "portal_lista": {"ms": 5},
    "portal_processo": {"ms": 5},
    "portal_lista_sem_cache": {"ms": 25},
    "portal_processo_sem_cache": {"ms": 25},
}
CONSULTAS_MAX = 10
RSS_MAX_MB = 150


def conferir_orcamento(nome: str, interno: dict, razao: float | None) -> list[str]:
    """O que passou do orçamento da página (vazio: dentro)."""
    orcamento = ORCAMENTOS.get(nome, {})
    falhas = []
    if nome != "login" and interno["consultas"] > CONSULTAS_MAX:
        falhas.append(f"{interno['consultas']} consultas > {CONSULTAS_MAX}")
    if "ms" in orcamento and interno["media_ms"] > orcamento["ms"]:
        falhas.append(f"{interno['media_ms']:.1f} ms > {orcamento['ms']}")
    if "sql_ms" in orcamento and interno["sql_ms"] > orcamento["sql_ms"]:
        falhas.append(f"SQL {interno['sql_ms']:.1f} ms > {orcamento['sql_ms']}")
    if "razao" in orcamento and razao is not None and razao < orcamento["razao"]:
        falhas.append(f"razão {razao:.2f} < {orcamento['razao']}")
    return falhas


def _tabela(n: int, resultado: dict) -> str:
    login = resultado["wrk"]["login"]["10"]["rps"] or 1
    rss = resultado["rss_mb"]
    acima = [r for r in rss if r > RSS_MAX_MB]
    linhas = [
        f"\nN = {n} processos (massa gerada em {resultado['gerar_massa_s']:.0f} s; "
        f"RSS dos workers: {', '.join(f'{r:.0f} MB' for r in rss)}"
        f"{f' — acima de {RSS_MAX_MB} MB' if acima else ''})",
        f"{'página':<26}{'interno ms':>11}{'consultas':>10}{'SQL ms':>8}"
        f"{'req/s@10':>10}{'p50/p95/p99 @10 (ms)':>24}{'req/s@2':>9}"
        f"{'p50/p95/p99 @2 (ms)':>22}{'razão':>7}  orçamento",
    ]
    for nome, interno in resultado["interno"]["paginas"].items():
        medidas = resultado["wrk"].get(nome)
        razao = medidas["10"]["rps"] / login if medidas else None
        linha = f"{nome:<26}{interno['media_ms']:>11.1f}{interno['consultas']:>10}"
        linha += f"{interno['sql_ms']:>8.1f}"
        if medidas:
            w10, w2 = medidas["10"], medidas["2"]
            linha += f"{w10['rps']:>10.1f}{_percentis(w10):>24}{w2['rps']:>9.1f}"
            linha += f"{_percentis(w2):>22}{razao:>7.2f}"
        else:
            linha += f"{'—':>10}{'—':>24}{'—':>9}{'—':>22}{'—':>7}"
        esperado = interno.get("esperado", 200)
        erros = interno["status"] != esperado or (
            esperado == 200 and medidas and medidas["10"]["nao_2xx"]
        )
        falhas = conferir_orcamento(nome, interno, razao)
        linha += "  " + ("; ".join(falhas) if falhas else "dentro")
        linhas.append(linha + (" (resposta fora do esperado!)" if erros else ""))
    piso = resultado["wrk"].get("interno_vazio")
    if piso:
        linhas.append(
            f"Piso das páginas internas (interno_vazio: sessão, usuário e base.html, sem view): "
            f"razão {piso['10']['rps'] / login:.2f} — nenhuma página interna passa disso."
        )
    return "\n".join(linhas)


def _percentis(w: dict) -> str:
    return f"{w['p50_ms']:.1f}/{w['p95_ms']:.1f}/{w['p99_ms']:.1f}"


def _comparacao(resultados: dict) -> str:
    ns = sorted(resultados, key=int)
    cabecalho = f"{'página':<26}" + "".join(f"{f'ms @ {n}':>12}{'cons.':>7}" for n in ns)
    linhas = ["\nComparação (tempo no processo e consultas por página)", cabecalho]
    for nome in resultados[ns[0]]["interno"]["paginas"]:
        linha = f"{nome:<26}"
        for n in ns:
            pagina = resultados[n]["interno"]["paginas"].get(nome, {})
            linha += f"{pagina.get('media_ms', 0):>12.1f}{pagina.get('consultas', 0):>7}"
        linhas.append(linha)
    return "\n".join(linhas)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processos", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--duracao", type=int, default=10, help="segundos de cada wrk")
    parser.add_argument("--repeticoes", type=int, default=20, help="medições no processo")
    argumentos = parser.parse_args()
    if not shutil.which("wrk"):
        print(
            "O benchmark de carga usa o wrk (pacote do Debian). Instale com:\n"
            "    sudo apt-get install -y wrk\n"
            "e rode de novo.",
            file=sys.stderr,
        )
        return 2
    resultados = {}
    for n in argumentos.processos:
        ambiente, segundos = preparar(n)
        interno = medir_no_processo(ambiente, argumentos.repeticoes)
        wrk, rss = medir_com_wrk(ambiente, interno, argumentos.duracao)
        resultados[str(n)] = {
            "gerar_massa_s": round(segundos, 1),
            "interno": interno,
            "wrk": wrk,
            "rss_mb": rss,
        }
        print(_tabela(n, resultados[str(n)]), flush=True)
    if len(resultados) > 1:
        print(_comparacao(resultados))
    RESULTADOS.mkdir(exist_ok=True)
    arquivo = RESULTADOS / f"carga-{datetime.now():%Y%m%d-%H%M%S}.json"
    arquivo.write_text(json.dumps(resultados, indent=2, ensure_ascii=False))
    print(f"\nResultados em {arquivo.relative_to(RAIZ)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
