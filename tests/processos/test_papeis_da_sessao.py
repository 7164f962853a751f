"""O usuário da sessão vem do banco já com os papéis (`BackendComPapeis`): uma
consulta para o usuário e os grupos — e o exercício da Presidência (Art. 21) — em vez de
duas, em toda página da área interna."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from processos.registros import ExercicioPresidencia
from tests.conftest import SENHA
from tests.processos.construtores import processo_no_estado


def _consultas_de_usuario(client, url) -> tuple[list[str], str]:
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200
    sql = [q["sql"] for q in contexto.captured_queries]
    return [s for s in sql if '"auth_group"' in s or '"auth_user"' in s], resposta.content.decode()


@pytest.mark.django_db
def test_papeis_vem_na_consulta_do_usuario(client, servidor):
    # O login de verdade (a sessão guarda o backend que autenticou).
    resposta = client.post("/entrar/", {"username": "alice", "password": SENHA})
    assert resposta.status_code == 302

    consultas, html = _consultas_de_usuario(client, "/painel/")

    # Uma só consulta toca usuário e grupos: a do usuário da sessão, com os grupos (LEFT
    # JOIN) e o exercício da Presidência (EXISTS).
    assert len(consultas) == 1
    assert 'LEFT OUTER JOIN "auth_group"' in consultas[0]
    assert "EXISTS" in consultas[0]
    assert "Alice" in html


@pytest.mark.django_db
def test_grupo_retirado_vale_na_proxima_requisicao(client, servidor):
    client.force_login(servidor)
    assert client.get("/painel/").status_code == 200

    servidor.groups.clear()

    assert client.get("/painel/").status_code == 403


@pytest.mark.django_db
def test_exercicio_da_presidencia_lido_com_o_usuario(client, servidor):
    """Art. 21: o membro em exercício da Presidência vê e pratica os atos do Presidente; o
    exercício vem na mesma consulta do usuário."""
    processo = processo_no_estado(servidor, "criacao", "em_instrucao")
    url = f"/processos/{processo.slug}/atos/arquivar/"
    client.force_login(servidor)
    assert client.get(url).status_code == 403

    ExercicioPresidencia.objects.create(
        membro=servidor, inicio=timezone.localdate(), ato_designacao="Portaria 1/2026"
    )

    assert client.get(url).status_code == 200
