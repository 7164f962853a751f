"""Benchmark de carga contra o piso F: `make bench-carga` ou
`python -m bench.carga --processos 5000 50000 [--readme]`.

Para cada N: cria (ou reaproveita) o banco PostgreSQL `<BENCH_BANCO>_<N>` (padrão
`emancipacao_bench_<N>`), migra e o enche com `gerar_massa --processos N`; mede cada página
intercalada com o piso F — um projeto Django mínimo no mesmo banco (`bench.piso_f`) — no
próprio processo e, se houver o `wrk`, sob o gunicorn (`bench.contra_f`): mediana do tempo de
parede, CPU por pedido (processo + backend do PostgreSQL), a razão × F, e a razão req/s ÷
req/s de F na mesma rodada. Os ms absolutos são relatados, não julgados: o orçamento de cada
página é em vezes F. Imprime a tabela, grava o JSON em `bench/resultados/` e, com `--readme`,
reescreve a tabela do README entre os marcadores (`--so-readme ARQUIVO.json`: só isso, de
uma medida gravada).

O PostgreSQL vem de `BENCH_POSTGRES` (padrão postgres://postgres@127.0.0.1:5432). O wrk é o
pacote do Debian, que o `make bench-carga` instala (`ferramentas/preparar.py bench`); sem ele
(`python -m bench.carga` direto), só a medida no processo.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import psycopg

from bench.servidor import PYTHON, RAIZ

RESULTADOS = RAIZ / "bench" / "resultados"


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
    # BENCH_BANCO: o prefixo do nome do banco (quem mede em paralelo, cada um com o seu).
    banco = f"{os.environ.get('BENCH_BANCO', 'emancipacao_bench')}_{n}"
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


ROTULOS = {
    "interno_vazio": "página interna vazia (piso do projeto)",
    "lista_p1": "lista, página 1",
    "lista_ultima": "lista, última página",
    "lista_prazo": "lista pelo prazo",
    "busca": "busca, termo comum",
    "busca_nome": "busca, nome inteiro",
    "busca_protocolo": "busca, protocolo",
    "processo": "página do processo (mais andamentos)",
    "prazos": "Prazos",
    "painel": "Painel",
    "portal_lista": "portal, lista (acerto do cache)",
    "portal_processo": "portal, processo (acerto do cache)",
    "portal_lista_sem_cache": "portal, lista (sem cache)",
    "portal_processo_sem_cache": "portal, processo (sem cache)",
}
# O orçamento de cada página, em vezes F (os da issue de desempenho).
ORCAMENTOS_X_F = {
    "interno_vazio": 1.5,
    "lista_p1": 10,
    "lista_ultima": 10,
    "lista_prazo": 12,
    "busca": 15,
    "processo": 8,
    "prazos": 12,
    "painel": 8,
    "portal_lista": 1.5,
    "portal_processo": 1.5,
}
MARCA_INICIO = "<!-- bench-carga: início da tabela gerada -->"
MARCA_FIM = "<!-- bench-carga: fim da tabela gerada -->"


def _ms(valor: float) -> str:
    return f"{valor:.2f}".replace(".", ",")


def _x(valor: float | None) -> str:
    return "—" if valor is None else f"{valor:.1f}".replace(".", ",")


def tabela(n: str, resultado: dict) -> str:
    """A tabela em Markdown de uma medida (a do README e a impressa)."""
    interno, wrk = resultado["interno"], resultado.get("wrk", {})
    f = interno["f"]
    linhas = [
        f"N = {n} processos — {resultado['quando']}; rodadas de {resultado['pedidos']} "
        f"pedidos, {resultado['rodadas']} por página, intercaladas com F.",
        "",
        "| página | mediana ms | × F | CPU ms/pedido (banco) | CPU × F | consultas "
        "| req/s × F (wrk) | orçamento × F | dentro? |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| **F** (Django mínimo) | {_ms(f['mediana_ms'])} | 1,0 | {_ms(f['cpu_ms'])} "
        f"({_ms(f['cpu_banco_ms'])}) | 1,0 | {f['consultas']} | 1,0 | — | — |",
    ]
    for nome, p in interno["paginas"].items():
        orcamento = ORCAMENTOS_X_F.get(nome)
        razao_rps = wrk.get("paginas", {}).get(nome, {}).get("razao_rps")
        dentro = "—" if orcamento is None else ("sim" if p["razao"] <= orcamento else "**não**")
        status = "" if p["status"] == 200 else f" (status {p['status']}!)"
        linhas.append(
            f"| {ROTULOS.get(nome, nome)}{status} | {_ms(p['mediana_ms'])} | {_x(p['razao'])} "
            f"| {_ms(p['cpu_ms'])} ({_ms(p['cpu_banco_ms'])}) | {_x(p['razao_cpu'])} "
            f"| {p['consultas']} | {'—' if razao_rps is None else _ms(razao_rps)} "
            f"| {'—' if orcamento is None else _x(orcamento)} | {dentro} |"
        )
    if wrk.get("sem_wrk"):
        linhas.append("\nSem o `wrk` nesta máquina: só a medida no processo.")
    elif wrk.get("rss_mb"):
        rss = ", ".join(f"{r:.0f}" for r in wrk["rss_mb"])
        linhas.append(f"\nRSS dos workers do sistema depois da carga: {rss} MB.")
    return "\n".join(linhas)


def escrever_readme(resultados: dict) -> None:
    readme = RAIZ / "README.md"
    texto = readme.read_text()
    if MARCA_INICIO not in texto or MARCA_FIM not in texto:
        raise SystemExit(f"O README não tem os marcadores {MARCA_INICIO} / {MARCA_FIM}.")
    antes, resto = texto.split(MARCA_INICIO, 1)
    depois = resto.split(MARCA_FIM, 1)[1]
    tabelas = "\n\n".join(
        tabela(n, r) for n, r in sorted(resultados.items(), key=lambda i: int(i[0]))
    )
    readme.write_text(f"{antes}{MARCA_INICIO}\n{tabelas}\n{MARCA_FIM}{depois}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processos", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--rodadas", type=int, default=5, help="blocos intercalados com F")
    parser.add_argument("--pedidos", type=int, default=20, help="pedidos por bloco")
    parser.add_argument("--duracao", type=int, default=5, help="segundos de cada wrk")
    parser.add_argument("--rodadas-wrk", type=int, default=2)
    parser.add_argument("--paginas", nargs="+", choices=ROTULOS, help="só estas páginas")
    parser.add_argument("--readme", action="store_true", help="reescreve a tabela do README")
    parser.add_argument("--so-readme", type=Path, help="reescreve o README de um JSON gravado")
    argumentos = parser.parse_args()
    if argumentos.so_readme:
        escrever_readme(json.loads(argumentos.so_readme.read_text()))
        return 0
    from bench import contra_f

    if not shutil.which("wrk"):
        print("Sem o wrk (apt-get install -y wrk): só a medida no processo.", file=sys.stderr)
    resultados = {}
    for n in argumentos.processos:
        ambiente, segundos = preparar(n)
        interno = contra_f.medir_no_processo(
            ambiente, argumentos.rodadas, argumentos.pedidos, argumentos.paginas
        )
        wrk = contra_f.medir_com_wrk(ambiente, interno, argumentos.rodadas_wrk, argumentos.duracao)
        resultados[str(n)] = {
            "quando": f"{datetime.now():%d/%m/%Y %H:%M}",
            "gerar_massa_s": round(segundos, 1),
            "rodadas": argumentos.rodadas,
            "pedidos": argumentos.pedidos,
            "interno": interno,
            "wrk": wrk,
        }
        print("\n" + tabela(str(n), resultados[str(n)]), flush=True)
    RESULTADOS.mkdir(exist_ok=True)
    arquivo = RESULTADOS / f"carga-{datetime.now():%Y%m%d-%H%M%S}.json"
    arquivo.write_text(json.dumps(resultados, indent=2, ensure_ascii=False))
    print(f"\nResultados em {arquivo.relative_to(RAIZ)}")
    if argumentos.readme:
        escrever_readme(resultados)
        print("Tabela do README reescrita.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
