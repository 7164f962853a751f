"""Mede a lista de signatários (Art. 13), num banco descartável:

- importar 10 000 assinaturas válidas de um CSV (leitura, conferência de cada título e
  gravação em lote numa transação); meta: < 2 s;
- a página da lista com 10 000 signatários (contagem + 1ª página + busca): tempo e número de
  consultas SQL, que deve ser o mesmo com 10 linhas.

Uso: `python -m bench.importacao_assinaturas` (SQLite em memória) ou com DATABASE_URL para o
PostgreSQL (cria e apaga o banco de teste `test_<nome>`).
"""

import io
import os
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "emancipacao.settings")
os.environ.setdefault("DJANGO_SECRET_KEY", "bench")
os.environ.setdefault("EMANCIPACAO_URL_PUBLICA", "http://127.0.0.1:8000")

import django  # noqa: E402

django.setup()

from datetime import date  # noqa: E402

from django.contrib.auth.models import Group, User  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from processos.models import FormaEncaminhamento  # noqa: E402
from processos.services import DadosProtocolo, protocolar_processo  # noqa: E402
from representacao.assinaturas import importar_csv  # noqa: E402
from representacao.titulo import digitos_verificadores  # noqa: E402
from requisitos.models import Municipio  # noqa: E402

CABECALHO = "nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"


def csv_valido(quantas: int, semente: int = 0) -> bytes:
    linhas = [CABECALHO]
    for i in range(1, quantas + 1):
        base = f"{semente * 1_000_000 + i:08d}18"
        titulo = base + digitos_verificadores(base)
        linhas.append(
            f"Eleitor da Silva {i};{titulo[:4]} {titulo[4:8]} {titulo[8:]};19;{i % 400};sim;sim"
        )
    return ("\n".join(linhas) + "\n").encode("utf-8")


def novo_processo(usuario, municipio, i: int):
    return protocolar_processo(
        usuario=usuario,
        dados=DadosProtocolo(
            tipo="criacao",
            nome_proposto=f"Vila {i}",
            sede_proposta=f"Vila {i}",
            municipios_origem=[municipio],
            forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
            data_leitura_expediente=date(2026, 1, 2),
        ),
    )


def consultas_da_pagina(cliente, caminho: str) -> int:
    consultas: list[str] = []

    def contar(executar, sql, *args):
        consultas.append(sql)
        return executar(sql, *args)

    with connection.execute_wrapper(contar):
        resposta = cliente.get(caminho)
    assert resposta.status_code == 200, resposta.status_code
    return len(consultas)


def medir_pagina(cliente, caminho: str, repeticoes: int = 15) -> float:
    tempos = []
    for _ in range(repeticoes):
        inicio = time.perf_counter()
        cliente.get(caminho)
        tempos.append(time.perf_counter() - inicio)
    return statistics.median(tempos)


def main() -> None:
    setup_test_environment()
    nome = connection.creation.create_test_db(
        verbosity=0, autoclobber=True, keepdb=False, serialize=False
    )
    try:
        usuario = User.objects.create_user("bench", password="x", first_name="Bench")
        usuario.groups.add(Group.objects.get(name="Servidor da CRT"))
        municipio = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
        tempos = []
        for rodada in range(3):
            processo = novo_processo(usuario, municipio, rodada)
            conteudo = csv_valido(10_000, semente=rodada)
            inicio = time.perf_counter()
            relatorio = importar_csv(
                processo=processo,
                usuario=usuario,
                arquivo=io.BytesIO(conteudo),
                nome_arquivo="lista.csv",
            )
            tempos.append(time.perf_counter() - inicio)
            assert relatorio.aceito and relatorio.importadas == 10_000, relatorio.mensagem
        print(
            f"importar 10.000 assinaturas (CSV de {len(conteudo) / 1024:.0f} KiB, com a "
            f"conferência dos títulos): mediana {statistics.median(tempos) * 1000:.0f} ms "
            f"(meta < 2.000 ms)"
        )
        pequeno = novo_processo(usuario, municipio, 99)
        importar_csv(
            processo=pequeno,
            usuario=usuario,
            arquivo=io.BytesIO(csv_valido(10, semente=99)),
            nome_arquivo="pequena.csv",
        )
        cliente = Client()
        cliente.force_login(usuario)
        for alvo, linhas in ((pequeno, 10), (processo, 10_000)):
            base = f"/processos/{alvo.slug}/assinaturas/"
            for rotulo, caminho in (
                ("1ª página", base),
                ("última página", base + "?pagina=200"),
                ("busca por nome", base + "?busca=Silva+99"),
            ):
                cliente.get(caminho)
                consultas = consultas_da_pagina(cliente, caminho)
                mediana = medir_pagina(cliente, caminho)
                print(
                    f"página de assinaturas, {linhas} signatários, {rotulo}: "
                    f"mediana {mediana * 1000:.1f} ms, {consultas} consultas SQL"
                )
    finally:
        connection.creation.destroy_test_db(nome, verbosity=0)


if __name__ == "__main__":
    main()
