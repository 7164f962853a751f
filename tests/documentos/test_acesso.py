"""Quem vê, quem baixa e quem emite documentos (Art. 19, § 1º; Art. 21-22)."""

from pathlib import Path

import pytest
from django.core.management import call_command

from documentos import emissao
from documentos.models import Documento
from processos.models import RegistroAcesso
from tests.documentos.auxiliares import sha256, texto

pytestmark = pytest.mark.django_db


@pytest.fixture
def processo(construir):
    return construir(ate="emitir_parecer_preliminar")


@pytest.fixture
def parecer(processo):
    return Documento.objects.get(processo=processo, tipo="parecer_preliminar")


def _url(doc):
    return f"/documentos/{doc.codigo}/"


def test_deputado_ve_inline_sem_download_e_a_vista_fica_registrada(client, deputado, parecer):
    client.force_login(deputado)
    resposta = client.get(_url(parecer), {"baixar": "1"})
    assert resposta.status_code == 200
    assert resposta["Content-Disposition"].startswith("inline")
    assert RegistroAcesso.objects.filter(
        usuario=deputado, processo=parecer.processo, objeto=f"documento:{parecer.codigo}"
    ).exists()


def test_servidor_baixa_o_arquivo_registrado(client, servidor, parecer):
    client.force_login(servidor)
    resposta = client.get(_url(parecer), {"baixar": "1"})
    assert resposta["Content-Disposition"].startswith("attachment")
    assert b"".join(resposta.streaming_content) == Path(parecer.arquivo.path).read_bytes()


def test_anonimo_e_sem_papel_nao_veem_documentos(client, sem_papel, parecer):
    assert client.get(_url(parecer)).status_code == 302
    client.force_login(sem_papel)
    assert client.get(_url(parecer)).status_code == 403


@pytest.mark.parametrize(
    ("quem", "esperado"), [("servidor", 302), ("presidente", 302), ("mesa", 403), ("deputado", 403)]
)
def test_emitir_extrato_por_papel(client, processo, request, quem, esperado):
    client.force_login(request.getfixturevalue(quem))
    url = f"/processos/{processo.slug}/documentos/extrato/"
    assert client.post(url).status_code == esperado
    assert Documento.objects.filter(tipo="extrato").exists() is (esperado == 302)
    assert client.get(url).status_code in (403, 405)


@pytest.mark.parametrize(("quem", "esperado"), [("servidor", 403), ("presidente", 302)])
def test_copia_integral_so_pelo_presidente(client, processo, request, quem, esperado):
    client.force_login(request.getfixturevalue(quem))
    resposta = client.post(f"/processos/{processo.slug}/documentos/copia-integral/")
    assert resposta.status_code == esperado


def test_pagina_do_processo_lista_os_documentos_emitidos(client, servidor, parecer, processo):
    client.force_login(servidor)
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "Documentos emitidos" in html and parecer.codigo in html
    assert "Emitir extrato do processo" in html
    assert "Emitir cópia integral" not in html


def test_minuta_do_extrato_nao_grava_nada(client, servidor, processo):
    client.force_login(servidor)
    antes = Documento.objects.count()
    resposta = client.get(f"/processos/{processo.slug}/documentos/extrato/minuta/")
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
    assert Documento.objects.count() == antes


def test_comando_emitir_extrato_grava_o_pdf_e_imprime_o_codigo(processo, tmp_path, capsys):
    saida = tmp_path / "extrato.pdf"
    call_command("emitir_extrato", processo.protocolo, "--saida", str(saida))
    codigo = capsys.readouterr().out.strip()
    doc = Documento.objects.get(codigo=codigo)
    assert doc.tipo == "extrato" and doc.sha256 == sha256(saida)
    conteudo_pdf = texto(saida)
    assert codigo in conteudo_pdf and "Emitir parecer preliminar" in conteudo_pdf
    assert f"Processo nº {processo.protocolo}" in conteudo_pdf


def test_comando_recusa_processo_inexistente(db, tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="Processo não encontrado"):
        call_command("emitir_extrato", "9999/2020", "--saida", str(tmp_path / "x.pdf"))


def test_certidao_de_distrito_publica_e_verificavel(client, media):
    resposta = client.post(
        "/simulador/distrito/certidao/",
        {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila <b>Nova</b>"},
    )
    assert resposta.status_code == 200 and resposta["Content-Type"] == "application/pdf"
    doc = Documento.objects.get(tipo="certidao_distrito")
    conteudo_pdf = " ".join(texto(doc.arquivo.path).split())
    assert "Art. 25, I" in conteudo_pdf and "Art. 25, II" in conteudo_pdf
    assert "1.001" in conteudo_pdf and "ATENDEM" in conteudo_pdf
    assert "Vila <b>Nova</b>" in conteudo_pdf
    assert doc.codigo in conteudo_pdf and doc.emitido_por is None


@pytest.mark.parametrize(
    ("dados", "mensagem"),
    [
        ({"habitacoes_sede": "", "populacao": "1001"}, "Informe o número de habitações"),
        ({"habitacoes_sede": "abc", "populacao": "1001"}, "em algarismos"),
        ({"habitacoes_sede": "50", "populacao": "-3"}, "não pode ser negativa"),
    ],
)
def test_certidao_com_numeros_invalidos_explica_em_portugues(client, media, dados, mensagem):
    resposta = client.post("/simulador/distrito/certidao/", dados)
    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert not Documento.objects.exists()


def test_emissao_registra_versao_e_assinatura_de_registro(processo, servidor):
    doc = emissao.emitir_extrato(processo, usuario=servidor)
    assinatura = doc.assinaturas.get()
    assert assinatura.nome == "Alice Servidora"
    assert assinatura.cargo == "Servidor(a) da Comissão de Revisão Territorial"
