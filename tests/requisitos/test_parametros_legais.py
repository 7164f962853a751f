"""Parâmetros legais versionados por início de vigência (DOMAIN §9)."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from requisitos.models import ParametroLegal, parametros_em_vigor


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
        ("populacao_minima", "quatro mil", "invalid literal"),
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
    assert "valor" in erro.value.message_dict
