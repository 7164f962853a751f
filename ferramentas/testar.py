"""`make test`: a suíte inteira no banco configurado e, quando ele é o SQLite, em seguida os
testes que só o PostgreSQL executa (marca `so_postgresql`) num PostgreSQL, se houver um.

Roda com o Python do .venv; os argumentos vão para o pytest. TESTES_POSTGRES_URL diz onde
achar o PostgreSQL (padrão: o local, usuário postgres, sem senha); sem nenhum alcançável, o
resumo diz quantos ficaram pulados e como apontar para um.
"""

import os
import subprocess
import sys

import dj_database_url
import psycopg

POSTGRES_PADRAO = "postgres://postgres@127.0.0.1:5432/emancipacao"


def e_postgresql(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://", "pgsql://"))


def motivo_inalcancavel(url: str) -> str | None:
    """None se o servidor de `url` aceita conexão (no banco `postgres`, o que o Django usa
    para criar o banco de teste); senão, a primeira linha do erro."""
    config = dj_database_url.parse(url)
    try:
        psycopg.connect(
            host=config["HOST"] or None,
            port=config["PORT"] or None,
            user=config["USER"] or None,
            password=config["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=3,
        ).close()
    except psycopg.Error as erro:
        return str(erro).strip().splitlines()[0] if str(erro).strip() else type(erro).__name__
    return None


def pytest(argumentos: list[str], **ambiente: str) -> int:
    feito = subprocess.run(
        [sys.executable, "-m", "pytest", *argumentos], env={**os.environ, **ambiente}
    )
    # 5: nenhum teste coletado — os filtros pedidos não incluem testes do PostgreSQL.
    return 0 if feito.returncode == 5 else feito.returncode


def main(argumentos: list[str]) -> int:
    principal = pytest(argumentos)
    if e_postgresql(os.environ.get("DATABASE_URL", "")):
        return principal
    url = os.environ.get("TESTES_POSTGRES_URL") or POSTGRES_PADRAO
    sem_senha = dj_database_url.parse(url)
    onde = f"{sem_senha['HOST'] or 'socket local'}:{sem_senha['PORT'] or 5432}"
    if motivo := motivo_inalcancavel(url):
        print(
            f"\n== Os testes só do PostgreSQL ficaram pulados (contados acima): nenhum "
            f"PostgreSQL em {onde} ({motivo}).\n   Para rodá-los, aponte para um: "
            "TESTES_POSTGRES_URL=postgres://usuario:senha@host:5432/nome make test",
            flush=True,
        )
        return principal
    print(f"\n== Os testes que só o PostgreSQL executa, no PostgreSQL em {onde}", flush=True)
    # Um processo só: são poucos, e cada processo do xdist criaria o seu banco de teste.
    segundo = pytest([*argumentos, "-m", "so_postgresql", "-n", "0"], DATABASE_URL=url)
    return principal or segundo


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
