"""Jornada real no Chromium: quem acompanha uma consulta informa os números do TRE em
/simulador/plebiscito/, sem login, e lê as três leituras do resultado (Art. 11, § 2º)."""

import pytest
from django.core.cache import cache

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def limite_folgado(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()


def preencher_linha(pagina, i: int, nome: str, numeros: dict[str, str]):
    pagina.locator(f"#id_un-{i}-nome").fill(nome)
    for campo, valor in numeros.items():
        pagina.locator(f"#id_un-{i}-{campo}").fill(valor)


def test_simulador_de_plebiscito_le_o_resultado_e_muda_com_a_regra(pagina):
    pagina.goto(pagina.url_base + "/simulador/plebiscito/")
    assert pagina.get_by_role("heading", name="Simulador: resultado do plebiscito").is_visible()

    # Tabocão/TO, 2018 (TSE): aprovado pelas três leituras.
    numeros = {
        "inscritos": "2.719",
        "comparecimento": "2.175",
        "sim": "1.561",
        "nao": "525",
        "brancos": "41",
        "nulos": "48",
    }
    preencher_linha(pagina, 0, "Tabocão", numeros)
    pagina.get_by_label("É a área a desmembrar — linha 1").check()
    pagina.get_by_role("button", name="Simular").click()

    resultado = pagina.locator("#resultado")
    assert "Aprovado" in resultado.locator(".alert").first.inner_text()
    lc23 = resultado.locator("tr[data-regra='lc23_literal']")
    assert "Sim × 2 = 3.122 > 2.719 inscritos" in lc23.inner_text()
    assert "LC 23/1992, Art. 11, § 2º" in lc23.inner_text()
    assert "governa" in lc23.inner_text()
    situacoes = resultado.locator(".tabela-leituras .situacao").all_inner_texts()
    assert len(situacoes) == 3 and all("Aprovado" in s for s in situacoes)

    # 300 Sim de 1.000 inscritos: a LC 23 rejeita; a maioria simples aprova.
    numeros = {"inscritos": "1000", "comparecimento": "520", "sim": "300", "nao": "200"}
    preencher_linha(pagina, 0, "Tabocão", numeros | {"brancos": "20", "nulos": "0"})
    pagina.get_by_role("button", name="Simular").click()
    assert "Rejeitado" in resultado.locator(".alert").first.inner_text()

    pagina.get_by_label("Regra de aprovação").select_option("maioria_simples_validos")
    pagina.get_by_role("button", name="Simular").click()
    assert "Aprovado" in resultado.locator(".alert").first.inner_text()
    simples = resultado.locator("tr[data-regra='maioria_simples_validos']")
    assert "Lei 9.709/1998, art. 10" in simples.inner_text()
    assert "governa" in simples.inner_text()
