"""Celular: num viewport de 390 px nenhuma página principal fica mais larga que a tela (a
marca da barra quebra linha, as tabelas rolam dentro do próprio envoltorio)."""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR
from tests.processos.construtores import SENHA, processo_no_estado, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    # Os grupos vêm de uma migração de dados: o serialized_rollback os repõe para os demais.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

LARGURA = 390


def _entrar(pagina, login: str) -> None:
    pagina.goto(pagina.url_base + "/entrar/")
    pagina.get_by_label("Usuário").fill(login)
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url("**/painel/")


def _largura_do_documento(pagina, caminho: str) -> int:
    resposta = pagina.goto(pagina.url_base + caminho)
    assert resposta.ok, f"{caminho}: HTTP {resposta.status}"
    return pagina.evaluate("document.documentElement.scrollWidth")


def test_nenhuma_pagina_principal_passa_da_largura_do_celular(pagina):
    call_command("carregar_municipios", verbosity=0)
    # Depois de outro teste transacional, os grupos podem faltar (ver test_jornada).
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    ana = usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, MESA, DEPUTADO, nome="Ana Servidora")
    resultado = processo_no_estado(ana, "criacao", "resultado_em_analise")
    certidoes = processo_no_estado(
        ana, "criacao", "aguardando_certidoes", nome="Bom Jesus do Araguaia do Norte"
    )
    pagina.set_viewport_size({"width": LARGURA, "height": 800})
    _entrar(pagina, "ana")

    caminhos = ["/painel/", "/processos/", "/processos/novo/", "/prazos/"]
    for processo in (resultado, certidoes):
        slug = f"{processo.numero:04d}-{processo.ano}"
        caminhos += [
            f"/processos/{slug}/",
            f"/processos/{slug}/assinaturas/",
            f"/processos/{slug}/documentos-art15/",
            f"/portal/processos/{slug}/",
        ]
    slug = f"{resultado.numero:04d}-{resultado.ano}"
    caminhos += [
        f"/processos/{slug}/atos/emitir-parecer-resultado/",
        f"/processos/{slug}/atos/arquivar/",
        f"/processos/{slug}/atos/retificar-dados/",
        "/portal/",
        "/simulador/",
        "/simulador/municipio/",
        "/simulador/distrito/",
        "/simulador/nome/",
        "/simulador/plebiscito/",
        "/validar/",
    ]
    larguras = {caminho: _largura_do_documento(pagina, caminho) for caminho in caminhos}
    largas = {c: w for c, w in larguras.items() if w > LARGURA}
    assert not largas, f"Páginas mais largas que {LARGURA} px: {largas}"


# O que a célula mostra, por rótulo: as colunas-chave de cada lista (número, nome proposto,
# situação e, na interna, o prazo mais próximo).
CHAVES = {
    "/processos/": ("Número", "Nome proposto", "Estado", "Prazo mais próximo"),
    "/portal/": ("Número", "Nome proposto", "Estado"),
}

_CELULAS = """(rotulos) => {
  const linha = document.querySelector("table.tabela-cartoes tbody tr");
  const envoltorio = linha.closest(".table-responsive");
  return {
    rolagem: envoltorio.scrollWidth - envoltorio.clientWidth,
    celulas: rotulos.map((r) => {
      const td = linha.querySelector(`td[data-rotulo="${r}"]`);
      if (!td) return {rotulo: r, falta: true};
      const caixa = td.getBoundingClientRect();
      return {rotulo: r, esquerda: caixa.left, direita: caixa.right, altura: caixa.height,
              antes: getComputedStyle(td, "::before").content};
    }),
  };
}"""


def test_listas_no_celular_viram_cartoes_com_as_colunas_chave_visiveis(pagina):
    """A 390 px, cada processo da lista interna e do portal é um cartão: o número, o nome, a
    situação e o prazo ficam dentro da tela, cada um com o seu rótulo, sem rolagem lateral."""
    call_command("carregar_municipios", verbosity=0)
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    ana = usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, MESA, DEPUTADO, nome="Ana Servidora")
    processo_no_estado(ana, "criacao", "aguardando_certidoes")
    pagina.set_viewport_size({"width": LARGURA, "height": 800})
    _entrar(pagina, "ana")

    for caminho, rotulos in CHAVES.items():
        pagina.goto(pagina.url_base + caminho)
        medida = pagina.evaluate(_CELULAS, list(rotulos))

        assert medida["rolagem"] <= 0, f"{caminho}: a tabela rola {medida['rolagem']} px"
        for celula in medida["celulas"]:
            assert not celula.get("falta"), f"{caminho}: sem a célula {celula['rotulo']}"
            assert celula["esquerda"] >= 0 and celula["direita"] <= LARGURA, (caminho, celula)
            assert celula["altura"] > 0, (caminho, celula)
            assert celula["antes"] == f'"{celula["rotulo"]}"', (caminho, celula)
