"""Jornada real no Chromium pela fase do plebiscito (Arts. 11, 19 e 20): do PDL ao parecer
sobre o resultado, que arquiva o processo quando a regra literal da LC 23/1992 o rejeita."""

import pytest
from django.contrib.auth.models import Group

from processos.papeis import GRUPOS, MESA, PRESIDENTE, SERVIDOR
from tests.navegador import roteiro as r
from tests.processos.construtores import processo_no_estado, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

UNIDADE = "Área a desmembrar (futuro Município de Nova Fronteira do Norte)"
# Rejeitado pela leitura literal (1.200 × 2 ≤ 2.719 inscritos), aprovado pelas outras duas.
REJEITADO_PELA_LITERAL = {
    "Eleitores inscritos": "2719",
    "Comparecimento": "1500",
    "Sim": "1200",
    "Não": "250",
    "Brancos": "30",
    "Nulos": "20",
}


def _preencher_resultado(pagina, numeros: dict[str, str]) -> None:
    r.preencher(
        pagina,
        {
            "Ofício do TRE (número)": "Ofício TRE-MT 88/2026",
            # O ofício do TRE não antecede o encaminhamento nem a fase no TRE desta jornada.
            "Data do ofício do TRE": r.data(0),
            "Lido em Plenário em": r.data(0),
            "Data da consulta (dia da votação)": r.data(0),
        },
    )
    r.preencher(pagina, {f"{UNIDADE}: {coluna}": valor for coluna, valor in numeros.items()})


def _leituras(pagina) -> dict[str, str]:
    linhas = pagina.locator("#plebiscito tr[data-regra]")
    return {
        linhas.nth(i).get_attribute("data-regra"): linhas.nth(i).inner_text()
        for i in range(linhas.count())
    }


def _leituras_do_formulario(pagina) -> list[str]:
    linhas = pagina.locator("form tr[data-regra]")
    return [linhas.nth(i).get_attribute("data-regra") for i in range(linhas.count())]


def test_resultado_rejeitado_pela_regra_literal_leva_o_parecer_ao_arquivamento(
    pagina, settings, tmp_path, executor_de_tarefas
):
    settings.MEDIA_ROOT = tmp_path / "media"
    # Ver test_jornada.py: recriar os grupos torna o teste independente da ordem.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    usuario = usuario_com_papeis("bia", SERVIDOR, PRESIDENTE, MESA, nome="Bia Servidora")
    processo = processo_no_estado(usuario, "criacao", "elaboracao_pdl")
    url_processo = f"{pagina.url_base}/processos/{processo.slug}/"
    capturas = r.Capturas(r.pasta_de_artefatos("plebiscito-rejeitado-ate-o-arquivamento"))

    r.entrar(pagina, "bia")
    pagina.goto(url_processo)

    r.abrir_ato(pagina, "Apresentar PDL")
    # As datas na ordem da lei (processos.cronologia): PDL, aprovação e publicação do
    # Decreto, encaminhamento ao TRE e, depois dele, a fase no TRE.
    r.preencher(
        pagina,
        {
            "Data do ato": r.data(22),
            "Número do PDL": "5/2026",
            "Ementa": "Autoriza o TRE a realizar...",
        },
    )
    r.confirmar(pagina, "Apresentar PDL", "PDL em tramitação")

    r.abrir_ato(pagina, "Publicar Decreto Legislativo")
    r.preencher(
        pagina,
        {
            "Data do ato": r.data(18),
            "Número do Decreto Legislativo": "2.944",
            "Aprovado em": r.data(20),
            "Publicado no Diário Oficial em": r.data(18),
        },
    )
    r.confirmar(pagina, "Publicar Decreto Legislativo", "Decreto Legislativo publicado")

    # A cópia integral autenticada (Art. 19, § 1º) é montada em segundo plano; pronta, o
    # Decreto segue ao TRE com ela.
    r.montar_copia_integral(pagina, executor_de_tarefas)
    r.abrir_ato(pagina, "Encaminhar ao TRE")
    r.preencher(pagina, {"Data do ato": r.data(15)})
    r.confirmar(pagina, "Encaminhar ao TRE", "Plebiscito no TRE", timeout=60_000)

    r.abrir_ato(pagina, "Registrar fase do plebiscito no TRE")
    r.campo(pagina, "Fase").select_option(label="Resolução do TRE")
    r.preencher(
        pagina,
        {
            "Data da fase": r.data(10),
            "Referência (resolução, ofício ou processo no TRE)": "Resolução TRE-MT 1/2026",
        },
    )
    pagina.get_by_label("Emitir informe ao Plenário", exact=False).uncheck()
    r.confirmar(pagina, "Registrar fase do plebiscito no TRE", "Plebiscito no TRE")
    fase = pagina.locator("#plebiscito .fases-tre li")
    assert fase.inner_text() == f"{r.data(10)} — Resolução do TRE — Resolução TRE-MT 1/2026"
    andamento = pagina.locator(".timeline li").first
    assert "Registrar fase do plebiscito no TRE" in andamento.inner_text()

    # Números inconsistentes: 1.470 votos para 1.500 comparecimentos.
    r.abrir_ato(pagina, "Registrar resultado do plebiscito")
    url_ato = pagina.url
    _preencher_resultado(pagina, REJEITADO_PELA_LITERAL | {"Brancos": "20", "Nulos": "0"})
    pagina.get_by_role("button", name="Confirmar: Registrar resultado do plebiscito").click()
    comparecimento = r.campo(pagina, f"{UNIDADE}: Comparecimento")
    erro = pagina.locator(f"#{comparecimento.get_attribute('aria-describedby')}")
    assert erro.is_visible()
    assert erro.inner_text() == (
        "Sim + Não + brancos + nulos (1.470) deve ser igual ao comparecimento (1.500)."
    )
    assert pagina.url == url_ato
    pagina.goto(url_processo)
    assert pagina.locator("header .badge-estado").inner_text() == "Plebiscito no TRE"

    r.abrir_ato(pagina, "Registrar resultado do plebiscito")
    _preencher_resultado(pagina, REJEITADO_PELA_LITERAL)
    r.confirmar(pagina, "Registrar resultado do plebiscito", "Resultado do plebiscito em análise")

    leituras = _leituras(pagina)
    assert set(leituras) == {"lc23_literal", "maioria_simples_validos", "maioria_comparecimento"}
    assert "(regra que governa)" in leituras["lc23_literal"]
    assert "Rejeitado" in leituras["lc23_literal"]
    assert "Aprovado" in leituras["maioria_simples_validos"]
    assert "Aprovado" in leituras["maioria_comparecimento"]
    veredito = pagina.locator("#plebiscito .veredito-plebiscito")
    assert "o plebiscito foi rejeitado" in " ".join(veredito.inner_text().split())
    capturas(pagina.locator("#plebiscito"), "plebiscito-rejeitado")

    r.abrir_ato(pagina, "Emitir parecer sobre o resultado")
    # Sem declaração a marcar nem conclusão a escolher: o veredito calculado decide.
    assert pagina.get_by_label("Declaro que o plebiscito", exact=False).count() == 0
    assert pagina.get_by_role("checkbox").count() == 0
    assert set(_leituras_do_formulario(pagina)) == set(leituras)
    passara = pagina.get_by_text("O processo passará para:")
    assert passara.inner_text() == "O processo passará para: Arquivado."
    r.campo(pagina, "Análise (texto do parecer)").fill(
        "O Sim não alcançou a maioria absoluta dos eleitores inscritos (Art. 11, § 2º)."
    )
    r.confirmar(pagina, "Emitir parecer sobre o resultado", "Arquivado", timeout=30_000)

    assert pagina.url == url_processo
    assert pagina.locator("header .badge-estado").inner_text() == "Arquivado"
    documentos = pagina.get_by_role("region", name="Documentos emitidos")
    assert documentos.get_by_role(
        "link", name=f"Parecer sobre o resultado do plebiscito — Processo nº {processo.protocolo}"
    ).is_visible()
