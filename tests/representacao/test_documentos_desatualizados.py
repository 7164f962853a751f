"""Duas pessoas juntando uma versão nova do mesmo documento do Art. 15 a partir de
páginas abertas ao mesmo tempo. O formulário de cada item leva a última versão que a página
mostrou; o envio de uma página desatualizada é recusado com o aviso e não deixa arquivo."""

import re

import pytest
from django.core.files.storage import default_storage

from representacao.models import DocumentoRepresentacao
from tests.processos.construtores import protocolar
from tests.representacao.construtores import arquivo, imagem, juntar, pdf_real

DESATUALIZADO = (
    "Outro usuário alterou o documento “Justificativa socioeconômica” depois que você abriu "
    "o formulário; recarregue a página e confira antes de repetir. Nada foi gravado."
)


@pytest.fixture
def processo(servidor):
    return protocolar(servidor)


def _url(processo) -> str:
    return f"/processos/{processo.slug}/documentos-art15/"


def _versao_do_item(client, processo, item: str, arquivo: int | None = None) -> str:
    """O que o formulário mostra: o de arquivo novo do item, ou o da nova versão do arquivo."""
    pagina = client.get(_url(processo)).content.decode()
    secao = pagina.split(f'data-item="{item}"')[1].split("</section>")[0]
    if arquivo is None:
        secao = secao.split("data-juntar>")[1]
    else:
        secao = secao.split(f'data-arquivo="{arquivo}"')[1]
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

    # Recarregada, a página leva a versão 1 do arquivo 1 e o envio junta a versão 2 dele.
    atual = _versao_do_item(client, processo, "justificativa", arquivo=1)
    assert atual == "1"
    post = {"item": "justificativa", "arquivo": arquivo(pdf_real(), "minha.pdf"), "substitui": 1}
    assert client.post(_url(processo), post | {"versao_vista": atual}).status_code == 302
    assert versoes.get(numero=1, versao=2).nome_original == "minha.pdf"


def test_nova_versao_de_um_arquivo_de_pagina_desatualizada_e_recusada(
    client, processo, servidor, presidente
):
    """Cada arquivo leva a sua última versão: a versão nova do arquivo 1, juntada por outro,
    recusa a da página antiga; o arquivo 2 (de versão não mudada) segue aceitando."""
    juntar(processo, presidente, "fotografias", imagem("JPEG"), "feira.jpg")
    juntar(processo, presidente, "fotografias", imagem("JPEG"), "praca.jpg")
    client.force_login(servidor)
    visto_1 = _versao_do_item(client, processo, "fotografias", arquivo=1)
    visto_2 = _versao_do_item(client, processo, "fotografias", arquivo=2)
    juntar(processo, presidente, "fotografias", imagem("PNG"), "feira-nova.png", substitui=1)

    def enviar(numero, visto):
        post = {"item": "fotografias", "substitui": numero, "versao_vista": visto}
        return client.post(_url(processo), post | {"arquivo": arquivo(imagem("JPEG"), "a.jpg")})

    recusado = enviar(1, visto_1)
    assert recusado.status_code == 400
    assert "Outro usuário alterou o documento “Fotografias" in recusado.content.decode()
    assert enviar(2, visto_2).status_code == 302
    fotos = DocumentoRepresentacao.objects.filter(processo=processo, item="fotografias")
    assert sorted(fotos.values_list("numero", "versao", "nome_original")) == [
        (1, 1, "feira.jpg"),
        (1, 2, "feira-nova.png"),
        (2, 1, "praca.jpg"),
        (2, 2, "a.jpg"),
    ]
