"""Parâmetros legais versionados por início de vigência."""

from datetime import date

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from requisitos.models import ParametroLegal, parametros_em_vigor


@pytest.fixture
def administrador(db):
    return User.objects.create_superuser("root", password="x", first_name="Administrador")


def _versao_de_1992(nome: str) -> ParametroLegal:
    return ParametroLegal.objects.get(nome=nome, vigencia_inicio=date(1992, 11, 19))


@pytest.mark.django_db
def test_padroes_criados_pela_migracao_sao_os_da_consolidacao_de_2003():
    p = parametros_em_vigor(date(2026, 11, 29))
    assert (p.populacao_minima, p.percentual_eleitores, p.casas_minimas) == (4000, 20, 200)
    assert (p.n_menores_va, p.prazo_oficio_dias, p.assinaturas_minimas) == (10, 30, 100)
    assert p.regra_plebiscito == "lc23_literal"
    assert p.art3_vigente is False
    assert p.bloqueio_constitucional is True
    assert (
        ParametroLegal.objects.filter(nome="populacao_minima")
        .get()
        .fundamento.startswith("LC 23/1992")
    )


@pytest.mark.django_db
def test_nova_versao_vale_a_partir_da_sua_data_e_a_antiga_antes_dela():
    ParametroLegal.objects.create(
        nome="populacao_minima",
        valor="6000",
        vigencia_inicio=date(2025, 3, 1),
        fundamento="LC hipotética de 2025",
    )
    assert parametros_em_vigor(date(2025, 2, 28)).populacao_minima == 4000
    assert parametros_em_vigor(date(2025, 3, 1)).populacao_minima == 6000
    assert ParametroLegal.objects.filter(nome="populacao_minima").count() == 2


@pytest.mark.django_db
def test_parametros_gravaveis_com_a_avaliacao():
    dados = parametros_em_vigor(date(2026, 1, 2)).como_dict()
    assert dados["data_referencia"] == "2026-01-02"
    assert dados["casas_minimas"] == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("nome", "valor", "mensagem"),
    [
        ("populacao_minima", "quatro mil", "Informe um número inteiro."),
        ("populacao_minima", "-1", "negativo"),
        ("art3_vigente", "talvez", "sim ou não"),
        ("regra_plebiscito", "maioria_qualquer", "Escolha uma destas opções"),
    ],
)
def test_valor_invalido_recusado_no_admin(nome, valor, mensagem):
    parametro = ParametroLegal(
        nome=nome, valor=valor, vigencia_inicio=date(2026, 1, 1), fundamento="teste"
    )
    with pytest.raises(ValidationError) as erro:
        parametro.full_clean()
    assert mensagem in erro.value.message_dict["valor"][0]


# --- somente acréscimo: a mudança é uma nova versão; a antiga permanece ---------------------


def test_admin_nao_altera_nem_apaga_uma_versao_gravada(client, administrador):
    """O achado da auditoria: 1000 → 3000 mantendo a vigência de 1992; apagar a abrangência."""
    distrito = _versao_de_1992("distrito_populacao_minima")
    abrangencia = _versao_de_1992("abrangencia_plebiscito")
    client.force_login(administrador)

    alterar = client.post(
        reverse("admin:requisitos_parametrolegal_change", args=[distrito.pk]),
        {
            "nome": "distrito_populacao_minima",
            "valor": "3000",
            "vigencia_inicio": "19/11/1992",
            "fundamento": distrito.fundamento,
        },
    )
    apagar = client.post(
        reverse("admin:requisitos_parametrolegal_delete", args=[abrangencia.pk]), {"post": "yes"}
    )
    apagar_em_lote = client.post(
        reverse("admin:requisitos_parametrolegal_changelist"),
        {"action": "delete_selected", "_selected_action": [abrangencia.pk], "post": "yes"},
    )

    assert (alterar.status_code, apagar.status_code) == (403, 403)
    assert apagar_em_lote.status_code == 200
    assert parametros_em_vigor(date(2026, 1, 1)).distrito_populacao_minima == 1000
    assert ParametroLegal.objects.filter(nome="abrangencia_plebiscito").count() == 1


def test_pagina_do_parametro_e_consulta_com_todo_o_historico(client, administrador):
    ParametroLegal.objects.create(
        nome="populacao_minima",
        valor="6000",
        vigencia_inicio=date(2025, 3, 1),
        fundamento="LC hipotética 999/2025",
    )
    ParametroLegal.objects.create(
        nome="populacao_minima",
        valor="7000",
        vigencia_inicio=date(2999, 1, 1),
        fundamento="LC hipotética 1000/2998",
    )
    client.force_login(administrador)

    resposta = client.get(
        reverse(
            "admin:requisitos_parametrolegal_change",
            args=[_versao_de_1992("populacao_minima").pk],
        )
    )

    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert 'name="valor"' not in html and 'value="Salvar"' not in html
    assert "Histórico do parâmetro" in html
    for linha in (
        "<td>19/11/1992</td><td>4000</td><td>LC 23/1992, Art. 2º, I</td><td></td>"
        "<td>substituída</td>",
        "<td>01/03/2025</td><td>6000</td><td>LC hipotética 999/2025</td><td></td>"
        "<td>em vigor hoje</td>",
        "<td>01/01/2999</td><td>7000</td><td>LC hipotética 1000/2998</td><td></td>"
        "<td>a vigorar</td>",
    ):
        assert linha in html
    assert "/admin/requisitos/parametrolegal/add/?nome=populacao_minima" in html


def _nova_versao(client, inicio: str):
    return client.post(
        reverse("admin:requisitos_parametrolegal_add"),
        {
            "nome": "distrito_populacao_minima",
            "valor": "3000",
            "vigencia_inicio": inicio,
            "fundamento": "LC hipotética 1/1992",
        },
    )


def test_admin_so_cadastra_nova_versao_que_comeca_depois_da_ultima(client, administrador):
    client.force_login(administrador)

    mesma_data = _nova_versao(client, "19/11/1992")
    anterior = _nova_versao(client, "18/11/1992")
    seguinte = _nova_versao(client, "20/11/1992")

    recusa = "A nova versão deve começar depois da última deste parâmetro (1000, desde 19/11/1992)."
    assert (mesma_data.status_code, anterior.status_code) == (200, 200)
    assert recusa in mesma_data.content.decode() and recusa in anterior.content.decode()
    assert seguinte.status_code == 302
    assert parametros_em_vigor(date(1992, 11, 19)).distrito_populacao_minima == 1000
    assert parametros_em_vigor(date(1992, 11, 20)).distrito_populacao_minima == 3000
    assert ParametroLegal.objects.filter(nome="distrito_populacao_minima").count() == 2


@pytest.mark.django_db
def test_versao_gravada_nao_passa_pela_validacao_de_novo():
    parametro = _versao_de_1992("casas_minimas")
    parametro.valor = "300"

    with pytest.raises(ValidationError, match="Parâmetro legal gravado não se altera"):
        parametro.full_clean()


@pytest.mark.django_db
def test_banco_recusa_alterar_versao_gravada():
    with pytest.raises(IntegrityError), transaction.atomic():
        ParametroLegal.objects.filter(nome="distrito_populacao_minima").update(valor="3000")

    assert _versao_de_1992("distrito_populacao_minima").valor == "1000"


@pytest.mark.django_db
def test_banco_recusa_versao_anterior_a_ultima():
    """A mesma data já era barrada pela restrição única (nome, vigencia_inicio)."""
    with pytest.raises(IntegrityError), transaction.atomic():
        ParametroLegal.objects.create(
            nome="distrito_populacao_minima",
            valor="3000",
            vigencia_inicio=date(1992, 11, 18),
            fundamento="LC hipotética",
        )

    assert ParametroLegal.objects.filter(nome="distrito_populacao_minima").count() == 1
