"""Acessibilidade no Chromium real: o axe-core (do pacote axe-playwright-python, instalado
pelas dependências de desenvolvimento — nunca de uma CDN) roda em cada página pública e nas
principais páginas internas, e nenhuma violação séria ou crítica é aceita; no portal, o
teclado percorre todos os links e controles na ordem do documento, com o foco visível.

O script do axe entra pelo `evaluate` do Playwright (protocolo do DevTools), que a CSP da
página não bloqueia; a fixture `pagina` reprova qualquer violação da CSP mesmo assim."""

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.core.management import call_command

from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR
from tests.processos.construtores import SENHA, processo_no_estado, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

GRAVES = ("serious", "critical")


@pytest.fixture
def axe():
    axe_playwright = pytest.importorskip(
        "axe_playwright_python.sync_playwright",
        reason="axe-playwright-python ausente: instale as dependências de desenvolvimento "
        '(pip install ".[dev]" ou make install).',
    )
    return axe_playwright.Axe()


@pytest.fixture
def processo(db, settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()
    call_command("carregar_municipios", verbosity=0)
    for nome in GRUPOS.values():  # um teste transacional anterior pode ter esvaziado
        Group.objects.get_or_create(name=nome)
    ana = usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, MESA, DEPUTADO, nome="Ana Servidora")
    return processo_no_estado(ana, "criacao", "resultado_em_analise")


def _graves(axe, pagina, caminho: str) -> list[str]:
    resposta = pagina.goto(pagina.url_base + caminho)
    assert resposta.ok, f"{caminho}: HTTP {resposta.status}"
    resultado = axe.run(pagina).response
    return [
        f"{caminho}: {v['id']} ({v['impact']}) — {v['help']}: "
        + "; ".join(" ".join(n["target"]) + " " + n["html"][:120] for n in v["nodes"][:5])
        for v in resultado["violations"]
        if v["impact"] in GRAVES
    ]


def _entrar(pagina) -> None:
    pagina.goto(pagina.url_base + "/entrar/")
    pagina.get_by_label("Usuário").fill("ana")
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url("**/painel/")


def test_paginas_publicas_e_internas_sem_violacao_seria_ou_critica(pagina, axe, processo):
    slug = processo.slug
    publicas = [
        "/",
        "/portal/",
        f"/portal/processos/{slug}/",
        "/simulador/",
        "/simulador/municipio/",
        "/simulador/distrito/",
        "/simulador/nome/",
        "/simulador/plebiscito/",
        "/validar/",
        "/lei/",
        "/entrar/",
    ]
    violacoes = [v for caminho in publicas for v in _graves(axe, pagina, caminho)]

    _entrar(pagina)
    internas = ["/painel/", "/processos/", f"/processos/{slug}/", "/prazos/"]
    violacoes += [v for caminho in internas for v in _graves(axe, pagina, caminho)]

    assert not violacoes, "Violações sérias ou críticas do axe-core:\n" + "\n".join(violacoes)


def test_no_celular_tambem_sem_violacao_seria_ou_critica(pagina, axe, processo):
    """A 390 px as tabelas rolam dentro do invólucro: ele é uma região que o teclado alcança
    (axe `scrollable-region-focusable`)."""
    pagina.set_viewport_size({"width": 390, "height": 844})
    slug = processo.slug
    violacoes = [
        v
        for caminho in ("/portal/", f"/portal/processos/{slug}/", "/simulador/plebiscito/")
        for v in _graves(axe, pagina, caminho)
    ]
    _entrar(pagina)
    for caminho in ("/processos/", f"/processos/{slug}/", "/prazos/"):
        violacoes += _graves(axe, pagina, caminho)

    assert not violacoes, "Violações sérias ou críticas do axe-core:\n" + "\n".join(violacoes)


def _graves_aqui(axe, pagina, rotulo: str) -> list[str]:
    resultado = axe.run(pagina).response
    return [
        f"{rotulo}: {v['id']} ({v['impact']})"
        for v in resultado["violations"]
        if v["impact"] in GRAVES
    ]


def test_resultados_e_erros_dos_simuladores_sem_violacao_seria_ou_critica(pagina, axe, processo):
    graves = []
    pagina.goto(pagina.url_base + "/simulador/distrito/")
    pagina.locator("#id_habitacoes_sede").fill("49")
    pagina.locator("#id_populacao").fill("1000")
    pagina.get_by_role("button", name="Simular").click()
    pagina.locator("#resultado").wait_for()
    graves += _graves_aqui(axe, pagina, "distrito, resultado")

    pagina.goto(pagina.url_base + "/simulador/nome/")
    pagina.get_by_label("Nome proposto").fill("Sete de Setembro")
    pagina.get_by_role("button", name="Verificar").click()
    pagina.locator("#resultado").wait_for()
    graves += _graves_aqui(axe, pagina, "nome, resultado")

    pagina.goto(pagina.url_base + "/simulador/plebiscito/")
    pagina.locator("#id_un-0-nome").fill("Tabocão")
    for campo, valor in {
        "inscritos": "2.719",
        "comparecimento": "2.175",
        "sim": "1.561",
        "nao": "525",
        "brancos": "41",
        "nulos": "48",
    }.items():
        pagina.locator(f"#id_un-0-{campo}").fill(valor)
    pagina.get_by_label("É a área a desmembrar — linha 1").check()
    pagina.get_by_role("button", name="Simular").click()
    pagina.locator("#resultado").wait_for()
    graves += _graves_aqui(axe, pagina, "plebiscito, resultado")

    pagina.goto(pagina.url_base + "/simulador/municipio/")
    pagina.get_by_role("button", name="Simular").click()  # vazio: os erros de cada campo
    pagina.wait_for_load_state()
    graves += _graves_aqui(axe, pagina, "município, erros")
    assert not graves, graves


# Tudo o que o Tab alcança, na ordem do documento (sem tabindex positivo no sistema).
FOCAVEIS = """() => Array.from(document.querySelectorAll(
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), '
  + 'select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'
)).filter(e => e.checkVisibility({visibilityProperty: true})
  || e.matches('.visually-hidden-focusable'))
  .map((e, i) => { e.dataset.ordemFoco = String(i); return i; }).length"""

FOCO_ATUAL = """() => {
  const e = document.activeElement;
  const s = getComputedStyle(e);
  const contorno = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
  return {ordem: e.dataset.ordemFoco ?? null, rotulo: (e.innerText || e.value || e.name || '')
    .trim().slice(0, 40), visivel: contorno || s.boxShadow !== 'none'};
}"""


def test_teclado_percorre_a_pagina_publica_do_processo_em_ordem_com_foco_visivel(pagina, processo):
    pagina.goto(pagina.url_base + f"/portal/processos/{processo.slug}/")
    total = pagina.evaluate(FOCAVEIS)
    assert total > 5
    visitados = []
    for _ in range(total):
        pagina.keyboard.press("Tab")
        visitados.append(pagina.evaluate(FOCO_ATUAL))
    assert [v["ordem"] for v in visitados] == [str(i) for i in range(total)], visitados
    sem_foco_visivel = [v["rotulo"] for v in visitados if not v["visivel"]]
    assert not sem_foco_visivel, f"Sem indicação visível de foco: {sem_foco_visivel}"


def test_lei_anotada_cabe_no_celular_e_entrega_o_pdf(pagina, processo):
    pagina.set_viewport_size({"width": 390, "height": 800})
    pagina.goto(pagina.url_base + "/lei/")
    assert pagina.evaluate("document.documentElement.scrollWidth") <= 390
    assert pagina.get_by_role("heading", name="Art. 27").is_visible()
    # O botão envia o formulário com o token CSRF, sem login; a resposta é o PDF emitido.
    with pagina.expect_response(lambda r: r.url.endswith("/lei/pdf/"), timeout=90_000) as pdf:
        pagina.get_by_role("button", name="Baixar PDF verificável").click()
    assert pdf.value.status == 200
    assert pdf.value.headers["content-type"] == "application/pdf"
