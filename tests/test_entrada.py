"""Nenhuma requisição termina em 500: URLs estritas, o caractere nulo recusado com 400, corpo
acima do limite recusado com 413 antes de ser lido, JSON aninhado com 400 e o banco fora do
ar com 503 — sempre em pt-BR, e em JSON na API."""

import hashlib
import io
import json
import logging

import pytest
from django.contrib.auth.models import User
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.utils import InterfaceError, OperationalError
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from documentos.codigo import novo_codigo
from documentos.models import Documento
from emancipacao.limite_envio import MARGEM_DO_ENVELOPE
from tests.processos.construtores import PDF_MINIMO, protocolar

MIB = 1024 * 1024
NUL_NA_PAGINA = "contém um caractere nulo (NUL)"


class _CorpoQueNaoPodeSerLido(io.RawIOBase):
    def read(self, *args):
        raise AssertionError("o corpo da requisição foi lido")

    readline = read


def _sem_ler(tamanho: int) -> dict:
    """Extras do cliente de teste: um Content-Length declarado e um corpo que não se lê."""
    return {"CONTENT_LENGTH": str(tamanho), "wsgi.input": _CorpoQueNaoPodeSerLido()}


def _documento_publico(processo) -> Documento:
    return Documento.objects.create(
        codigo=novo_codigo(),
        tipo="parecer_preliminar",
        titulo="Parecer preliminar",
        serie=f"parecer_preliminar-{processo.pk}",
        versao=1,
        processo=processo,
        arquivo=ContentFile(PDF_MINIMO, name="doc.pdf"),
        sha256=hashlib.sha256(PDF_MINIMO).hexdigest(),
        sha256_conteudo="0" * 64,
        tamanho=len(PDF_MINIMO),
        paginas=1,
        emitido_em=timezone.now(),
        emitente_nome="Otávio Operador",
    )


# --- URLs estritas ---------------------------------------------------------------------------


def test_codigo_do_documento_em_minusculas_na_url_abre_o_documento(client, operador):
    documento = _documento_publico(protocolar(operador))

    resposta = client.get(f"/portal/documentos/{documento.codigo.lower()}/")

    assert resposta.status_code == 200
    assert b"".join(resposta.streaming_content) == PDF_MINIMO


@pytest.mark.parametrize(
    "caminho",
    [
        "/portal/documentos/ZZZZ/",
        "/portal/documentos/7K2M-Q9XD-4TNB-A0PU/",  # U não existe no alfabeto
        "/portal/documentos/" + "7K2M-" * 1000 + "A0PZ/",
        "/documentos/%3Cscript%3E/",
    ],
)
def test_url_que_nao_pode_ser_um_codigo_e_404_sem_consultar_o_banco(
    client, db, caminho, django_assert_num_queries
):
    with django_assert_num_queries(0):
        resposta = client.get(caminho)

    assert resposta.status_code == 404
    assert "Página não encontrada" in resposta.content.decode()


def test_ato_que_nao_existe_na_tabela_e_404_e_nao_a_pagina_de_login(client, operador):
    processo = protocolar(operador)

    resposta = client.get(f"/processos/{processo.slug}/atos/nao-existe/")

    assert resposta.status_code == 404


# --- o caractere nulo ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "caminho",
    [
        "/portal/documentos/%00/",
        "/portal/documentos/%00ZZZ-ZZZZ-ZZZZ-ZZZZ/",
        "/validar/?codigo=%00",
    ],
)
def test_nul_na_url_publica_e_400_em_portugues(client, db, caminho):
    resposta = client.get(caminho)

    assert resposta.status_code == 400
    assert resposta["Content-Type"].startswith("text/html")
    assert NUL_NA_PAGINA in resposta.content.decode()


def test_nul_no_filtro_do_admin_e_400(client, db):
    client.force_login(User.objects.create_superuser("root", password="x"))

    resposta = client.get("/admin/processos/processo/?q=%00")

    assert resposta.status_code == 400
    assert NUL_NA_PAGINA in resposta.content.decode()


def test_nul_na_busca_da_lista_de_processos_e_400(client, servidor):
    client.force_login(servidor)

    resposta = client.get("/processos/?busca=a%00b")

    assert resposta.status_code == 400


def test_nul_no_nome_de_um_parametro_tambem_e_400(client, servidor):
    client.force_login(servidor)

    assert client.get("/processos/?a%00b=1").status_code == 400


@pytest.mark.parametrize("formato", ["urlencoded", "multipart"])
def test_nul_num_campo_de_formulario_e_400(client, db, formato):
    if formato == "urlencoded":
        resposta = client.post(
            "/validar/", "codigo=7K2M%00Q9XD", content_type="application/x-www-form-urlencoded"
        )
    else:
        resposta = client.post(
            "/validar/",
            {"codigo": "7K2M\x00Q9XD", "arquivo": SimpleUploadedFile("a.pdf", PDF_MINIMO)},
        )

    assert resposta.status_code == 400
    assert NUL_NA_PAGINA in resposta.content.decode()


def test_nul_no_cookie_de_sessao_e_400(client, db):
    # O cabeçalho cru, como um cliente hostil o manda: o http.cookies do Python recusa
    # caracteres de controle ao montar o cookie do lado do cliente de teste.
    resposta = client.get("/painel/", HTTP_COOKIE="sessionid=\x00" + "a" * 31)

    assert resposta.status_code == 400


def test_nul_na_api_e_400_em_json(client, db):
    resposta = client.post(
        "/api/v1/simulacoes/toponimo/?x=%00", {"nome": "Nova Fronteira"}, "application/json"
    )

    assert resposta.status_code == 400
    assert resposta["Content-Type"] == "application/json"
    assert NUL_NA_PAGINA in resposta.json()["detail"]


# --- corpo acima do limite -------------------------------------------------------------------


def test_envio_de_300_mb_ao_validar_e_recusado_sem_ler_o_corpo(client, db):
    resposta = client.post("/validar/", {"codigo": "7K2M-Q9XD-4TNB-A0PZ"}, **_sem_ler(300 * MIB))

    assert resposta.status_code == 413
    assert "passa do limite de 60 MB por documento e não foi recebido" in resposta.content.decode()


def test_formulario_acima_do_limite_geral_e_recusado_sem_ler_o_corpo(client, db, settings):
    settings.CORPO_LIMITE_MB = 2

    resposta = client.post("/entrar/", {"username": "x"}, **_sem_ler(2 * MIB + 1))

    assert resposta.status_code == 413
    assert "O conteúdo enviado passa do limite de 2 MB e não foi recebido" in (
        resposta.content.decode()
    )


def test_formulario_no_limite_geral_e_lido(client, db, settings):
    settings.CORPO_LIMITE_MB = 1
    corpo = "username=alice&password=" + "x" * (MIB - len("username=alice&password="))

    resposta = client.post("/entrar/", corpo, content_type="application/x-www-form-urlencoded")

    assert len(corpo) == MIB
    assert resposta.status_code == 200  # o formulário de login, com o erro de credenciais


def test_json_acima_do_limite_geral_e_413_em_json_sem_ler_o_corpo(client, db):
    resposta = client.post(
        "/api/v1/simulacoes/toponimo/", "{}", "application/json", **_sem_ler(50 * MIB)
    )

    assert resposta.status_code == 413
    assert resposta["Content-Type"] == "application/json"
    assert resposta.json() == {"detail": "O corpo da requisição passa do limite de 2 MB."}


def test_certidao_do_oficio_acima_de_20_mb_e_recusada_sem_ler_o_corpo(client, servidor):
    processo = protocolar(servidor)
    client.force_login(servidor)
    declarado = 20 * MIB + MARGEM_DO_ENVELOPE + 1

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/1/resposta/", {}, **_sem_ler(declarado)
    )

    assert resposta.status_code == 413
    assert "passa do limite de 20 MB por documento" in resposta.content.decode()


def test_csv_de_assinaturas_acima_de_5_mb_e_interrompido_no_meio_do_envio(client, servidor):
    """O Content-Length cabe na margem do envelope; o handler conta os bytes do arquivo e
    interrompe o envio no primeiro bloco além de 5 MB: a importação nem começa."""
    processo = protocolar(servidor)
    client.force_login(servidor)
    csv = SimpleUploadedFile("lista.csv", b"x" * (5 * MIB + 1), content_type="text/csv")

    resposta = client.post(f"/processos/{processo.slug}/assinaturas/importar/", {"arquivo": csv})

    assert resposta.status_code == 413
    assert "passa do limite de 5 MB por documento e não foi recebido" in (resposta.content.decode())
    assert not processo.signatarios.exists()


# --- JSON aninhado, em todas as rotas da API -------------------------------------------------


def _rotas_da_api(padroes=None, prefixo=""):
    for padrao in padroes if padroes is not None else get_resolver().url_patterns:
        rota = prefixo + str(padrao.pattern)
        if isinstance(padrao, URLResolver):
            yield from _rotas_da_api(padrao.url_patterns, rota)
        elif isinstance(padrao, URLPattern) and rota.startswith("api/v1/simulacoes/"):
            yield "/" + rota


# As rotas que recebem JSON (as simulações); os dados abertos (api/v1/processos/) só leem e
# respondem 405 a um POST (tests/transparencia).
# O simulador territorial recebe o mapa em multipart (um arquivo), não JSON: os limites do
# envio de arquivo e a recusa do JSON estão em tests/territorio/test_simulador.py.
ROTAS_MULTIPART = {"/api/v1/simulacoes/territorio/"}
ROTAS_DA_API = sorted(set(_rotas_da_api()) - ROTAS_MULTIPART)


def test_a_api_tem_as_cinco_simulacoes_em_json_e_a_territorial_em_multipart():
    assert len(ROTAS_DA_API) == 5
    assert set(_rotas_da_api()) >= ROTAS_MULTIPART


@pytest.mark.parametrize("url", ROTAS_DA_API)
@pytest.mark.parametrize(
    ("corpo", "mensagem"),
    [
        ("[" * 100_000, "passa de 64 KB"),
        ("[" * 60_000, "JSON aninhado demais"),
        ("[" * 11 + "]" * 11, "JSON aninhado demais"),
        ('{"a": ' * 11 + "1" + "}" * 11, "JSON aninhado demais"),
    ],
)
def test_json_aninhado_e_400_em_portugues_em_toda_rota_da_api(client, db, url, corpo, mensagem):
    resposta = client.post(url, corpo, content_type="application/json")

    assert resposta.status_code == 400
    assert mensagem in json.dumps(resposta.json(), ensure_ascii=False)


# --- banco fora do ar ------------------------------------------------------------------------


def _banco_fora_do_ar(erro=OperationalError):
    """Injeção de falha no driver: toda consulta falha como falharia com o servidor caído."""

    def recusar(execute, sql, params, many, context):
        raise erro("could not connect to server: Connection refused")

    return connection.execute_wrapper(recusar)


def _indisponivel(resposta, tipo: str) -> None:
    assert resposta.status_code == 503
    assert resposta["Content-Type"].startswith(tipo)
    assert resposta["Retry-After"] == "30"
    assert "Traceback" not in resposta.content.decode()


@pytest.mark.parametrize("erro", [OperationalError, InterfaceError])
def test_pagina_publica_com_o_banco_fora_do_ar_e_503_em_portugues(client, db, erro, caplog):
    with caplog.at_level(logging.ERROR, logger="emancipacao.erros"), _banco_fora_do_ar(erro):
        resposta = client.get("/portal/")

    _indisponivel(resposta, "text/html")
    assert "temporariamente indisponível" in resposta.content.decode()
    assert any(
        r.levelno == logging.ERROR and "Banco de dados indisponível em GET /portal/" in r.message
        for r in caplog.records
    )


def test_pagina_que_le_a_sessao_com_o_banco_fora_do_ar_e_503(servidor):
    """A view falha ao carregar a sessão (503 pelo middleware); na volta, o SessionMiddleware
    tenta carregá-la de novo (SESSION_SAVE_EVERY_REQUEST) e falha fora da view: quem responde
    então é o handler500. O cliente de teste, por padrão, relançaria essa segunda exceção."""
    cliente = Client(raise_request_exception=False)
    cliente.force_login(servidor)

    with _banco_fora_do_ar():
        resposta = cliente.get("/painel/")

    _indisponivel(resposta, "text/html")


def test_api_com_o_banco_fora_do_ar_e_503_em_json(client, db):
    corpo = {"habitacoes_sede": 200, "populacao": 1000}

    with _banco_fora_do_ar():
        resposta = client.post("/api/v1/simulacoes/criacao-distrito/", corpo, "application/json")

    _indisponivel(resposta, "application/json")
    assert "temporariamente indisponível" in resposta.json()["detail"]


def test_banco_que_cai_ao_gravar_a_sessao_e_503_e_nao_400(client, servidor, settings):
    """A falha vem do SessionMiddleware, depois da view: o Django a converte ali mesmo (em
    `SessionInterrupted`, 400), e é o handler400 que reconhece o banco na cadeia."""
    settings.SESSION_SAVE_EVERY_REQUEST = True
    client.force_login(servidor)

    def recusar_gravacao_da_sessao(execute, sql, params, many, context):
        if sql.startswith("UPDATE") and "django_session" in sql:
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(recusar_gravacao_da_sessao):
        resposta = client.get("/painel/")

    _indisponivel(resposta, "text/html")


class _MiddlewareQueConsultaOBanco:
    """Como um middleware de auditoria: consulta o banco antes da view."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        User.objects.exists()
        return self.get_response(request)


def test_banco_fora_do_ar_num_middleware_e_503_pelo_handler500(db, settings):
    indice = settings.MIDDLEWARE.index("emancipacao.erros.ServicoIndisponivelMiddleware")
    settings.MIDDLEWARE = [
        *settings.MIDDLEWARE[: indice + 1],
        f"{__name__}._MiddlewareQueConsultaOBanco",
        *settings.MIDDLEWARE[indice + 1 :],
    ]
    cliente = Client(raise_request_exception=False)

    with _banco_fora_do_ar():
        pagina = cliente.get("/simulador/")
        api = cliente.post("/api/v1/simulacoes/toponimo/", {}, "application/json")

    _indisponivel(pagina, "text/html")
    _indisponivel(api, "application/json")
