"""O conteúdo das páginas do portal, igual para todo visitante, fica no cache; a
chave muda com o último movimento (do processo, ou de qualquer processo na lista), e o que
é de cada visitante — o token CSRF do acompanhamento, o cabeçalho de quem está logado —
continua de cada um."""

import re
from datetime import date
from io import StringIO

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from acompanhamento.models import Inscricao
from processos.estados import Estado
from processos.models import Processo
from requisitos.models import Municipio, ParametroLegal
from tests.processos.construtores import praticar, protocolar

LIMITE = 10  # consultas por página


def _consultas(client, url: str) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200, url
    return len(contexto), resposta.content.decode()


def _sem_savepoints(client, url: str) -> int:
    """As consultas da página, com as do cache no banco (ler a chave e, na falta, gravar o
    conteúdo num comando: emancipacao.cache.CachePortal) e sem os savepoints que isolam a
    gravação só porque o teste roda numa transação."""
    with CaptureQueriesContext(connection) as contexto:
        assert client.get(url).status_code == 200, url
    return len([q for q in contexto.captured_queries if "SAVEPOINT" not in q["sql"]])


def _sem_token(html: str) -> str:
    """O token CSRF sai mascarado de um jeito em cada resposta."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


def _url(processo) -> str:
    return f"/portal/processos/{processo.slug}/"


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/portal/", "/portal/?tipo=criacao&ordem=nome", "processo"])
def test_acerto_do_cache_nao_refaz_as_consultas_do_conteudo(
    client, operador, url, contadores_fora_do_banco
):
    processo = protocolar(operador, nome="Vila Serena do Xingu")
    url = _url(processo) if url == "processo" else url

    falha, primeira = _consultas(client, url)
    acerto, segunda = _consultas(client, url)

    assert "Vila Serena do Xingu" in segunda
    assert _sem_token(segunda) == _sem_token(primeira)
    # No acerto: a chave (o último movimento; ou o processo, com o cadastro dos parâmetros
    # legais na mesma consulta) e a leitura do cache — que, fora da transação do teste, sai
    # da memória do processo (tests/test_cache_do_portal.py).
    assert acerto < falha and acerto <= 2, (falha, acerto)


@pytest.mark.django_db(transaction=True)
def test_fora_de_transacao_o_acerto_so_le_a_chave_e_o_ato_muda_a_pagina(
    client, operador, contadores_fora_do_banco
):
    """Como no servidor (sem a transação do teste): o conteúdo sai da memória do processo,
    e a chave nova depois do ato não a encontra lá."""
    processo = protocolar(operador, nome="Vila Serena do Xingu")
    urls = ("/portal/", _url(processo))
    for url in urls:
        client.get(url)
        acerto, html = _consultas(client, url)
        assert acerto == 1, url
        assert "Vila Serena do Xingu" in html

    praticar(processo, operador, "receber_na_crt")

    for url in urls:
        assert Estado.EM_INSTRUCAO.label in client.get(url).content.decode(), url


@pytest.mark.django_db(transaction=True)
def test_com_sessao_o_acerto_le_a_mais_so_a_sessao_e_o_usuario(
    client, operador, servidor, contadores_fora_do_banco
):
    """Quem está logado vê o seu cabeçalho (o nome, Sair): a sessão e o usuário são lidos;
    os papéis não (guardados na sessão), nem o conteúdo (da memória)."""
    processo = protocolar(operador, nome="Vila Serena do Xingu")
    client.force_login(servidor)
    for url in ("/portal/", _url(processo)):
        client.get(url)
        acerto, html = _consultas(client, url)
        assert acerto == 3, url
        assert servidor.first_name in html and "Vila Serena do Xingu" in html


@pytest.mark.django_db
def test_pagina_publica_muda_quando_o_processo_se_move(client, operador):
    processo = protocolar(operador)
    antes = client.get(_url(processo)).content.decode()
    assert 'data-ato="receber_na_crt"' not in antes

    praticar(processo, operador, "receber_na_crt")

    depois = client.get(_url(processo)).content.decode()
    assert 'data-ato="receber_na_crt"' in depois
    assert f"(o processo passou a: {Estado.EM_INSTRUCAO.label})" in depois


@pytest.mark.django_db
def test_lista_publica_muda_com_processo_novo_e_com_mudanca_de_estado(client, operador):
    primeiro = protocolar(operador, nome="Vila Serena do Xingu")
    assert "Vila Serena do Xingu" in client.get("/portal/").content.decode()

    protocolar(operador, nome="Porto Esperança do Sul")
    com_o_novo = client.get("/portal/").content.decode()
    assert "Porto Esperança do Sul" in com_o_novo
    assert "2 processos" in com_o_novo

    praticar(primeiro, operador, "receber_na_crt")
    filtrada = client.get(f"/portal/?estado={Estado.EM_INSTRUCAO}").content.decode()
    assert "Vila Serena do Xingu" in filtrada and "Porto Esperança do Sul" not in filtrada
    assert Estado.EM_INSTRUCAO.label in client.get("/portal/").content.decode()


@pytest.mark.django_db
def test_busca_igual_com_parametros_em_outra_ordem_ou_vazios_da_o_mesmo_conteudo(
    client, operador, contadores_fora_do_banco
):
    protocolar(operador, nome="Vila Serena do Xingu")
    client.get("/portal/?tipo=criacao&ordem=nome")

    acerto, html = _consultas(client, "/portal/?ordem=nome&q=&utm_source=x&tipo=criacao")

    assert acerto <= 2
    assert "utm_source" not in html  # os links da exportação levam só a busca


@pytest.mark.django_db
def test_pagina_publica_muda_quando_muda_parametro_legal_sem_ato(client, operador):
    """Os avisos legais (bloqueio do art. 18, § 4º, da CF; Art. 3º) dependem dos parâmetros
    em vigor, que o cadastro muda sem Andamento: a página não pode continuar com o aviso do
    bloqueio federal."""
    processo = protocolar(operador)
    assert "Bloqueio constitucional federal" in client.get(_url(processo)).content.decode()

    ParametroLegal.objects.create(
        nome="bloqueio_constitucional",
        valor="False",
        vigencia_inicio=date(2000, 1, 1),
        fundamento="Teste: a lei complementar federal foi editada.",
    )

    assert "Bloqueio constitucional federal" not in client.get(_url(processo)).content.decode()


@pytest.mark.django_db
def test_acompanhamento_funciona_com_a_pagina_vinda_do_cache(operador):
    """Outro visitante pôs a página no cache; o token do formulário é o deste visitante e o
    POST passa pela verificação CSRF."""
    processo = protocolar(operador)
    Client().get(_url(processo))
    visitante = Client(enforce_csrf_checks=True)

    pagina = visitante.get(_url(processo))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', pagina.content.decode())
    resposta = visitante.post(
        f"{_url(processo)}acompanhar/",
        {"email": "cidada@example.com", "csrfmiddlewaretoken": token.group(1)},
    )

    assert resposta.status_code == 302, resposta.content.decode()[:500]
    assert Inscricao.objects.filter(processo=processo).count() == 1


@pytest.mark.django_db
def test_sem_token_o_post_continua_recusado(operador):
    processo = protocolar(operador)
    visitante = Client(enforce_csrf_checks=True)
    visitante.get(_url(processo))

    resposta = visitante.post(f"{_url(processo)}acompanhar/", {"email": "cidada@example.com"})

    assert resposta.status_code == 403
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_usuario_logado_ve_o_seu_cabecalho_e_nao_o_de_quem_pos_no_cache(
    client, operador, presidente, servidor
):
    processo = protocolar(operador)
    outro = Client()
    outro.force_login(presidente)
    assert presidente.first_name in outro.get(_url(processo)).content.decode()
    assert presidente.first_name in outro.get("/portal/").content.decode()
    client.force_login(servidor)

    pagina = client.get(_url(processo)).content.decode()
    lista = client.get("/portal/").content.decode()

    for html in (pagina, lista):
        assert servidor.first_name in html
        assert presidente.first_name not in html
    anonimo = Client().get(_url(processo)).content.decode()
    assert servidor.first_name not in anonimo and "Sair" not in anonimo


def _gerar(n: int) -> None:
    call_command("gerar_massa", processos=n, semente=3, assinaturas=2, stdout=StringIO())


def _medir(client, urls: dict) -> dict:
    """Por página: consultas sem cache (todas e sem os savepoints) e em seguida no acerto."""
    medidas = {}
    for nome, url in urls.items():
        caches["portal"].clear()
        falha = _consultas(client, url)[0]
        acerto = _consultas(client, url)[0]
        caches["portal"].clear()
        medidas[nome] = (falha, _sem_savepoints(client, url), acerto)
    return medidas


@pytest.mark.django_db
def test_consultas_do_portal_nao_crescem_com_o_numero_de_processos(
    client, contadores_fora_do_banco
):
    for i in range(6):
        Municipio.objects.create(codigo_ibge=5100100 + i, nome=f"Origem {i}")
    _gerar(10)
    processo = Processo.objects.order_by("id").first()
    urls = {
        "lista": "/portal/",
        "lista_ultima": "/portal/?pagina=999",
        "busca": "/portal/?q=Esperan%C3%A7a",
        "processo": _url(processo),
    }
    com_10 = _medir(client, urls)

    _gerar(500)
    com_500 = _medir(client, urls)

    assert Processo.objects.count() == 500
    assert com_500 == com_10
    assert all(acerto <= 2 for *_, acerto in com_500.values()), com_500
    # O orçamento de consultas vale para a página montada, com os comandos do cache.
    assert all(falha <= LIMITE for _, falha, _ in com_500.values()), com_500
