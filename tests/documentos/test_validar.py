"""/validar/: código real, substituído, errado, malformado, arquivo adulterado, limite."""

from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile

from documentos import emissao

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limpa_limite():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def extrato(construir, servidor):
    processo = construir(ate="receber_na_crt")
    return emissao.emitir_extrato(processo, usuario=servidor)


def test_codigo_real_mostra_o_que_e_quem_emitiu_e_o_hash(client, extrato):
    resposta = client.get("/validar/", {"codigo": extrato.codigo})
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Documento autêntico" in html
    assert extrato.processo.protocolo in html
    assert "Alice Servidora" in html and "Extrato do processo" in html
    assert extrato.sha256 in html and extrato.sha256_conteudo in html


def test_codigo_digitado_em_minusculas_sem_hifens_e_com_o_no_lugar_de_zero(client, extrato):
    digitado = extrato.codigo.replace("-", " ").lower().replace("0", "o")
    resposta = client.get("/validar/", {"codigo": digitado})
    assert resposta.status_code == 200 and "Documento autêntico" in resposta.content.decode()


def test_versao_substituida_continua_valida_e_aponta_a_nova(client, extrato, servidor):
    nova = emissao.emitir_extrato(extrato.processo, usuario=servidor)
    html = client.get("/validar/", {"codigo": extrato.codigo}).content.decode()
    assert "Documento autêntico" in html
    assert "substituída" in html and nova.codigo in html
    html_nova = client.get("/validar/", {"codigo": nova.codigo}).content.decode()
    assert "(vigente)" in html_nova


@pytest.mark.parametrize(
    "codigo", ["ZZZZ-ZZZZ-ZZZZ-ZZZZ", "123", "<script>alert(1)</script>", "é" * 300, "UUUU"]
)
def test_codigo_desconhecido_ou_malformado_responde_nao_encontrado(client, db, codigo):
    resposta = client.get("/validar/", {"codigo": codigo})
    html = resposta.content.decode()
    assert resposta.status_code == 404
    assert "Documento não encontrado" in html
    assert "<script>alert(1)</script>" not in html


def test_arquivo_identico_confere(client, extrato):
    arquivo = SimpleUploadedFile(
        "x.pdf", Path(extrato.arquivo.path).read_bytes(), "application/pdf"
    )
    resposta = client.post("/validar/", {"codigo": extrato.codigo, "arquivo": arquivo})
    assert "O arquivo enviado é idêntico ao registrado" in resposta.content.decode()


def test_arquivo_adulterado_e_denunciado(client, extrato):
    conteudo = bytearray(Path(extrato.arquivo.path).read_bytes())
    conteudo[len(conteudo) // 2] ^= 0x01
    arquivo = SimpleUploadedFile("x.pdf", bytes(conteudo), "application/pdf")
    resposta = client.post("/validar/", {"codigo": extrato.codigo, "arquivo": arquivo})
    html = resposta.content.decode()
    assert "NÃO é o documento registrado" in html
    assert "O arquivo enviado é idêntico" not in html


def test_pagina_publica_sem_login_e_com_limite_de_consultas(client, db):
    assert client.get("/validar/").status_code == 200
    respostas = [client.get("/validar/", {"codigo": "ZZZZ"}).status_code for _ in range(35)]
    assert respostas[-1] == 429
    assert "Limite de consultas" in client.get("/validar/").content.decode()
