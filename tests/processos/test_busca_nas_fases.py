"""A busca da lista interna acha o processo pelo que as fases registram: o nome e o
título de um signatário, o número de um ofício ou de uma certidão. O portal não: o que ele
não mostra não serve para achar um processo (Art. 23)."""

import re

import pytest

from instrucao.models import Certidao, Oficio
from representacao.models import Signatario
from tests.processos.construtores import processo_no_estado, protocolar


def _achados(client, url: str, termo: str) -> list[str]:
    html = client.get(url, {"q": termo}).content.decode()
    return sorted(
        set(re.findall(r'href="/(?:portal/)?processos/\d{4}-\d{4}/">(\d{4}/\d{4})<', html))
    )


@pytest.fixture
def com_signatario(operador):
    processo = protocolar(operador, nome="Vila Serena")
    protocolar(operador, nome="Outro Lugar")
    Signatario.objects.create(
        processo=processo,
        ordem=1,
        nome="Maria da Conceição Araújo",
        titulo_eleitor="004356781805",
        titulo_valido=True,
        reside_na_area=True,
        firma_reconhecida=True,
        criado_por=operador,
    )
    return processo


@pytest.mark.django_db
@pytest.mark.parametrize(
    "termo", ["conceicao maria", "ARAUJO", "0043 5678 1805", "004356781805", "0043.5678.1805"]
)
def test_a_lista_interna_acha_pelo_signatario(client, servidor, com_signatario, termo):
    client.force_login(servidor)

    assert _achados(client, "/processos/", termo) == [com_signatario.protocolo]


@pytest.mark.django_db
@pytest.mark.parametrize("termo", ["maria silva", "004356781806", "araujo serena"])
def test_o_signatario_precisa_ter_todas_as_palavras(client, servidor, com_signatario, termo):
    """As palavras do nome no mesmo signatário; "araujo serena" mistura signatário e nome do
    processo e não acha (cada fonte responde pelo termo inteiro)."""
    client.force_login(servidor)

    assert _achados(client, "/processos/", termo) == []


@pytest.mark.django_db
def test_o_portal_nao_acha_pelo_signatario(client, com_signatario):
    assert _achados(client, "/portal/", "Vila Serena") == [com_signatario.protocolo]
    assert _achados(client, "/portal/", "conceicao") == []
    assert _achados(client, "/portal/", "004356781805") == []


@pytest.mark.django_db
def test_a_lista_interna_acha_pelo_numero_do_oficio_e_da_certidao(client, servidor, operador):
    processo = processo_no_estado(operador, "criacao", "aguardando_certidoes")
    protocolar(operador, nome="Outro Lugar")
    oficio = processo.oficios.first()
    certidao = Certidao.objects.filter(oficio__processo=processo).first()
    client.force_login(servidor)

    assert _achados(client, "/processos/", oficio.numero) == [processo.protocolo]
    assert _achados(client, "/processos/", oficio.numero.lower()) == [processo.protocolo]
    assert _achados(client, "/processos/", certidao.numero) == [processo.protocolo]
    assert _achados(client, "/portal/", oficio.numero) == []


@pytest.mark.django_db
@pytest.mark.so_postgresql
def test_a_busca_no_nome_do_signatario_usa_o_indice(com_signatario):
    """O nome normalizado é a coluna gerada, com o índice da migração representacao 0011."""
    from django.db import connection

    from processos.busca import cada_palavra_em

    consulta = Signatario.objects.filter(cada_palavra_em("nome_da_busca", ["CONCEICAO"]))
    sql, parametros = consulta.values("processo_id").query.sql_with_params()
    with connection.cursor() as cursor:
        for tipo in ("seqscan", "indexscan", "indexonlyscan"):
            cursor.execute(f"SET LOCAL enable_{tipo} = off")
        cursor.execute(f"EXPLAIN {sql}", parametros)
        plano = "\n".join(linha for (linha,) in cursor.fetchall())

    assert "signatario_nome_da_busca_trgm" in plano


@pytest.mark.django_db
@pytest.mark.so_postgresql
@pytest.mark.parametrize(
    ("modelo", "indice"),
    [(Oficio, "oficio_numero_maiusculo"), (Certidao, "certidao_numero_maiusculo")],
)
def test_a_busca_pelo_numero_usa_o_indice_da_expressao(modelo, indice):
    """O número comparado sem distinguir maiúsculas (`instrucao.busca`, `numero__iexact`, no
    PostgreSQL `UPPER(numero) = UPPER(termo)`) tem o índice da mesma expressão (migração
    instrucao 0013): sem ele, cada termo com algarismos lia todos os ofícios e certidões."""
    from django.db import connection

    with connection.cursor() as cursor:
        # Numa tabela quase vazia o planejador prefere ler tudo; assim, só um índice que
        # case com a expressão da consulta pode ser escolhido.
        cursor.execute("SET LOCAL enable_seqscan = off")
    plano = modelo.objects.filter(numero__iexact="9/2026-crt").explain()

    assert indice in plano
