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
