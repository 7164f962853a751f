"""Seis retificações do resultado do plebiscito enviadas ao mesmo tempo a partir do
mesmo formulário gravavam as versões 2 a 7, valendo em silêncio a última. Com a versão do
processo no formulário, exatamente uma vale; as outras recebem o aviso e nada gravam."""

import re
import threading

import pytest
from django.db import connection
from django.test import Client

from plebiscito.models import Resultado
from processos.models import Andamento
from tests.processos.construtores import formulario_do_ato
from tests.processos.test_versao_do_formulario import DESATUALIZADO, processo_em_que_cabe

# Os grupos dos papéis vêm de uma migração de dados; o flush dos testes transacionais os
# apagaria para os testes seguintes sem o serialized_rollback.
transacional = pytest.mark.django_db(transaction=True, serialized_rollback=True)
SIMULTANEAS = 6


def _postar_ao_mesmo_tempo(clientes, url, post) -> list:
    barreira = threading.Barrier(len(clientes))
    respostas = [None] * len(clientes)

    def enviar(indice, cliente):
        try:
            barreira.wait(timeout=10)
            respostas[indice] = cliente.post(url, post)
        finally:
            connection.close()

    threads = [threading.Thread(target=enviar, args=(i, c)) for i, c in enumerate(clientes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "thread presa (deadlock?)"
    return respostas


@transacional
@pytest.mark.so_postgresql
def test_seis_retificacoes_simultaneas_do_mesmo_formulario_so_uma_vale(operador, mesa):
    processo = processo_em_que_cabe(operador, "retificar_resultado")
    url = f"/processos/{processo.slug}/atos/retificar-resultado/"
    clientes = [Client() for _ in range(SIMULTANEAS)]
    for i, cliente in enumerate(clientes):
        cliente.force_login(mesa if i % 2 else operador)
    pagina = clientes[0].get(url).content.decode()
    visto = re.search(r'name="ultimo_andamento" value="(\d+)"', pagina).group(1)
    post = formulario_do_ato(processo, "retificar_resultado", ultimo_andamento=visto)
    versoes_antes = Resultado.objects.filter(processo=processo).count()

    respostas = _postar_ao_mesmo_tempo(clientes, url, post)

    situacoes = sorted(r.status_code for r in respostas)
    assert situacoes == [302] + [400] * (SIMULTANEAS - 1)
    for recusada in (r for r in respostas if r.status_code == 400):
        assert DESATUALIZADO in recusada.content.decode()
    assert Andamento.objects.filter(processo=processo, ato="retificar_resultado").count() == 1
    assert Resultado.objects.filter(processo=processo).count() == versoes_antes + 1
