"""A exportação CSV e JSON da lista do portal: os mesmos processos, na mesma ordem, com os
mesmos critérios da busca que a pessoa fez."""

import csv
import io
import json
import re

import pytest

from processos.models import Processo
from requisitos.models import Municipio
from tests.processos.construtores import praticar, protocolar


@pytest.fixture
def varios(operador):
    tapurah = Municipio.objects.create(codigo_ibge=5107958, nome="Tapurah")
    processos = [
        protocolar(operador, nome="Vila Serena do Xingu"),
        protocolar(operador, nome="Água Clara", municipios=[tapurah]),
        protocolar(operador, tipo="alteracao_nome", nome="Nova Aurora", sede="Nova Aurora"),
        protocolar(operador, nome="Boa Vista do Teles Pires", municipios=[tapurah]),
    ]
    praticar(processos[1], operador, "baixar_em_diligencia")
    return processos, tapurah


def lista_do_portal(client, consulta: str) -> list[str]:
    html = client.get(f"/portal/?{consulta}").content.decode()
    return re.findall(r'<td[^>]*><a href="/portal/processos/[0-9-]+/">([0-9/]+)</a></td>', html)


def linhas_csv(resposta) -> list[list[str]]:
    texto = b"".join(resposta.streaming_content).decode("utf-8")
    assert texto.startswith("\ufeff")
    return list(csv.reader(io.StringIO(texto[1:]), delimiter=";"))


@pytest.mark.parametrize(
    "consulta",
    ["", "tipo=criacao", "q=Tapurah", "estado=em_diligencia", "ordem=nome", "ordem=-nome"],
)
def test_csv_e_json_sao_a_lista_filtrada_do_portal(client, varios, consulta):
    no_portal = lista_do_portal(client, consulta)

    csv_ = client.get(f"/portal/processos.csv?{consulta}")
    json_ = client.get(f"/portal/processos.json?{consulta}")

    assert no_portal  # cada consulta acha alguém
    linhas = linhas_csv(csv_)
    assert linhas[0][0] == "Número" and linhas[0][1] == "Tipo"
    assert [linha[0] for linha in linhas[1:]] == no_portal
    corpo = json.loads(json_.content)
    assert [p["protocolo"] for p in corpo["processos"]] == no_portal
    assert corpo["total"] == len(no_portal)
    assert csv_["Content-Type"] == "text/csv; charset=utf-8"
    assert 'attachment; filename="processos-' in csv_["Content-Disposition"]


def test_filtro_por_municipio_do_portal_vale_na_exportacao(client, varios):
    processos, tapurah = varios

    linhas = linhas_csv(client.get(f"/portal/processos.csv?municipio={tapurah.pk}"))

    assert [linha[0] for linha in linhas[1:]] == lista_do_portal(client, f"municipio={tapurah.pk}")
    assert {linha[3] for linha in linhas[1:]} == {"Tapurah"}


def test_a_linha_do_csv_traz_os_campos_publicos(client, varios):
    processos, _ = varios
    agua_clara = Processo.objects.get(pk=processos[1].pk)

    linhas = linhas_csv(client.get("/portal/processos.csv?q=Água"))

    assert linhas[1][:6] == [
        agua_clara.protocolo,
        "Criação de município",
        "Água Clara",
        "Tapurah",
        "Em diligência",
        "02/03/2020",
    ]
    assert linhas[1][7] == f"http://testserver/portal/processos/{agua_clara.slug}/"


@pytest.mark.parametrize(
    "formula",
    ['=HYPERLINK("http://x","clique")', "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0", "+1", "\t=1"],
)
def test_celula_que_pareceria_formula_sai_como_texto(client, operador, formula):
    processo = protocolar(operador, nome=formula)
    processo.municipios_origem.update(nome=formula)

    linhas = linhas_csv(client.get("/portal/processos.csv"))

    assert linhas[1][2] == linhas[1][3] == "'" + formula


def test_busca_ilegivel_na_exportacao_e_400_com_o_erro(client, db):
    for formato in ("csv", "json"):
        resposta = client.get(f"/portal/processos.{formato}?ano=-1e999999")

        assert resposta.status_code == 400
        assert "Ano: Escreva o número com todos os dígitos" in resposta.content.decode()


def test_a_exportacao_nao_tem_paginas(client, operador, monkeypatch):
    monkeypatch.setattr("transparencia.portal.POR_PAGINA", 2)
    for i in range(5):
        protocolar(operador, nome=f"Distrito {i}")

    linhas = linhas_csv(client.get("/portal/processos.csv?pagina=2"))

    assert len(linhas) == 1 + 5


def test_lista_do_portal_tem_os_links_da_exportacao_com_a_busca_feita(client, varios):
    html = client.get("/portal/?tipo=criacao&pagina=1").content.decode()

    assert 'href="/portal/processos.csv?tipo=criacao"' in html
    assert 'href="/portal/processos.json?tipo=criacao"' in html
    assert 'href="/api/v1/processos/"' in html and 'href="/api/docs/"' in html


def test_formato_desconhecido_e_404(client, db):
    assert client.get("/portal/processos.xlsx").status_code == 404


def test_exportacao_tem_limite_de_uso(client, db, settings):
    settings.SIMULADOR_LIMITE = "1/m"

    primeira = client.get("/portal/processos.csv", REMOTE_ADDR="10.9.0.2")
    segunda = client.get("/portal/processos.csv", REMOTE_ADDR="10.9.0.2")

    assert primeira.status_code == 200
    assert segunda.status_code == 429 and int(segunda["Retry-After"]) >= 1
