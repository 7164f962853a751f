"""Um só widget para os números que uma pessoa digita: texto com teclado numérico,
lido pelo leitor pt-BR de emancipacao.numeros, com a dica do formato e a unidade; nunca
`<input type=number>` (no Chromium em pt-BR, "1250,5" virava 12505 km²). Os valores gravados
voltam aos formulários escritos em pt-BR ("120", e não "120.000")."""

import importlib
import pkgutil
from decimal import Decimal
from pathlib import Path

import pytest
from django import forms
from django.urls import reverse

from emancipacao.numeros import EntradaNumerica, exibir
from tests.processos.construtores import processo_no_estado

RAIZ = Path(__file__).resolve().parent.parent
NUMEROS = (forms.IntegerField, forms.DecimalField, forms.FloatField)


def _formularios() -> list[type[forms.BaseForm]]:
    """Toda classe de formulário do projeto (os módulos que declaram formulários)."""
    for pacote in (p for p in RAIZ.iterdir() if (p / "__init__.py").exists()):
        if pacote.name in {"tests", "emancipacao"}:
            continue
        for modulo in pkgutil.walk_packages([str(pacote)], prefix=f"{pacote.name}."):
            arquivo = RAIZ.joinpath(*modulo.name.split(".")).with_suffix(".py")
            if arquivo.exists() and "forms." in arquivo.read_text(encoding="utf-8"):
                importlib.import_module(modulo.name)
    vistos, pendentes = [], [forms.BaseForm]
    while pendentes:
        for classe in pendentes.pop().__subclasses__():
            pendentes.append(classe)
            if classe.__module__.split(".")[0] in {p.name for p in RAIZ.iterdir()}:
                vistos.append(classe)
    return vistos


def test_todo_campo_numerico_de_todo_formulario_usa_a_entrada_numerica():
    formularios = _formularios()
    assert len(formularios) > 30  # os formulários dos atos, das fases e dos simuladores
    fora = [
        f"{classe.__module__}.{classe.__name__}.{nome}"
        for classe in formularios
        for nome, campo in classe.base_fields.items()
        if isinstance(campo, NUMEROS)
        and not campo.widget.is_hidden
        and not isinstance(campo.widget, EntradaNumerica)
    ]
    assert fora == []


@pytest.mark.parametrize(
    ("valor", "escrito"),
    [
        (Decimal("120.000"), "120"),
        (Decimal("1250.500"), "1.250,5"),
        (Decimal("0.001"), "0,001"),
        (2719, "2.719"),
        (Decimal("12.500000"), "12,5"),
    ],
)
def test_o_valor_gravado_volta_escrito_em_pt_br(valor, escrito):
    assert exibir(valor) == escrito


@pytest.fixture
def logado(client, operador):
    client.force_login(operador)
    return client


def _ato(processo, slug):
    return reverse("processos:ato", args=[processo.slug, slug])


def _sem_type_number(resposta) -> str:
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert 'type="number"' not in html
    return html


def test_protocolo_tem_as_areas_em_texto_com_unidade_e_dica(logado):
    html = _sem_type_number(logado.get("/processos/novo/"))
    assert 'name="area_movida_km2"' in html
    assert "Em km²; escreva como 1.250,5." in html
    assert 'inputmode="decimal"' in html


def test_retificar_dados_mostra_120_km2_como_120(logado, operador):
    processo = processo_no_estado(
        operador,
        "revisao_limites_com_plebiscito",
        "em_instrucao",
        area_movida=Decimal("30.000"),
        area_total=Decimal("120.000"),
    )
    html = _sem_type_number(logado.get(_ato(processo, "retificar-dados")))
    assert 'name="area_total_km2" value="120"' in html
    assert 'name="area_movida_km2" value="30"' in html


@pytest.mark.parametrize(
    ("estado", "slug", "campo"),
    [
        ("deliberacao_plenario", "deliberar-plenario", "votos_sim"),
        ("elaboracao_pl", "apresentar-pl", "ano_instalacao"),
        ("plebiscito_no_tre", "registrar-resultado", "_inscritos"),
    ],
)
def test_paginas_dos_atos_com_numeros_nao_tem_type_number(logado, operador, estado, slug, campo):
    processo = processo_no_estado(operador, "criacao", estado)
    assert campo in _sem_type_number(logado.get(_ato(processo, slug)))


@pytest.mark.parametrize(
    "nome",
    ["requisitos:simulador_municipio", "requisitos:simulador_distrito", "plebiscito:simulador"],
)
def test_simuladores_nao_tem_type_number(client, db, nome):
    html = _sem_type_number(client.get(reverse(nome)))
    assert 'inputmode="numeric"' in html


def test_certidao_da_sefaz_mostra_as_unidades(logado, operador):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    oficio = processo.oficios.get(orgao="sefaz")
    url = reverse("instrucao:oficio_resposta", args=[processo.slug, oficio.pk])
    html = _sem_type_number(logado.get(url))
    assert "Em R$; escreva como 1.250,5." in html
    assert "Em % do índice; escreva como 1.250,5." in html
