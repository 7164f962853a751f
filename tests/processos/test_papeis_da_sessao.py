"""Os papéis do usuário da sessão guardados na própria sessão (`PapeisDaSessaoMiddleware`):
o pedido comum não consulta grupos nem o exercício da Presidência, e o que muda os papéis
— grupo tirado ou posto, exercício da Presidência (Art. 21) criado ou encerrado — vale já
no próximo pedido; o exercício que terminou ontem não vale hoje, sem gravação nenhuma."""

import time
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from processos.papeis import CHAVE_SESSAO, GRUPOS, PRESIDENTE, SERVIDOR, VALIDADE_SEGUNDOS
from processos.registros import ExercicioPresidencia
from tests.conftest import SENHA
from tests.processos.construtores import processo_no_estado

PAGINA_VAZIA = "/nao-existe-nada-aqui/"


def _sql(client, url):
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    return resposta, [q["sql"] for q in contexto.captured_queries]


def _guardar_na_sessao(client, user, papeis, *, dia=None, em=None):
    """O que um pedido anterior teria guardado na sessão (ontem, ou há tantos segundos)."""
    sessao = client.session
    sessao[CHAVE_SESSAO] = {
        "usuario": user.pk,
        "dia": (dia or timezone.localdate()).isoformat(),
        "em": int(time.time()) if em is None else em,
        "papeis": sorted(papeis),
    }
    sessao.save()


def _url_de_arquivar(servidor):
    processo = processo_no_estado(servidor, "criacao", "em_instrucao")
    return f"/processos/{processo.slug}/atos/arquivar/"


@pytest.mark.django_db
def test_depois_do_login_o_piso_consulta_so_a_sessao_e_o_usuario(client, servidor):
    assert client.post("/entrar/", {"username": "alice", "password": SENHA}).status_code == 302

    # Os papéis foram calculados no login e estão na sessão: a página interna mais simples
    # (o 404 com o menu da equipe) consulta a sessão e o usuário, nada mais — e não grava a
    # sessão (a renovação é por minuto).
    for _ in range(2):
        resposta, sql = _sql(client, PAGINA_VAZIA)
        assert resposta.status_code == 404
        assert len(sql) == 2
    assert '"django_session"' in sql[0] and '"auth_user"' in sql[1]
    assert not any('"auth_group"' in s or "exercicio" in s for s in sql)
    html = resposta.content.decode()
    assert "Alice Servidora" in html and 'href="/painel/"' in html


@pytest.mark.django_db
def test_grupo_retirado_vale_no_proximo_pedido(client, servidor):
    client.force_login(servidor)
    assert client.get("/painel/").status_code == 200

    servidor.groups.clear()

    assert client.get("/painel/").status_code == 403


@pytest.mark.django_db
def test_usuario_tirado_pelo_grupo_vale_no_proximo_pedido(client, servidor):
    client.force_login(servidor)
    assert client.get("/painel/").status_code == 200

    Group.objects.get(name=GRUPOS[SERVIDOR]).user_set.remove(servidor)

    assert client.get("/painel/").status_code == 403


@pytest.mark.django_db
def test_grupo_esvaziado_vale_no_proximo_pedido(client, servidor):
    client.force_login(servidor)
    assert client.get("/painel/").status_code == 200

    Group.objects.get(name=GRUPOS[SERVIDOR]).user_set.clear()

    assert client.get("/painel/").status_code == 403


@pytest.mark.django_db
def test_grupo_posto_vale_no_proximo_pedido(client, sem_papel):
    client.force_login(sem_papel)
    assert client.get("/painel/").status_code == 403

    sem_papel.groups.add(Group.objects.get_or_create(name=GRUPOS[SERVIDOR])[0])

    assert client.get("/painel/").status_code == 200


@pytest.mark.django_db
def test_exercicio_da_presidencia_criado_vale_no_proximo_pedido(client, servidor):
    """Art. 21: o membro em exercício da Presidência pratica os atos do Presidente."""
    url = _url_de_arquivar(servidor)
    client.force_login(servidor)
    assert client.get(url).status_code == 403

    exercicio = ExercicioPresidencia.objects.create(
        membro=servidor, inicio=timezone.localdate(), ato_designacao="Portaria 1/2026"
    )
    assert client.get(url).status_code == 200

    # Encerrado ontem (corrigido no registro): já não vale no próximo pedido.
    exercicio.inicio = exercicio.fim = timezone.localdate() - timedelta(days=1)
    exercicio.save()
    assert client.get(url).status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize(("fim_dias", "esperado"), [(-1, 403), (0, 200)])
def test_exercicio_que_terminou_ontem_nao_vale_hoje_sem_gravacao(
    client, servidor, fim_dias, esperado
):
    """Art. 21: o exercício vale até o dia do fim, inclusive. Os papéis guardados ontem, com
    a Presidência, não valem hoje: nada foi gravado à meia-noite, e o pedido de hoje os
    calcula de novo."""
    hoje = timezone.localdate()
    url = _url_de_arquivar(servidor)
    ExercicioPresidencia.objects.create(
        membro=servidor,
        inicio=hoje - timedelta(days=10),
        fim=hoje + timedelta(days=fim_dias),
        ato_designacao="Portaria 2/2026",
    )
    client.force_login(servidor)
    _guardar_na_sessao(client, servidor, {SERVIDOR, PRESIDENTE}, dia=hoje - timedelta(days=1))

    assert client.get(url).status_code == esperado


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("idade", "esperado"), [(VALIDADE_SEGUNDOS - 5, 200), (VALIDADE_SEGUNDOS, 403)]
)
def test_papeis_guardados_valem_so_por_um_minuto(client, servidor, idade, esperado):
    """A rede de segurança da invalidação: um guardado que escapou dela (um pedido em
    andamento que regravou a sessão) vale no máximo um minuto."""
    url = _url_de_arquivar(servidor)
    client.force_login(servidor)
    _guardar_na_sessao(client, servidor, {SERVIDOR, PRESIDENTE}, em=int(time.time()) - idade)

    assert client.get(url).status_code == esperado


@pytest.mark.django_db
def test_papeis_guardados_de_outro_usuario_nao_valem(client, servidor, sem_papel):
    client.force_login(sem_papel)
    _guardar_na_sessao(client, servidor, {SERVIDOR})

    assert client.get("/painel/").status_code == 403


@pytest.mark.django_db
def test_grupo_renomeado_vale_no_proximo_pedido(client, servidor):
    client.force_login(servidor)
    assert client.get("/painel/").status_code == 200

    grupo = Group.objects.get(name=GRUPOS[SERVIDOR])
    grupo.name = "Antigo grupo dos servidores"
    grupo.save()

    assert client.get("/painel/").status_code == 403
