"""Jornada real no Chromium: uma liderança comunitária simula a criação de município em
/simulador/municipio/, sem login, e lê o quadro de requisitos."""

import pytest
from django.core.cache import cache

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def limite_folgado(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()


def preencher_area(pagina, eleitores: str):
    pagina.get_by_label("População estimada da área (habitantes)").fill("4071")
    pagina.get_by_label("Eleitores da área").fill(eleitores)
    pagina.locator("#id_casas_centro_urbano").fill("250")
    pagina.get_by_label("Valor adicionado da área no último exercício (R$)").fill("1.500.000,00")
    pagina.get_by_label("Ou informe a média do VA dos municípios de menor VA (R$)").fill(
        "1.000.000,00"
    )
    pagina.locator("#id_condicoes_instalacao").select_option("sim")
    pagina.locator("#id_continuidade_territorial").select_option("sim")


def preencher_origem(pagina, populacao: str):
    pagina.locator("#id_rem-0-codigo_ibge").select_option(label="Nova Ubiratã")
    pagina.locator("#id_rem-0-populacao").fill(populacao)
    pagina.locator("#id_rem-0-eleitores").fill("3000")
    pagina.locator("#id_rem-0-casas_centro_urbano").fill("900")
    pagina.locator("#id_rem-0-valor_adicionado").fill("50.000.000,00")


def test_simulador_de_municipio_mostra_o_que_falta_e_depois_atende(pagina):
    pagina.goto(pagina.url_base + "/simulador/municipio/")
    assert pagina.get_by_role("heading", name="Simulador: criação de município").is_visible()

    # Santo Antônio do Leste, 1995: 410 eleitores para 4.071 habitantes (Art. 2º, II).
    preencher_area(pagina, "410")
    preencher_origem(pagina, "3999")
    pagina.get_by_role("button", name="Simular").click()

    resultado = pagina.locator("#resultado")
    assert "Não atende" in resultado.locator(".alert").first.inner_text()
    linha_ii = resultado.locator("tr[data-inciso='II']").first
    assert "Art. 2º, II" in linha_ii.inner_text()
    assert "Seriam necessários pelo menos 815 eleitores (faltam 405)." in linha_ii.inner_text()
    assert "Não atende" in linha_ii.locator(".situacao").inner_text()
    assert "Município de origem: Nova Ubiratã — perderia requisitos" in resultado.inner_text()

    # Com os números corrigidos, tudo atende — inclusive o § 1º no município de origem.
    preencher_area(pagina, "815")
    preencher_origem(pagina, "9000")
    pagina.get_by_role("button", name="Simular").click()
    assert "Atende a todos os requisitos" in resultado.locator(".alert").first.inner_text()
    linhas = resultado.locator("table").first.locator("tbody tr")
    assert linhas.count() == 7
    assert all("Atende" in t for t in linhas.locator(".situacao").all_inner_texts())
    assert "continua a atender" in resultado.inner_text()
