"""Os programas do cliente PostgreSQL (pacote `postgresql-client` do Debian) chamados com os
parâmetros de conexão de um alias do Django. A senha vai por PGPASSWORD, nunca na linha de
comando (que `ps` mostra a qualquer usuário da máquina)."""

import os
import re
import shutil
import subprocess
from collections.abc import Sequence

# Nome de banco que aceitamos criar e apagar: minúsculas, dígitos e _, como um identificador
# do PostgreSQL sem aspas — nada que o shell ou o SQL possam interpretar.
NOME_DE_BANCO = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class FalhaOperacao(Exception):
    """Uma etapa da cópia ou da restauração falhou; a mensagem diz qual, em pt-BR."""


def exigir_programas(*nomes: str) -> None:
    faltam = [nome for nome in nomes if shutil.which(nome) is None]
    if faltam:
        raise FalhaOperacao(
            f"Programa(s) do PostgreSQL não encontrado(s): {', '.join(faltam)}. Instale o "
            "cliente (apt-get install postgresql-client) na mesma versão do servidor."
        )


def exigir_postgresql(config: dict) -> None:
    if config["ENGINE"] != "django.db.backends.postgresql":
        raise FalhaOperacao(
            "A cópia e o ensaio de restauração são do PostgreSQL de produção; este banco é "
            f"{config['ENGINE'].rsplit('.', 1)[-1]} (defina DATABASE_URL=postgres://...)."
        )


def conexao(config: dict) -> tuple[list[str], dict[str, str]]:
    """(opções -h/-p/-U, ambiente com PGPASSWORD) de um `settings_dict` do Django."""
    opcoes = []
    if config.get("HOST"):
        opcoes += ["-h", str(config["HOST"])]
    if config.get("PORT"):
        opcoes += ["-p", str(config["PORT"])]
    if config.get("USER"):
        opcoes += ["-U", str(config["USER"])]
    ambiente = dict(os.environ)
    if config.get("PASSWORD"):
        ambiente["PGPASSWORD"] = str(config["PASSWORD"])
    return opcoes, ambiente


def executar(programa: str, argumentos: Sequence[str], config: dict, *, etapa: str) -> str:
    """Roda o programa com a conexão de `config`; `FalhaOperacao` com o stderr se falhar."""
    opcoes, ambiente = conexao(config)
    feito = subprocess.run(
        [programa, *opcoes, *argumentos],
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
    )
    if feito.returncode != 0:
        detalhe = (feito.stderr or feito.stdout).strip()[-2000:]
        codigo = feito.returncode
        raise FalhaOperacao(f"{etapa}: {programa} terminou com código {codigo}.\n{detalhe}")
    return feito.stdout


def validar_nome(nome: str) -> str:
    if not NOME_DE_BANCO.match(nome):
        raise FalhaOperacao(
            f"Nome de banco inválido: {nome!r}. Use minúsculas, dígitos e _ (até 63), "
            "começando por letra ou _."
        )
    return nome


def banco_existe(nome: str, config: dict) -> bool:
    validar_nome(nome)
    saida = executar(
        "psql",
        ["-d", "postgres", "-tAc", f"SELECT 1 FROM pg_database WHERE datname = '{nome}'"],
        config,
        etapa="consulta dos bancos existentes",
    )
    return saida.strip() == "1"
