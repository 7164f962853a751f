"""Um formulário recusado diz no alto quantos e quais problemas há, cada um com o link para o
seu campo; o erro da lista dos 142 municípios de origem vem antes das opções, e não
depois da última, invisível dentro da caixa com rolagem."""

import re

import pytest

from tests.processos.construtores import PASSADO, origem_padrao


def _novo(client, **dados):
    base = {
        "tipo": "criacao",
        "nome_proposto": "Nova Fronteira do Norte",
        "sede_proposta": "Nova Fronteira do Norte",
        "forma_encaminhamento": "comunidade",
        "representantes": "Comissão pró-emancipação",
        "data_leitura_expediente": PASSADO.strftime("%d/%m/%Y"),
    }
    return client.post("/processos/novo/", base | dados)


def _resumo(html: str) -> str:
    achado = re.search(r"<div[^>]*data-resumo-de-erros[^>]*>(.*?)</div>", html, flags=re.S)
    assert achado, "o formulário recusado não tem o resumo dos erros"
    return achado.group(1)


@pytest.mark.django_db
def test_sem_municipio_de_origem_o_resumo_aponta_para_a_lista(client, servidor):
    origem_padrao()
    client.force_login(servidor)

    resposta = _novo(client)

    html = resposta.content.decode()
    resumo = _resumo(html)
    assert "Há 1 problema no formulário; nada foi gravado" in resumo
    assert 'href="#id_municipios_origem_0"' in resumo
    assert "Municípios de origem</a>:" in resumo
    # O erro da lista vem antes da primeira opção, fora da caixa com rolagem.
    erro = html.index('id="id_municipios_origem_error"')
    assert erro < html.index('id="id_municipios_origem_0"')


@pytest.mark.django_db
def test_cada_campo_com_erro_tem_o_seu_link(client, servidor):
    client.force_login(servidor)

    resposta = _novo(client, nome_proposto="", data_leitura_expediente="31/02/2026")

    resumo = _resumo(resposta.content.decode())
    assert "Há 3 problemas" in resumo
    for campo in ("id_nome_proposto", "id_data_leitura_expediente", "id_municipios_origem_0"):
        assert f'href="#{campo}"' in resumo


@pytest.mark.django_db
def test_formulario_valido_nao_tem_resumo(client, servidor):
    client.force_login(servidor)

    html = client.get("/processos/novo/").content.decode()

    assert "data-resumo-de-erros" not in html
