"""CF, art. 18, § 4º (EC 15/1996): sem a lei complementar federal, o aviso do bloqueio
federal aparece na página do processo e no portal — na criação, fusão e incorporação, e
também na extinção (o território vai a outro município, Art. 10, §§ 1º e 2º) e na revisão de
limites submetida a plebiscito (Art. 8º); não na revisão com o plebiscito dispensado nem na
alteração de nome."""

import pytest

from processos.avisos import avisos_legais
from tests.processos.construtores import protocolar_variante

pytestmark = pytest.mark.django_db

BLOQUEIO = "Bloqueio constitucional federal"


def _titulos(processo) -> list[str]:
    return [a["titulo"] for a in avisos_legais(processo)]


@pytest.mark.parametrize(
    ("variante", "exibe"),
    [
        ("criacao", True),
        ("fusao", True),
        ("incorporacao", True),
        ("extincao", True),
        # 20,001 % da área: plebiscito exigido (Art. 8º) — o bloqueio alcança.
        ("revisao_limites_com_plebiscito", True),
        # exatamente 20 %: plebiscito dispensado — nada a bloquear.
        ("revisao_limites_sem_plebiscito", False),
        ("alteracao_nome", False),
    ],
)
def test_art1_cf_18_p4_aviso_do_bloqueio_federal_por_tipo(operador, variante, exibe):
    processo = protocolar_variante(operador, variante)

    assert (BLOQUEIO in _titulos(processo)) is exibe


def test_art1_cf_18_p4_extincao_mostra_o_aviso_na_pagina_publica_com_o_porque(client, operador):
    processo = protocolar_variante(operador, "extincao")

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert BLOQUEIO in html
    assert "A extinção incorpora o território do município extinto a outro" in html


def test_art1_cf_18_p4_revisao_com_plebiscito_mostra_o_aviso_na_pagina_interna(
    client, servidor, operador
):
    processo = protocolar_variante(operador, "revisao_limites_com_plebiscito")
    client.force_login(servidor)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    assert BLOQUEIO in html and "A revisão de limites submetida a plebiscito" in html
