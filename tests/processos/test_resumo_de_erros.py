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


def _rotulo(html: str, campo: str) -> str:
    achado = re.search(rf'<label[^>]*for="id_{campo}"[^>]*>(.*?)</label>', html, flags=re.S)
    assert achado, f"sem rótulo para {campo}"
    return achado.group(1)


@pytest.mark.django_db
def test_sede_proposta_tem_asterisco_no_formulario_em_branco(client, servidor):
    """Art. 7º, I: na criação e na fusão a sede é obrigatória; o formulário novo a marca."""
    client.force_login(servidor)

    html = client.get("/processos/novo/").content.decode()

    assert "asteriskField" in _rotulo(html, "sede_proposta")
    assert "asteriskField" in _rotulo(html, "nome_proposto")
    assert "asteriskField" in _rotulo(html, "data_leitura_expediente")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("tipo", "obrigatoria"),
    [("criacao", True), ("fusao", True), ("revisao_limites", False), ("alteracao_nome", False)],
)
def test_sede_obrigatoria_so_na_criacao_e_na_fusao_art_7_i(client, servidor, tipo, obrigatoria):
    origem_padrao()
    client.force_login(servidor)

    html = _novo(client, tipo=tipo, sede_proposta="").content.decode()

    assert ("asteriskField" in _rotulo(html, "sede_proposta")) is obrigatoria
    assert (html.count("Informe a sede proposta (Art. 7º, I).") > 0) is obrigatoria


@pytest.mark.django_db
def test_deputado_obrigatorio_quando_encaminhada_por_ele_art_14_pu(client, servidor):
    origem_padrao()
    client.force_login(servidor)

    html = _novo(client, forma_encaminhamento="deputado").content.decode()

    assert "asteriskField" in _rotulo(html, "deputado_autor")
    assert "Informe o Deputado por cujo intermédio" in html
    assert "asteriskField" not in _rotulo(_novo(client).content.decode(), "deputado_autor")
