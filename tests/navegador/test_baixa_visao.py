"""Baixa visão: as bordas dos controles de formulário têm contraste de 3:1 sobre o branco
(WCAG 1.4.11; a borda padrão do Bootstrap nas caixas de marcar fica em ~1,3:1), o texto
de ajuda 4,5:1, e o foco aparece."""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from processos.papeis import GRUPOS, SERVIDOR
from tests.processos.construtores import SENHA, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

# Contraste WCAG de cada elemento (a cor da propriedade contra o branco), calculado na página.
CONTRASTES = """([seletor, propriedade]) => {
  const canal = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminancia = (cor) => {
    const [r, g, b] = cor.match(/[\\d.]+/g).map(Number);
    return 0.2126 * canal(r) + 0.7152 * canal(g) + 0.0722 * canal(b);
  };
  return [...document.querySelectorAll(seletor)].map((el) => {
    const cor = getComputedStyle(el)[propriedade];
    return Math.round(((1 + 0.05) / (luminancia(cor) + 0.05)) * 100) / 100;
  });
}"""


def _contrastes(pagina, seletor: str, propriedade: str) -> list[float]:
    valores = pagina.evaluate(CONTRASTES, [seletor, propriedade])
    assert valores, f"nenhum elemento {seletor}"
    return valores


def test_controles_do_protocolo_tem_bordas_e_textos_legiveis(pagina):
    call_command("carregar_municipios", verbosity=0)
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    usuario_com_papeis("ana", SERVIDOR, nome="Ana Servidora")
    pagina.goto(pagina.url_base + "/entrar/")
    pagina.get_by_label("Usuário").fill("ana")
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url("**/painel/")
    pagina.goto(pagina.url_base + "/processos/novo/")

    for seletor in ("input.form-control", "select.form-select", "input.form-check-input"):
        assert min(_contrastes(pagina, seletor, "borderTopColor")) >= 3, seletor
    assert min(_contrastes(pagina, ".form-text", "color")) >= 4.5

    caixa = pagina.get_by_role("checkbox", name="Sorriso", exact=True)
    caixa.focus()
    pagina.keyboard.press("Space")  # o teclado marca a caixa
    assert caixa.is_checked()
    contorno = caixa.evaluate("(el) => getComputedStyle(el).outlineStyle")
    assert contorno == "solid"
