"""Jornada real no Chromium pela instrução (Art. 17, II; Art. 2º, §§ 2º e 3º; Art. 18): o
parecer preliminar oficia os três órgãos; a servidora registra o AR e a resposta de cada um
com a certidão e os números que ela atesta (uma resposta parcial do TRE, completada por uma
versão nova); a prévia dos requisitos se preenche a cada certidão; e o parecer de mérito
grava a avaliação calculada sobre as certidões — sem campo para digitar número algum."""

import re

import pytest
from django.contrib.auth.models import Group

from processos.models import Andamento
from processos.papeis import GRUPOS
from tests.navegador import roteiro as r
from tests.navegador.roteiro import (
    AREA,
    CARTOGRAFIA,
    CONTINUIDADE,
    ELEITORES_AREA,
    ELEITORES_SORRISO,
    NUMEROS_CARTOGRAFIA,
    NUMEROS_SEFAZ,
    SEFAZ,
    SORRISO,
    TRE,
)
from tests.processos.construtores import ANO_VA, avancar, protocolar
from tests.representacao.construtores import pdf_real

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

# Os números que o parecer de mérito não pode pedir: vêm todos das certidões.
CAMPOS_DE_NUMEROS = (
    "populacao",
    "eleitores",
    "casas",
    "valor_adicionado",
    "continuidade",
    "area_km2",
    "participacao",
    "exercicio",
)


def _previa(pagina):
    return pagina.get_by_role("region", name="Requisitos — prévia sobre as certidões")


def _responder(pagina, orgao: str, numero: str, certidao, numeros: dict[str, str], url) -> None:
    r.ato_do_oficio(
        pagina,
        orgao,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    assert r.campo(pagina, "Respondido em").input_value() == r.hoje()
    assert r.campo(pagina, "Data da certidão").input_value() == r.hoje()
    r.campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(certidao)
    r.preencher(pagina, {"Número da certidão": numero} | numeros)
    r.confirmar_no_oficio(pagina, "Resposta, certidão e números registrados.", url)


def test_instrucao_com_os_numeros_certificados_ate_o_parecer_de_merito(
    pagina, operador, servidor, presidente, tmp_path
):
    # Ver test_jornada.py: recriar os grupos torna o teste independente da ordem.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    processo = avancar(protocolar(operador), operador, "visita_realizada")
    url_processo = f"{pagina.url_base}/processos/{processo.slug}/"
    capturas = r.Capturas(r.pasta_de_artefatos("certidoes-ate-o-parecer-de-merito"))
    certidao = tmp_path / "certidao.pdf"
    certidao.write_bytes(pdf_real())
    retificadora = tmp_path / "certidao-retificadora.pdf"
    retificadora.write_bytes(pdf_real(preenchimento=10))

    # --- Art. 17, II: o Presidente pede os documentos; saem os três ofícios (Art. 17, § 2º).
    r.entrar(pagina, presidente.username)
    pagina.goto(url_processo)
    r.abrir_ato(pagina, "Emitir parecer preliminar")
    pagina.get_by_label("Solicitar os documentos do Art. 2º").check()
    r.campo(pagina, "Texto do parecer").fill("Cumpridos os Arts. 15 e 16; oficiem-se os órgãos.")
    # Gera o parecer e os três ofícios em PDF: leva alguns segundos.
    r.confirmar(pagina, "Emitir parecer preliminar", "Aguardando certidões", timeout=60_000)

    for orgao in (CARTOGRAFIA, TRE, SEFAZ):
        linha = r.linha_do_oficio(pagina, orgao)
        assert linha.count() == 1, orgao
        assert "Aguardando o aviso de recebimento (AR)" in r.texto(linha)
        assert r.hoje() in r.texto(linha)  # enviado hoje
    # O Presidente vê os ofícios; o AR e a resposta são registrados pela servidora.
    previa = _previa(pagina)
    assert "Avaliação parcial: faltam números certificados." in r.texto(previa)
    assert "Falta: aguardando a certidão da Cartografia" in r.texto(r.linha_do_inciso(previa, "I"))
    capturas(pagina, "oficios-enviados")
    r.sair(pagina)

    # --- Art. 2º, § 3º: o AR de cada ofício abre o prazo.
    r.entrar(pagina, servidor.username)
    pagina.goto(url_processo)
    for orgao in (CARTOGRAFIA, TRE, SEFAZ):
        r.ato_do_oficio(pagina, orgao, "Registrar AR", "Registrar recebimento (AR)")
        r.campo(pagina, "Recebido pelo órgão em (AR)").fill(r.hoje())
        r.confirmar_no_oficio(pagina, "Recebimento registrado;", url_processo)
        linha = r.linha_do_oficio(pagina, orgao)
        assert "No prazo (faltam" in r.texto(linha)
        assert linha.get_by_role("link", name="Registrar AR").count() == 0

    # --- Cartografia: I, III, VI e as áreas, da área e de Sorriso remanescente.
    r.ato_do_oficio(
        pagina,
        CARTOGRAFIA,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    # Só os números que o ofício à Cartografia pede: nenhum do TRE ou da SEFAZ.
    assert pagina.get_by_label(ELEITORES_AREA).count() == 0
    assert pagina.get_by_label(re.compile("valor adicionado")).count() == 0
    capturas(pagina, "resposta-cartografia")
    pagina.get_by_role("link", name="Cancelar").click()
    pagina.wait_for_url(url_processo)
    r.ato_do_oficio(
        pagina,
        CARTOGRAFIA,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    r.campo(pagina, f"{AREA}: {CONTINUIDADE}").select_option(label="Sim")
    r.campo(pagina, f"{SORRISO}: {CONTINUIDADE}").select_option(label="Sim")
    r.campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(certidao)
    r.preencher(pagina, {"Número da certidão": "CART-101/2026"} | NUMEROS_CARTOGRAFIA)
    r.confirmar_no_oficio(pagina, "Resposta, certidão e números registrados.", url_processo)

    linha = r.linha_do_oficio(pagina, CARTOGRAFIA)
    assert f"Respondido em {r.hoje()}" in r.texto(linha)
    assert linha.get_by_role("link", name="Certidão nº CART-101/2026").is_visible()
    assert "Todos os números pedidos certificados." in r.texto(linha)
    # A prévia: I, III e VI avaliados com a certidão da Cartografia; II e IV aguardam.
    previa = _previa(pagina)
    assert "Avaliação parcial: faltam números certificados." in r.texto(previa)
    for inciso, valor in (("I", "4.000"), ("III", "201"), ("VI", "Sim")):
        linha = r.linha_do_inciso(previa, inciso)
        assert valor in r.texto(linha) and "✓ Atende" in r.texto(linha), inciso
        assert linha.get_by_role("link", name="Certidão nº CART-101/2026").is_visible(), inciso
    assert "Falta: aguardando a certidão do TRE" in r.texto(r.linha_do_inciso(previa, "II"))
    assert "Falta: aguardando a certidão da SEFAZ" in r.texto(r.linha_do_inciso(previa, "IV"))
    assert "Visita in loco da CRT" in r.texto(r.linha_do_inciso(previa, "V"))
    assert f"Falta eleitores (Art. 2º, II) de {AREA} — {TRE}." in r.texto(previa)
    capturas(previa, "previa-parcial")

    # --- TRE, resposta parcial: a certidão não traz os eleitores de Sorriso remanescente.
    _responder(pagina, TRE, "TRE-7/2026", certidao, {ELEITORES_AREA: "800"}, url_processo)
    linha = r.linha_do_oficio(pagina, TRE)
    assert linha.get_by_text("Resposta parcial", exact=True).is_visible()
    assert f"Falta: eleitores (Art. 2º, II) de {SORRISO}." in r.texto(linha)
    previa = _previa(pagina)
    assert "Avaliação parcial" in r.texto(previa)
    assert f"Falta eleitores (Art. 2º, II) de {SORRISO} — {TRE}." in r.texto(previa)
    eleitores = r.linha_do_inciso(previa, "II")
    assert "800" in r.texto(eleitores) and "Atende" in r.texto(eleitores)
    assert eleitores.get_by_role("link", name="Certidão nº TRE-7/2026").is_visible()
    capturas(linha, "tre-resposta-parcial")

    # --- Retificação: versão nova com os eleitores de Sorriso; a v1 fica nos autos.
    r.ato_do_oficio(pagina, TRE, "Retificar certidão", "Retificar a certidão (versão nova)")
    assert r.campo(pagina, ELEITORES_AREA).input_value() == "800"  # parte dos números vigentes
    assert r.campo(pagina, ELEITORES_SORRISO).input_value() == ""
    r.campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(retificadora)
    r.preencher(
        pagina,
        {
            "Número da certidão": "TRE-7-A/2026",
            ELEITORES_SORRISO: "40.000",
            "Justificativa da retificação": "Certidão complementar com o eleitorado de Sorriso.",
        },
    )
    r.confirmar_no_oficio(
        pagina, "Versão nova da certidão registrada; a anterior permanece nos autos.", url_processo
    )
    linha = r.linha_do_oficio(pagina, TRE)
    assert linha.get_by_role("link", name="Certidão nº TRE-7-A/2026").is_visible()
    assert "(versão 2)" in r.texto(linha)
    assert "Todos os números pedidos certificados." in r.texto(linha)
    assert linha.get_by_text("Resposta parcial").count() == 0
    assert f"Versões anteriores: v1 ({r.hoje()})" in r.texto(linha)
    anterior = linha.get_by_role("link", name="v1", exact=True)
    resposta = pagina.request.get(pagina.url_base + anterior.get_attribute("href"))
    assert resposta.ok and resposta.headers["content-type"] == "application/pdf"
    assert resposta.body() == certidao.read_bytes()  # a versão 1, intacta
    capturas(linha, "tre-retificada")
    assert "Avaliação parcial" in r.texto(_previa(pagina))  # ainda falta a SEFAZ
    assert "Falta: aguardando a certidão da SEFAZ" in r.texto(
        r.linha_do_inciso(_previa(pagina), "IV")
    )

    # --- SEFAZ: o exercício, os valores adicionados e a parcela do ICMS.
    _responder(pagina, SEFAZ, "SEFAZ-33/2026", certidao, NUMEROS_SEFAZ, url_processo)
    previa = _previa(pagina)
    assert "Avaliação parcial" not in r.texto(previa)
    assert "Atende a todos os requisitos indispensáveis." in r.texto(previa)
    fontes = {
        "I": ("4.000", "Certidão nº CART-101/2026"),
        "II": ("800", "Certidão nº TRE-7-A/2026"),
        "III": ("201", "Certidão nº CART-101/2026"),
        "IV": ("5.500.000,01", "Certidão nº SEFAZ-33/2026"),
        "VI": ("Sim", "Certidão nº CART-101/2026"),
    }
    tabela_da_area = previa.get_by_role("table", name="Requisitos calculados sobre as certidões")
    for inciso, (valor, fonte) in fontes.items():
        linha = r.linha_do_inciso(tabela_da_area, inciso)
        assert valor in r.texto(linha), inciso
        assert "✓ Atende" in r.texto(linha), inciso
        assert linha.get_by_role("link", name=fonte, exact=True).is_visible(), inciso
    assert "versão 2" in r.texto(r.linha_do_inciso(tabela_da_area, "II"))
    assert "Visita in loco da CRT" in r.texto(r.linha_do_inciso(tabela_da_area, "V"))
    remanescente = previa.get_by_role("table", name=SORRISO)
    assert "60.000" in r.texto(r.linha_do_inciso(remanescente, "I"))
    assert "Certidão nº TRE-7-A/2026" in r.texto(r.linha_do_inciso(remanescente, "II"))
    assert (
        f"Art. 2º, IV: exercício de {ANO_VA} (o da certidão da SEFAZ); média dos 10 municípios de "
        "menor valor adicionado na tabela importada da SEFAZ: R$ 5.500.000,00."
    ) in r.texto(previa)
    capturas(previa, "previa-completa")

    # --- Concluir certidões (CRT): todos os órgãos responderam (Art. 2º, §§ 2º e 3º).
    r.abrir_ato(pagina, "Concluir certidões")
    r.confirmar(pagina, "Concluir certidões", "Aguardando parecer de mérito")
    r.sair(pagina)

    # --- Art. 18: o parecer de mérito mostra a avaliação calculada; nada se digita.
    r.entrar(pagina, presidente.username)
    pagina.goto(url_processo)
    r.abrir_ato(pagina, "Emitir parecer de mérito")
    formulario = pagina.locator("form").filter(
        has=pagina.get_by_role("button", name="Confirmar: Emitir parecer de mérito")
    )
    assert "Atende a todos os requisitos indispensáveis." in r.texto(formulario)
    tabela = formulario.get_by_role("table", name="Requisitos calculados sobre as certidões")
    for inciso, (valor, fonte) in fontes.items():
        linha = r.linha_do_inciso(tabela, inciso)
        assert valor in r.texto(linha) and "✓ Atende" in r.texto(linha), inciso
        assert linha.get_by_role("link", name=fonte, exact=True).is_visible(), inciso
    for campo in CAMPOS_DE_NUMEROS:
        assert formulario.locator(f"input[name*={campo}], select[name*={campo}]").count() == 0
    # Os únicos campos a preencher: a data, o texto do parecer, o fundamento da análise do
    # Art. 1º, § 1º, e a justificativa.
    assert sorted(
        formulario.get_by_role("textbox").evaluate_all("campos => campos.map(c => c.name)")
    ) == ["data_ato", "fundamento_unidade", "justificativa", "texto_parecer"]
    assert pagina.get_by_text("O processo passará para:").inner_text() == (
        "O processo passará para: Em deliberação no Plenário."
    )
    # Art. 1º, § 1º: a análise da CRT sobre a unidade histórico-cultural, com o fundamento.
    pagina.get_by_label(
        "A continuidade e a unidade histórico-cultural do ambiente urbano são preservadas"
    ).check()
    r.campo(pagina, "Fundamento da análise (Art. 1º, § 1º)").fill(
        "Sede e área num só ambiente urbano, ouvida a Cartografia."
    )
    pagina.get_by_label("Favorável", exact=True).check()
    r.campo(pagina, "Texto do parecer").fill(
        "Os números certificados atendem ao Art. 2º, I a VI, e ao § 1º."
    )
    capturas(pagina, "parecer-de-merito")
    r.confirmar(pagina, "Emitir parecer de mérito", "Em deliberação no Plenário", timeout=60_000)

    assert pagina.url == url_processo
    assert pagina.locator("header .badge-estado").inner_text() == "Em deliberação no Plenário"
    # A página mostra a avaliação gravada no parecer, não mais a prévia.
    assert _previa(pagina).count() == 0
    requisitos = pagina.get_by_role("region", name="Requisitos", exact=True)
    assert f"Art. 2º — avaliação do parecer de mérito de {r.hoje()}: atende" in r.texto(requisitos)
    for inciso, (valor, _fonte) in fontes.items():
        linha = r.linha_do_inciso(requisitos.get_by_role("table").first, inciso)
        assert valor in r.texto(linha) and "✓ Atende" in r.texto(linha), inciso
    assert "média R$ 5.500.000,00 (tabela da SEFAZ)" in r.texto(requisitos)
    # Emitido o parecer, os números ficam como ele os avaliou (Art. 18).
    assert r.oficios(pagina).get_by_role("link", name="Retificar certidão").count() == 0
    capturas(pagina, "apos-parecer")

    parecer = Andamento.objects.get(processo=processo, ato="emitir_parecer_merito")
    assert parecer.usuario == presidente
    assert parecer.dados["conclusao"] == "favoravel"
    assert parecer.dados["avaliacao_art2"]["atende"] is True
    assert {(c["numero"], c["versao"]) for c in parecer.dados["certidoes_art2"]} == {
        ("CART-101/2026", 1),
        ("TRE-7-A/2026", 2),
        ("SEFAZ-33/2026", 1),
    }
    figuras = parecer.dados["figuras_art2"]
    assert figuras["exercicio_va"] == ANO_VA
    assert figuras["unidades"]["area"] == {
        "populacao": "4000",
        "casas_centro_urbano": "201",
        "continuidade_territorial": True,
        "area_km2": "310.500",
        "eleitores": "800",
        "valor_adicionado": "5500000.01",
    }
    assert figuras["unidades"]["m5107925"]["eleitores"] == "40000"
    assert figuras["unidades"]["m5107925"]["participacao_icms"] == "12.500000"
