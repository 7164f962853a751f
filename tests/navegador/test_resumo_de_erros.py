"""No navegador: o formulário recusado leva o foco ao resumo dos erros, e o link de um erro
leva ao campo — o da lista dos municípios de origem, que rola dentro da própria caixa, fica
visível."""

import pytest

from processos.papeis import SERVIDOR
from tests.navegador.roteiro import entrar
from tests.processos.construtores import origem_padrao, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_o_foco_vai_ao_resumo_e_o_link_leva_ao_campo(pagina):
    usuario_com_papeis("alice", SERVIDOR)
    origem_padrao()
    entrar(pagina, "alice", destino=pagina.url_base + "/processos/novo/")

    pagina.get_by_label("Nome proposto").fill("")
    pagina.get_by_role("button", name="Protocolar").click()
    pagina.wait_for_selector("[data-resumo-de-erros]")

    em_foco = pagina.evaluate("document.activeElement.hasAttribute('data-resumo-de-erros')")
    assert em_foco
    resumo = pagina.locator("[data-resumo-de-erros]")
    resumo.get_by_role("link", name="Municípios de origem").click()
    erro = pagina.locator("#id_municipios_origem_error")
    assert erro.is_visible()
    assert "obrigatório" in erro.inner_text()


def test_o_asterisco_da_sede_e_do_deputado_acompanha_a_escolha(pagina):
    """Art. 7º, I: sede obrigatória na criação e na fusão; Art. 14, parágrafo único: o
    Deputado, quando a representação veio por ele."""
    usuario_com_papeis("alice", SERVIDOR)
    entrar(pagina, "alice", destino=pagina.url_base + "/processos/novo/")
    asterisco = "label[for={}] .asteriskField"
    sede, deputado = asterisco.format("id_sede_proposta"), asterisco.format("id_deputado_autor")

    assert pagina.locator(sede).count() == 1
    pagina.get_by_label("Tipo").select_option("revisao_limites")
    assert pagina.locator(sede).count() == 0
    pagina.get_by_label("Tipo").select_option("fusao")
    assert pagina.locator(sede).count() == 1
    assert pagina.locator(deputado).count() == 0
    pagina.get_by_label("Por intermédio de Deputado").check()
    assert pagina.locator(deputado).count() == 1
    pagina.get_by_label("Diretamente pela comunidade").check()
    assert pagina.locator(deputado).count() == 0
