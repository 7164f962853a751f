"""Painel: a contagem por estado não lê a tabela inteira quando há muitos processos. Acima
do limiar, os estados comuns são a estimativa do planejador do PostgreSQL, ditas "cerca
de"; os raros, contados de verdade; abaixo dele, tudo contado (painel.contagens)."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from painel import contagens
from processos.models import Processo
from requisitos.models import Municipio


def _linhas_por_estado(html: str) -> dict[str, str]:
    linhas = re.findall(r'<tr data-estado="(\w+)">.*?<td class="text-end">(.*?)</td></tr>', html)
    return {estado: re.sub(r"<[^>]+>", "", valor).strip() for estado, valor in linhas}


def _contados() -> dict[str, int]:
    return dict(Processo.objects.values_list("estado").annotate(n=Count("id")).order_by())


@pytest.fixture
def muitos(db):
    for i in range(6):
        Municipio.objects.get_or_create(codigo_ibge=5100100 + i, defaults={"nome": f"Origem {i}"})
    call_command("gerar_massa", processos=300, semente=5, assinaturas=0, stdout=StringIO())
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE processos_processo")
    contagens.esquecer_estatisticas()
    yield
    contagens.esquecer_estatisticas()


def test_abaixo_do_limiar_todos_os_estados_sao_contados(client, servidor, muitos):
    client.force_login(servidor)

    html = client.get("/painel/").content.decode()

    assert "cerca de" not in html
    contados = _contados()
    for estado, texto in _linhas_por_estado(html).items():
        assert texto == str(contados.get(estado, 0))


@pytest.mark.so_postgresql
def test_acima_do_limiar_os_estados_comuns_sao_estimados_e_os_raros_contados(
    client, servidor, muitos, monkeypatch
):
    monkeypatch.setattr(contagens, "LIMIAR_ESTIMATIVA", 200)
    monkeypatch.setattr(contagens, "LIMIAR_EXATO", 20)
    client.force_login(servidor)

    with CaptureQueriesContext(connection) as consultas:
        html = client.get("/painel/").content.decode()

    contados = _contados()
    linhas = _linhas_por_estado(html)
    estimados = {e for e, texto in linhas.items() if texto.startswith("cerca de")}
    assert estimados, html
    for estado, texto in linhas.items():
        if estado in estimados:
            # A estimativa é a da amostra (aqui, a tabela inteira): perto do número real.
            assert abs(int(texto.removeprefix("cerca de").strip()) - contados[estado]) <= 1
        else:
            assert texto == str(contados.get(estado, 0))
            assert contados.get(estado, 0) < 20 or estado not in estimados
    # Nenhuma consulta agrupa a tabela inteira: a contagem exata é só dos estados raros.
    agrupadas = [q["sql"] for q in consultas.captured_queries if "GROUP BY" in q["sql"]]
    assert all('"estado" IN' in sql for sql in agrupadas), agrupadas
