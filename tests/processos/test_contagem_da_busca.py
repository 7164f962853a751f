"""Uma busca conta os achados só até o teto (painel.paginacao.TETO_DA_CONTAGEM, 300): até
ele, a quantidade exata; acima, "Mais de 300 processos" e as seis primeiras páginas na ordem
escolhida — a exportação em CSV traz todos. A lista sem filtro conta todos."""

import csv
import io
import re

import pytest

from painel.paginacao import TETO_DA_CONTAGEM
from processos.models import FormaEncaminhamento, Processo
from tests.processos.construtores import PASSADO
from tests.representacao.construtores import semear_assinaturas


def _processos(achados: int, outros: int = 20) -> None:
    """`achados` processos com "Esperança" no nome e `outros` sem, numerados em sequência (os
    achados primeiro)."""
    nomes = [f"Nova Esperança {i}" for i in range(achados)] + [
        f"Vila Serena {i}" for i in range(outros)
    ]
    Processo.objects.bulk_create(
        Processo(
            numero=i,
            ano=2026,
            tipo="criacao",
            estado="protocolada",
            nome_proposto=nome,
            forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
            data_leitura_expediente=PASSADO,
        )
        for i, nome in enumerate(nomes, start=1)
    )


def _tela(client, url: str) -> tuple[str, str, list[str]]:
    resposta = client.get(url)
    assert resposta.status_code == 200
    html = resposta.content.decode()
    quantidade = re.search(r'aria-live="polite">([^<]*)</p>', html).group(1)
    pagina = re.search(r"Página \d+ de \d+", html).group(0)
    protocolos = re.findall(r'href="/(?:portal/)?processos/\d{4}-\d{4}/">(\d{4}/\d{4})<', html)
    return quantidade, pagina, protocolos


def test_o_teto_da_contagem_e_300():
    assert TETO_DA_CONTAGEM == 300


@pytest.mark.django_db
def test_no_teto_a_busca_diz_quantos_achou(client, servidor):
    _processos(300)
    client.force_login(servidor)

    quantidade, pagina, protocolos = _tela(client, "/processos/?q=esperanca")

    assert quantidade == "300 processos"
    assert pagina == "Página 1 de 6"
    assert protocolos[0] == "0300/2026"


@pytest.mark.django_db
def test_acima_do_teto_a_busca_diz_mais_de_300_e_mostra_seis_paginas(client, servidor):
    _processos(301)
    client.force_login(servidor)

    quantidade, pagina, protocolos = _tela(client, "/processos/?q=esperanca")
    assert quantidade.startswith("Mais de 300 processos: as 6 primeiras páginas nesta ordem.")
    assert "exporte o CSV, com todos" in quantidade
    assert pagina == "Página 1 de 6"
    assert protocolos[0] == "0301/2026"

    # A última página mostrada é a sexta, na mesma ordem: do 251º ao 300º achado.
    _, pagina, protocolos = _tela(client, "/processos/?q=esperanca&pagina=6")
    assert pagina == "Página 6 de 6"
    assert (protocolos[0], protocolos[-1]) == ("0051/2026", "0002/2026")
    assert _tela(client, "/processos/?q=esperanca&pagina=7")[1] == "Página 6 de 6"


@pytest.mark.django_db
def test_acima_do_teto_a_exportacao_traz_todos_os_achados(client, servidor):
    _processos(301)
    client.force_login(servidor)

    resposta = client.get("/processos/exportar.csv?q=esperanca")

    texto = b"".join(resposta.streaming_content if resposta.streaming else [resposta.content])
    linhas = list(csv.reader(io.StringIO(texto.decode("utf-8-sig")), delimiter=";"))
    assert len(linhas) == 1 + 301


@pytest.mark.django_db
def test_a_lista_sem_filtro_conta_todos(client, servidor):
    _processos(301)
    client.force_login(servidor)

    quantidade, pagina, _ = _tela(client, "/processos/")

    assert quantidade == "321 processos"
    assert pagina == "Página 1 de 7"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "achados, quantidade", [(300, "300 processos"), (301, "Mais de 300 processos: as 6")]
)
def test_o_portal_tambem_conta_so_ate_o_teto(client, achados, quantidade):
    _processos(achados)

    assert _tela(client, "/portal/?q=esperanca")[0].startswith(quantidade)


def _signatario_esperanca(processo: Processo, usuario) -> None:
    semear_assinaturas(processo, usuario, 1)
    processo.signatarios.update(nome="Esperança Gomes")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "pelo_nome, quantidade",
    [
        (299, "300 processos"),
        (300, "Mais de 300 processos: as 6"),
        # Os achados pelo nome já passam do teto: o signatário é conferido processo a processo.
        (301, "Mais de 300 processos: as 6"),
    ],
)
def test_o_achado_so_pelo_signatario_conta_dos_dois_lados_do_teto(
    client, servidor, operador, pelo_nome, quantidade
):
    """Um processo sem "Esperança" no nome, achado só pelo signatário, entra na contagem e,
    acima do teto, aparece na página (o mais recente, no topo)."""
    _processos(pelo_nome, outros=1)
    _signatario_esperanca(Processo.objects.get(numero=pelo_nome + 1), operador)
    client.force_login(servidor)

    resultado, _, protocolos = _tela(client, "/processos/?q=esperanca")

    assert resultado.startswith(quantidade)
    assert protocolos[0] == f"{pelo_nome + 1:04d}/2026"


@pytest.mark.django_db
def test_a_contagem_da_busca_respeita_os_outros_criterios(client, servidor, operador):
    _processos(320, outros=1)
    Processo.objects.filter(numero__lte=20).update(tipo="fusao")
    _signatario_esperanca(Processo.objects.get(numero=321), operador)
    client.force_login(servidor)

    assert _tela(client, "/processos/?q=esperanca&tipo=fusao")[0] == "20 processos"
    Processo.objects.filter(numero=321).update(tipo="fusao")
    assert _tela(client, "/processos/?q=esperanca&tipo=fusao")[0] == "21 processos"
    assert _tela(client, "/processos/?q=esperanca&tipo=criacao")[0] == "300 processos"
