"""As URLs do acompanhamento são públicas (o cidadão não tem login): cada papel recebe o
mesmo; os métodos que não cabem dão 405. A matriz do hub (tests/processos/test_permissoes)
deixa as URLs de outras apps para as matrizes delas: esta é a do acompanhamento."""

import pytest
from django.urls import URLResolver, get_resolver

from tests.acompanhamento.conftest import pedir
from tests.processos.construtores import protocolar

pytestmark = pytest.mark.django_db
PAPEIS = ["anonimo", "servidor", "presidente", "mesa", "deputado", "sem_papel"]
# Estado inicial de cada URL: o link existe (pedido feito) antes de cada requisição.
REGRAS = {
    "acompanhamento:acompanhar": {"GET": 405, "POST": 302, "PUT": 405},
    "acompanhamento:confirmar": {"GET": 200, "POST": 200, "PUT": 405},
    "acompanhamento:cancelar": {"GET": 200, "POST": 200, "PUT": 405},
}


def test_toda_url_do_acompanhamento_tem_regra():
    (resolver,) = [
        p
        for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and p.namespace == "acompanhamento"
    ]
    assert {f"acompanhamento:{p.name}" for p in resolver.url_patterns} == set(REGRAS)


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize(
    ("nome", "metodo"), [(nome, metodo) for nome, regra in REGRAS.items() for metodo in regra]
)
def test_cada_papel_recebe_o_que_a_regra_diz(client, request, operador, papel, nome, metodo):
    from django.core import mail

    from acompanhamento.models import Inscricao
    from tests.acompanhamento.conftest import caminho

    if papel != "anonimo":
        client.force_login(request.getfixturevalue(papel))
    processo = protocolar(operador)
    pedir(client, processo, "ana@exemplo.com.br")
    caminhos = {
        "acompanhamento:acompanhar": f"/portal/processos/{processo.slug}/acompanhar/",
        "acompanhamento:confirmar": caminho(mail.outbox[-1], "confirmar"),
        "acompanhamento:cancelar": f"/acompanhamento/cancelar/{Inscricao.objects.get().chave}/",
    }
    dados = {"email": "bia@exemplo.com.br"} if nome == "acompanhamento:acompanhar" else {}

    resposta = getattr(client, metodo.lower())(caminhos[nome], dados)

    assert resposta.status_code == REGRAS[nome][metodo]
