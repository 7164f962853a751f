"""Cada URL da app transparencia × cada papel (a matriz de tests/processos/test_permissoes.py
deixa esta app para cá). Os atos do Art. 23 são do hub (`processos:ato`): o papel na matriz
de lá, a regra por processo em test_liberacao.py."""

import pytest
from django.urls import URLResolver, get_resolver

from tests.processos.construtores import protocolar
from tests.transparencia.conftest import protocolar_por_deputado

PAPEIS = ("anonimo", "servidor", "presidente", "mesa", "deputado", "sem_papel")
PUBLICA = {"GET": dict.fromkeys(PAPEIS, 200), "POST": dict.fromkeys(PAPEIS, 405)}
REGRAS = {
    "transparencia:api_processos": PUBLICA,
    "transparencia:api_processo": PUBLICA,
    "transparencia:exportar": PUBLICA,
    # O território do processo em GeoJSON: público; sem mapa conferido, 404 para todos (o
    # caso com mapa está em tests/territorio/test_simulador.py e afins).
    "transparencia:api_territorio": {
        "GET": dict.fromkeys(PAPEIS, 404),
        "POST": dict.fromkeys(PAPEIS, 405),
    },
    # O portal: só leitura, para todos.
    "transparencia:portal": {"GET": dict.fromkeys(PAPEIS, 200)},
    "transparencia:portal_processo": {"GET": dict.fromkeys(PAPEIS, 200)},
}


def test_toda_url_da_app_tem_regra():
    (resolver,) = [
        p
        for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and p.namespace == "transparencia"
    ]

    assert {f"transparencia:{p.name}" for p in resolver.url_patterns} == set(REGRAS)


@pytest.mark.parametrize("papel", PAPEIS)
@pytest.mark.parametrize(
    ("nome", "metodo"), [(nome, metodo) for nome, regra in REGRAS.items() for metodo in regra]
)
def test_cada_papel_recebe_o_que_a_regra_diz(client, request, nome, metodo, papel, presidente):
    processo = protocolar(presidente)
    caminho = {
        "transparencia:api_processos": "/api/v1/processos/",
        "transparencia:api_processo": f"/api/v1/processos/{processo.slug}/",
        "transparencia:exportar": "/portal/processos.csv",
        "transparencia:api_territorio": f"/api/v1/processos/{processo.slug}/territorio/",
        "transparencia:portal": "/portal/",
        "transparencia:portal_processo": f"/portal/processos/{processo.slug}/",
    }[nome]
    if papel != "anonimo":
        client.force_login(request.getfixturevalue(papel))

    resposta = getattr(client, metodo.lower())(caminho)

    assert resposta.status_code == REGRAS[nome][metodo][papel]


def test_deputado_autor_abre_os_dois_atos_no_seu_processo(client, presidente, deputada_autora):
    processo = protocolar_por_deputado(presidente, deputada_autora)
    client.force_login(deputada_autora)

    assert client.get(f"/processos/{processo.slug}/atos/liberar-informacao/").status_code == 200
    # Sem liberação vigente, a revogação abre e diz por que não cabe agora.
    revogar = client.get(f"/processos/{processo.slug}/atos/revogar-liberacao/")
    assert revogar.status_code == 200 and "Não há informação liberada" in revogar.content.decode()
