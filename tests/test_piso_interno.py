"""O piso das páginas internas (a página interna vazia do benchmark de carga,
`bench.piso_interno_urls`): a sessão, o usuário com os papéis guardados e o base.html com o
menu — duas consultas, as mesmas com um processo ou com muitos — e os endereços dos
estáticos do base.html (`{% estatico %}`, calculados uma vez) iguais aos do `{% static %}`."""

import pytest
from django.db import connection
from django.template import Context, Template, TemplateSyntaxError
from django.templatetags.static import static
from django.test.utils import CaptureQueriesContext

from bench.piso_interno_urls import ENDERECO_VAZIO
from tests.processos.construtores import processo_no_estado

ESTATICOS_DO_BASE = (
    "bootstrap/css/bootstrap.min.css",
    "css/emancipacao.css",
    "favicon.svg",
    "bootstrap/js/bootstrap.bundle.min.js",
    "js/lista-filtravel.js",
    "js/erros.js",
    "js/rolagem.js",
)


def _pedir(client):
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(ENDERECO_VAZIO)
    return resposta, [q["sql"] for q in contexto.captured_queries]


@pytest.mark.django_db
@pytest.mark.urls("bench.piso_interno_urls")
def test_piso_consulta_so_a_sessao_e_o_usuario_com_poucos_ou_muitos_processos(client, servidor):
    client.force_login(servidor)
    client.get(ENDERECO_VAZIO)  # o primeiro pedido guarda os papéis na sessão
    processo_no_estado(servidor, "criacao", "em_instrucao")
    _, com_um = _pedir(client)
    for _ in range(5):
        processo_no_estado(servidor, "criacao", "em_instrucao")
    resposta, com_seis = _pedir(client)

    assert resposta.status_code == 200
    assert (len(com_um), len(com_seis)) == (2, 2)
    assert '"django_session"' in com_seis[0] and '"auth_user"' in com_seis[1]
    html = resposta.content.decode()
    assert "Alice Servidora" in html and 'href="/painel/"' in html
    for caminho in ESTATICOS_DO_BASE:
        assert f'"{static(caminho)}"' in html


@pytest.mark.django_db
@pytest.mark.urls("bench.piso_interno_urls")
def test_piso_pede_login_e_papel(client, sem_papel):
    assert client.get(ENDERECO_VAZIO).status_code == 302
    client.force_login(sem_papel)
    assert client.get(ENDERECO_VAZIO).status_code == 403


def test_estatico_da_o_mesmo_endereco_do_static_a_cada_desenho():
    modelo = Template("{% load estaticos %}<link href=\"{% estatico 'css/a b&c.css' %}\">")

    esperado = '<link href="/static/css/a%20b%26c.css">'
    assert static("css/a b&c.css") == "/static/css/a%20b%26c.css"
    assert [modelo.render(Context()) for _ in range(2)] == [esperado, esperado]


@pytest.mark.parametrize(
    "uso", ["{% estatico %}", "{% estatico caminho %}", "{% estatico 'a' 'b' %}"]
)
def test_estatico_sem_um_caminho_entre_aspas_e_erro_de_template_claro(uso):
    with pytest.raises(TemplateSyntaxError, match="pede um só caminho entre aspas"):
        Template("{% load estaticos %}" + uso)
