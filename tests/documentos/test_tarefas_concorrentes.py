"""Executores e pedidos simultâneos da cópia integral, com threads reais no PostgreSQL: cada
executor toma uma tarefa diferente (`skip_locked`), e pedidos simultâneos da cópia do mesmo
processo acompanham uma única montagem (restrição do banco)."""

import pytest

from documentos import tarefas
from documentos.models import TarefaDocumento
from tests.processos.construtores import protocolar
from tests.processos.test_concorrencia import _em_paralelo, transacional

pytestmark = pytest.mark.so_postgresql


@transacional
def test_executores_simultaneos_tomam_tarefas_diferentes(operador):
    for i in range(4):
        processo = protocolar(operador, nome=f"Vila Tarefa {i}", sede=f"Vila Tarefa {i}")
        tarefas.solicitar_copia_integral(processo, usuario=operador)

    resultados = _em_paralelo([lambda: tarefas.tomar_proxima().pk] * 4)

    assert [r[0] for r in resultados] == ["ok"] * 4, resultados
    assert len({r[1] for r in resultados}) == 4
    assert set(TarefaDocumento.objects.values_list("estado", "tentativas")) == {("executando", 1)}


@transacional
def test_pedidos_simultaneos_da_mesma_copia_acompanham_uma_montagem(operador):
    processo = protocolar(operador)

    resultados = _em_paralelo(
        [lambda: tarefas.solicitar_copia_integral(processo, usuario=operador).pk] * 5
    )

    assert [r[0] for r in resultados] == ["ok"] * 5, resultados
    assert len({r[1] for r in resultados}) == 1
    assert TarefaDocumento.objects.count() == 1
