"""A sessão renovada no máximo uma vez por minuto (emancipacao.sessao): o uso
dentro do minuto não regrava a sessão; depois dele, regrava e o prazo recomeça; a sessão
ociosa além de DJANGO_SESSAO_MINUTOS expira."""

import time
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from emancipacao.sessao import CHAVE


def _gravacoes_da_sessao(client, url="/painel/") -> int:
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200
    return sum(
        1
        for q in contexto.captured_queries
        if "django_session" in q["sql"]
        and q["sql"].lstrip().upper().startswith(("UPDATE", "INSERT"))
    )


def _expira_em(client):
    return Session.objects.get(session_key=client.session.session_key).expire_date


@pytest.mark.django_db
def test_requisicao_dentro_do_minuto_nao_grava_a_sessao(client, servidor):
    client.force_login(servidor)  # o login grava a sessão e conta como renovação
    antes = _expira_em(client)

    assert _gravacoes_da_sessao(client) == 0
    assert _gravacoes_da_sessao(client) == 0
    assert _expira_em(client) == antes


@pytest.mark.django_db
def test_depois_de_um_minuto_a_requisicao_grava_e_recomeca_o_prazo(client, servidor):
    client.force_login(servidor)
    sessao = client.session
    sessao[CHAVE] = int(time.time()) - 60  # renovada há um minuto
    sessao.save()
    Session.objects.update(expire_date=timezone.now() + timedelta(minutes=5))

    assert _gravacoes_da_sessao(client) == 1
    restante = _expira_em(client) - timezone.now()
    assert timedelta(minutes=119) < restante <= timedelta(minutes=120)


@pytest.mark.django_db
def test_renovada_ha_menos_de_um_minuto_o_prazo_nao_muda(client, servidor):
    client.force_login(servidor)
    sessao = client.session
    sessao[CHAVE] = int(time.time()) - 50  # dez segundos de folga para a lentidão do teste
    sessao.save()
    vence = timezone.now() + timedelta(minutes=5)
    Session.objects.update(expire_date=vence)

    assert _gravacoes_da_sessao(client) == 0
    assert _expira_em(client) == vence


@pytest.mark.django_db
def test_sessao_ociosa_alem_do_limite_expira(client, servidor, settings):
    client.force_login(servidor)
    client.get("/painel/")
    # Ociosa: o prazo gravado na última renovação (SESSION_COOKIE_AGE) já passou.
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))

    resposta = client.get("/painel/")

    assert resposta.status_code == 302
    assert resposta["Location"].startswith("/entrar/")
