"""Mede a lista de processos e a prática de atos, num banco descartável.

Uso: `python -m bench.lista_processos` (SQLite em memória) ou com DATABASE_URL para o
PostgreSQL (cria e apaga o banco de teste `test_<nome>`). Imprime mediana e consultas SQL.
"""

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
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from processos.estados import Estado, Tipo  # noqa: E402
from processos.models import Processo  # noqa: E402
from processos.services import praticar_ato  # noqa: E402
from requisitos.models import Municipio  # noqa: E402


def criar_processos(quantidade: int) -> None:
    municipios = list(Municipio.objects.all())
    estados = list(Estado.values)
    inicio = Processo.objects.count()
    Processo.objects.bulk_create(
        Processo(
            numero=i + 1,
            ano=2026,
            tipo=Tipo.CRIACAO,
            estado=estados[i % len(estados)],
            nome_proposto=f"Distrito {i}",
            sede_proposta=f"Distrito {i}",
            forma_encaminhamento="comunidade",
            data_leitura_expediente=date(2026, 1, 2),
        )
        for i in range(inicio, inicio + quantidade)
    )
    ligacoes = Processo.municipios_origem.through
    ligacoes.objects.bulk_create(
        ligacoes(processo_id=p, municipio_id=municipios[p % len(municipios)].pk)
        for p in Processo.objects.filter(municipios_origem=None).values_list("pk", flat=True)
    )
    Processo.objects.filter(nomes_das_origens="").guardar_nomes_das_origens()


def medir(funcao, repeticoes: int) -> float:
    tempos = []
    for _ in range(repeticoes):
        inicio = time.perf_counter()
        funcao()
        tempos.append(time.perf_counter() - inicio)
    return statistics.median(tempos)


def main() -> None:
    setup_test_environment()
    nome = connection.creation.create_test_db(
        verbosity=0, autoclobber=True, keepdb=False, serialize=False
    )
    try:
        with open(os.devnull, "w") as silencio:
            call_command("carregar_municipios", stdout=silencio)
        usuario = User.objects.create_user("bench", password="x")
        usuario.groups.add(Group.objects.get(name="Servidor da CRT"))
        cliente = Client()
        cliente.force_login(usuario)
        for total in (100, 2000):
            criar_processos(total - Processo.objects.count())
            cliente.get("/processos/")
            consultas: list[str] = []

            def contar(executar, sql, *args, consultas=consultas):
                consultas.append(sql)
                return executar(sql, *args)

            with connection.execute_wrapper(contar):
                resposta = cliente.get("/processos/?ordem=-movimentacao")
            assert resposta.status_code == 200, resposta.status_code
            mediana = medir(lambda: cliente.get("/processos/?ordem=-movimentacao"), 15)
            print(
                f"lista de processos, {total} processos: mediana {mediana * 1000:.1f} ms, "
                f"{len(consultas)} consultas SQL"
            )
        alvo = Processo.objects.filter(estado=Estado.EM_INSTRUCAO).first()
        hoje = date.today()

        def ciclo():
            praticar_ato(
                processo_id=alvo.pk,
                nome_ato="baixar_em_diligencia",
                usuario=usuario,
                data_ato=hoje,
                dados={"documentos_faltantes": "x", "solicitado_a": "y"},
            )
            praticar_ato(
                processo_id=alvo.pk,
                nome_ato="receber_na_crt",
                usuario=usuario,
                data_ato=hoje,
                dados={"declara_documentos_art15": True, "declara_representacao_valida": True},
            )

        mediana = medir(ciclo, 30) / 2
        print(f"praticar_ato (travamento + transição + andamento): mediana {mediana * 1000:.1f} ms")
    finally:
        connection.creation.destroy_test_db(nome, verbosity=0)


if __name__ == "__main__":
    main()
