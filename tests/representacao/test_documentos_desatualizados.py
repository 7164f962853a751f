"""Issue 24: duas pessoas juntando uma versão nova do mesmo documento do Art. 15 a partir de
páginas abertas ao mesmo tempo. O formulário de cada item leva a última versão que a página
mostrou; o envio de uma página desatualizada é recusado com o aviso e não deixa arquivo."""

import re

import pytest
from django.core.files.storage import default_storage

from representacao.models import DocumentoRepresentacao
from tests.processos.construtores import protocolar
from tests.representacao.construtores import arquivo, juntar, pdf_real

DESATUALIZADO = (
    "Outro usuário alterou o documento “Justificativa socioeconômica” depois que você abriu "
    "o formulário; recarregue a página e confira antes de repetir. Nada foi gravado."
)


@pytest.fixture
def processo(servidor):
    return protocolar(servidor)


def _url(processo) -> str:
    return f"/processos/{processo.slug}/documentos-art15/"


def _versao_do_item(client, processo, item: str) -> str:
    pagina = client.get(_url(processo)).content.decode()
    secao = pagina.split(f'data-item="{item}"')[1].split("</section>")[0]
    return re.search(r'name="versao_vista" value="(\d+)"', secao).group(1)


def _arquivos_guardados() -> int:
    pastas, arquivos = default_storage.listdir("")
    total = len(arquivos)
    pendentes = list(pastas)
    while pendentes:
        pasta = pendentes.pop()
        subpastas, nomes = default_storage.listdir(pasta)
        total += len(nomes)
        pendentes += [f"{pasta}/{s}" for s in subpastas]
    return total


def test_versao_nova_de_pagina_desatualizada_e_recusada(client, processo, servidor, presidente):
    client.force_login(servidor)
    visto = _versao_do_item(client, processo, "justificativa")
    assert visto == "0"
    juntar(processo, presidente, "justificativa", nome="do-colega.pdf")  # versão 1
    guardados = _arquivos_guardados()

    resposta = client.post(
        _url(processo),
        {
            "item": "justificativa",
            "arquivo": arquivo(pdf_real(), "minha.pdf"),
            "versao_vista": visto,
        },
    )

    assert resposta.status_code == 400
    assert DESATUALIZADO in resposta.content.decode()
    versoes = DocumentoRepresentacao.objects.filter(processo=processo, item="justificativa")
    assert [d.nome_original for d in versoes] == ["do-colega.pdf"]
    assert _arquivos_guardados() == guardados

    # Recarregada, a página leva a versão 1 e o envio junta a versão 2.
    atual = _versao_do_item(client, processo, "justificativa")
    assert atual == "1"
    post = {"item": "justificativa", "arquivo": arquivo(pdf_real(), "minha.pdf")}
    assert client.post(_url(processo), post | {"versao_vista": atual}).status_code == 302
    assert versoes.order_by("-versao").first().nome_original == "minha.pdf"
