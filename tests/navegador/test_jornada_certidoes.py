"""Jornada real no Chromium pela instrução (Art. 17, II; Art. 2º, §§ 2º e 3º; Art. 18): o
parecer preliminar oficia os três órgãos; a servidora registra o AR e a resposta de cada um
com a certidão e os números que ela atesta (uma resposta parcial do TRE, completada por uma
versão nova); a prévia dos requisitos se preenche a cada certidão; e o parecer de mérito
grava a avaliação calculada sobre as certidões — sem campo para digitar número algum."""

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from processos.models import Andamento
from processos.papeis import GRUPOS
from tests.processos.construtores import SENHA, avancar, protocolar
from tests.representacao.construtores import pdf_real

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

AREA = "Área a desmembrar — Nova Fronteira do Norte"
SORRISO = "Sorriso após o desmembramento"
CARTOGRAFIA = "Órgão de Informação e Cartografia do Estado"
TRE = "Tribunal Regional Eleitoral (TRE)"
SEFAZ = "Órgão Fazendário Estadual (SEFAZ)"
# Os números de FIGURAS_ART2 (tests/processos/construtores.py), que atendem ao Art. 2º e ao
# § 1º, como a servidora os digita (milhar com ponto, decimal com vírgula).
NUMEROS_CARTOGRAFIA = {
    f"{AREA}: população estimada (Art. 2º, I)": "4000",
    f"{AREA}: casas no centro urbano (Art. 2º, III)": "201",
    f"{AREA}: área em km²": "310,5",
    f"{SORRISO}: população estimada (Art. 2º, I)": "60.000",
    f"{SORRISO}: casas no centro urbano (Art. 2º, III)": "9000",
    f"{SORRISO}: área em km²": "3105",
}
CONTINUIDADE = "continuidade territorial (Art. 2º, VI)"
NUMEROS_SEFAZ = {
    "Exercício do valor adicionado (o último encerrado, Art. 2º, IV)": "2024",
    f"{AREA}: valor adicionado (Art. 2º, IV)": "5.500.000,01",
    f"{SORRISO}: valor adicionado (Art. 2º, IV)": "900.000.000,00",
    f"{SORRISO}: parcela do índice do ICMS que passa ao novo município (Art. 7º, V)": "12,5",
}
# As capturas das telas-chave ficam fora da pasta temporária do pytest (que outras execuções
# apagam), como nas demais jornadas; CAPTURAS_NAVEGADOR muda o lugar.
CAPTURAS = Path(os.environ.get("CAPTURAS_NAVEGADOR", "/tmp")) / "jornada_certidoes"
ELEITORES_AREA = f"{AREA}: eleitores (Art. 2º, II)"
ELEITORES_SORRISO = f"{SORRISO}: eleitores (Art. 2º, II)"
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


def _hoje() -> str:
    return timezone.localdate().strftime("%d/%m/%Y")


def _entrar(pagina, login: str) -> None:
    pagina.goto(pagina.url_base + "/entrar/")
    pagina.get_by_label("Usuário").fill(login)
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url("**/painel/")


def _sair(pagina) -> None:
    pagina.get_by_role("button", name="Sair").click()
    pagina.wait_for_load_state()
    assert pagina.get_by_role("link", name="Entrar").first.is_visible()


def _campo(pagina, rotulo: str):
    """O campo pelo rótulo exato; o crispy acrescenta "*" aos obrigatórios."""
    return pagina.get_by_label(re.compile(rf"^\s*{re.escape(rotulo)}\*?\s*$"))


def _preencher(pagina, campos: dict[str, str]) -> None:
    for rotulo, valor in campos.items():
        _campo(pagina, rotulo).fill(valor)


def _abrir_ato(pagina, rotulo: str) -> None:
    acoes = pagina.get_by_role("region", name="Ações disponíveis")
    acoes.get_by_role("link", name=rotulo, exact=True).click()
    pagina.get_by_role("heading", name=rotulo, level=1).wait_for()


def _confirmar(pagina, rotulo: str, destino: str, timeout: float = 15_000) -> None:
    pagina.get_by_role("button", name=f"Confirmar: {rotulo}").click()
    mensagem = pagina.get_by_role("status").filter(has_text=f"{rotulo}: ato registrado.")
    mensagem.wait_for(timeout=timeout)
    assert f"O processo está em: {destino}." in mensagem.inner_text()


def _oficios(pagina):
    return pagina.get_by_role("region", name="Ofícios e prazos")


def _linha_do_oficio(pagina, orgao: str):
    return (
        _oficios(pagina)
        .get_by_role("row")
        .filter(has=pagina.get_by_role("cell", name=orgao, exact=True))
    )


def _ato_do_oficio(pagina, orgao: str, botao: str, titulo: str) -> None:
    _linha_do_oficio(pagina, orgao).get_by_role("link", name=botao, exact=True).click()
    pagina.get_by_role("heading", name=titulo, level=1).wait_for()
    assert f" ao {orgao} — Art. 2º" in pagina.get_by_role("main").inner_text()


def _confirmar_no_oficio(pagina, sucesso: str, url_processo: str) -> None:
    pagina.get_by_role("button", name="Confirmar", exact=True).click()
    pagina.get_by_role("status").filter(has_text=sucesso).wait_for()
    assert pagina.url == url_processo


def _previa(pagina):
    return pagina.get_by_role("region", name="Requisitos — prévia sobre as certidões")


def _linha_do_inciso(regiao, inciso: str):
    """A linha da tabela cujo cabeçalho de linha é o inciso (I, II, ... VI)."""
    return regiao.get_by_role("row").filter(
        has=regiao.page.get_by_role("rowheader", name=inciso, exact=True)
    )


def _texto(locator) -> str:
    return " ".join(locator.inner_text().split())


def _responder(pagina, orgao: str, numero: str, certidao, numeros: dict[str, str], url) -> None:
    _ato_do_oficio(
        pagina,
        orgao,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    assert _campo(pagina, "Respondido em").input_value() == _hoje()
    assert _campo(pagina, "Data da certidão").input_value() == _hoje()
    _campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(certidao)
    _preencher(pagina, {"Número da certidão": numero} | numeros)
    _confirmar_no_oficio(pagina, "Resposta, certidão e números registrados.", url)


def test_instrucao_com_os_numeros_certificados_ate_o_parecer_de_merito(
    pagina, operador, servidor, presidente, tmp_path
):
    # Ver test_jornada.py: recriar os grupos torna o teste independente da ordem.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    processo = avancar(protocolar(operador), operador, "visita_realizada")
    url_processo = f"{pagina.url_base}/processos/{processo.slug}/"
    capturas = CAPTURAS
    capturas.mkdir(parents=True, exist_ok=True)
    certidao = tmp_path / "certidao.pdf"
    certidao.write_bytes(pdf_real())
    retificadora = tmp_path / "certidao-retificadora.pdf"
    retificadora.write_bytes(pdf_real(preenchimento=10))

    # --- Art. 17, II: o Presidente pede os documentos; saem os três ofícios (Art. 17, § 2º).
    _entrar(pagina, presidente.username)
    pagina.goto(url_processo)
    _abrir_ato(pagina, "Emitir parecer preliminar")
    pagina.get_by_label("Solicitar os documentos do Art. 2º").check()
    _campo(pagina, "Texto do parecer").fill("Cumpridos os Arts. 15 e 16; oficiem-se os órgãos.")
    # Gera o parecer e os três ofícios em PDF: leva alguns segundos.
    _confirmar(pagina, "Emitir parecer preliminar", "Aguardando certidões", timeout=60_000)

    for orgao in (CARTOGRAFIA, TRE, SEFAZ):
        linha = _linha_do_oficio(pagina, orgao)
        assert linha.count() == 1, orgao
        assert "Aguardando o aviso de recebimento (AR)" in _texto(linha)
        assert _hoje() in _texto(linha)  # enviado hoje
    # O Presidente vê os ofícios; o AR e a resposta são registrados pela servidora.
    previa = _previa(pagina)
    assert "Avaliação parcial: faltam números certificados." in _texto(previa)
    assert "Falta: aguardando a certidão da Cartografia" in _texto(_linha_do_inciso(previa, "I"))
    pagina.screenshot(path=capturas / "01_oficios_enviados.png", full_page=True)
    _sair(pagina)

    # --- Art. 2º, § 3º: o AR de cada ofício abre o prazo.
    _entrar(pagina, servidor.username)
    pagina.goto(url_processo)
    for orgao in (CARTOGRAFIA, TRE, SEFAZ):
        _ato_do_oficio(pagina, orgao, "Registrar AR", "Registrar recebimento (AR)")
        _campo(pagina, "Recebido pelo órgão em (AR)").fill(_hoje())
        _confirmar_no_oficio(pagina, "Recebimento registrado;", url_processo)
        linha = _linha_do_oficio(pagina, orgao)
        assert "No prazo (faltam" in _texto(linha)
        assert linha.get_by_role("link", name="Registrar AR").count() == 0

    # --- Cartografia: I, III, VI e as áreas, da área e de Sorriso remanescente.
    _ato_do_oficio(
        pagina,
        CARTOGRAFIA,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    # Só os números que o ofício à Cartografia pede: nenhum do TRE ou da SEFAZ.
    assert pagina.get_by_label(ELEITORES_AREA).count() == 0
    assert pagina.get_by_label(re.compile("valor adicionado")).count() == 0
    pagina.screenshot(path=capturas / "02_resposta_cartografia.png", full_page=True)
    pagina.get_by_role("link", name="Cancelar").click()
    pagina.wait_for_url(url_processo)
    _ato_do_oficio(
        pagina,
        CARTOGRAFIA,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    _campo(pagina, f"{AREA}: {CONTINUIDADE}").select_option(label="Sim")
    _campo(pagina, f"{SORRISO}: {CONTINUIDADE}").select_option(label="Sim")
    _campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(certidao)
    _preencher(pagina, {"Número da certidão": "CART-101/2026"} | NUMEROS_CARTOGRAFIA)
    _confirmar_no_oficio(pagina, "Resposta, certidão e números registrados.", url_processo)

    linha = _linha_do_oficio(pagina, CARTOGRAFIA)
    assert f"Respondido em {_hoje()}" in _texto(linha)
    assert linha.get_by_role("link", name="Certidão nº CART-101/2026").is_visible()
    assert "Todos os números pedidos certificados." in _texto(linha)
    # A prévia: I, III e VI avaliados com a certidão da Cartografia; II e IV aguardam.
    previa = _previa(pagina)
    assert "Avaliação parcial: faltam números certificados." in _texto(previa)
    for inciso, valor in (("I", "4.000"), ("III", "201"), ("VI", "Sim")):
        linha = _linha_do_inciso(previa, inciso)
        assert valor in _texto(linha) and "✓ Atende" in _texto(linha), inciso
        assert linha.get_by_role("link", name="Certidão nº CART-101/2026").is_visible(), inciso
    assert "Falta: aguardando a certidão do TRE" in _texto(_linha_do_inciso(previa, "II"))
    assert "Falta: aguardando a certidão da SEFAZ" in _texto(_linha_do_inciso(previa, "IV"))
    assert "Visita in loco da CRT" in _texto(_linha_do_inciso(previa, "V"))
    assert f"Falta eleitores (Art. 2º, II) de {AREA} — {TRE}." in _texto(previa)
    previa.screenshot(path=capturas / "03_previa_parcial.png")

    # --- TRE, resposta parcial: a certidão não traz os eleitores de Sorriso remanescente.
    _responder(pagina, TRE, "TRE-7/2026", certidao, {ELEITORES_AREA: "800"}, url_processo)
    linha = _linha_do_oficio(pagina, TRE)
    assert linha.get_by_text("Resposta parcial", exact=True).is_visible()
    assert f"Falta: eleitores (Art. 2º, II) de {SORRISO}." in _texto(linha)
    previa = _previa(pagina)
    assert "Avaliação parcial" in _texto(previa)
    assert f"Falta eleitores (Art. 2º, II) de {SORRISO} — {TRE}." in _texto(previa)
    eleitores = _linha_do_inciso(previa, "II")
    assert "800" in _texto(eleitores) and "Atende" in _texto(eleitores)
    assert eleitores.get_by_role("link", name="Certidão nº TRE-7/2026").is_visible()
    linha.screenshot(path=capturas / "04_tre_resposta_parcial.png")

    # --- Retificação: versão nova com os eleitores de Sorriso; a v1 fica nos autos.
    _ato_do_oficio(pagina, TRE, "Retificar certidão", "Retificar a certidão (versão nova)")
    assert _campo(pagina, ELEITORES_AREA).input_value() == "800"  # parte dos números vigentes
    assert _campo(pagina, ELEITORES_SORRISO).input_value() == ""
    _campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(retificadora)
    _preencher(
        pagina,
        {
            "Número da certidão": "TRE-7-A/2026",
            ELEITORES_SORRISO: "40.000",
            "Justificativa da retificação": "Certidão complementar com o eleitorado de Sorriso.",
        },
    )
    _confirmar_no_oficio(
        pagina, "Versão nova da certidão registrada; a anterior permanece nos autos.", url_processo
    )
    linha = _linha_do_oficio(pagina, TRE)
    assert linha.get_by_role("link", name="Certidão nº TRE-7-A/2026").is_visible()
    assert "(versão 2)" in _texto(linha)
    assert "Todos os números pedidos certificados." in _texto(linha)
    assert linha.get_by_text("Resposta parcial").count() == 0
    assert f"Versões anteriores: v1 ({_hoje()})" in _texto(linha)
    anterior = linha.get_by_role("link", name="v1", exact=True)
    resposta = pagina.request.get(pagina.url_base + anterior.get_attribute("href"))
    assert resposta.ok and resposta.headers["content-type"] == "application/pdf"
    assert resposta.body() == certidao.read_bytes()  # a versão 1, intacta
    linha.screenshot(path=capturas / "05_tre_retificada.png")
    assert "Avaliação parcial" in _texto(_previa(pagina))  # ainda falta a SEFAZ
    assert "Falta: aguardando a certidão da SEFAZ" in _texto(
        _linha_do_inciso(_previa(pagina), "IV")
    )

    # --- SEFAZ: o exercício, os valores adicionados e a parcela do ICMS.
    _responder(pagina, SEFAZ, "SEFAZ-33/2026", certidao, NUMEROS_SEFAZ, url_processo)
    previa = _previa(pagina)
    assert "Avaliação parcial" not in _texto(previa)
    assert "Atende a todos os requisitos indispensáveis." in _texto(previa)
    fontes = {
        "I": ("4.000", "Certidão nº CART-101/2026"),
        "II": ("800", "Certidão nº TRE-7-A/2026"),
        "III": ("201", "Certidão nº CART-101/2026"),
        "IV": ("5.500.000,01", "Certidão nº SEFAZ-33/2026"),
        "VI": ("Sim", "Certidão nº CART-101/2026"),
    }
    tabela_da_area = previa.get_by_role("table", name="Requisitos calculados sobre as certidões")
    for inciso, (valor, fonte) in fontes.items():
        linha = _linha_do_inciso(tabela_da_area, inciso)
        assert valor in _texto(linha), inciso
        assert "✓ Atende" in _texto(linha), inciso
        assert linha.get_by_role("link", name=fonte, exact=True).is_visible(), inciso
    assert "versão 2" in _texto(_linha_do_inciso(tabela_da_area, "II"))
    assert "Visita in loco da CRT" in _texto(_linha_do_inciso(tabela_da_area, "V"))
    remanescente = previa.get_by_role("table", name=SORRISO)
    assert "60.000" in _texto(_linha_do_inciso(remanescente, "I"))
    assert "Certidão nº TRE-7-A/2026" in _texto(_linha_do_inciso(remanescente, "II"))
    assert (
        "Art. 2º, IV: exercício de 2024 (o da certidão da SEFAZ); média dos 10 municípios de "
        "menor valor adicionado na tabela importada da SEFAZ: R$ 5.500.000,00."
    ) in _texto(previa)
    previa.screenshot(path=capturas / "06_previa_completa.png")

    # --- Concluir certidões (CRT): todos os órgãos responderam (Art. 2º, §§ 2º e 3º).
    _abrir_ato(pagina, "Concluir certidões")
    _confirmar(pagina, "Concluir certidões", "Aguardando parecer de mérito")
    _sair(pagina)

    # --- Art. 18: o parecer de mérito mostra a avaliação calculada; nada se digita.
    _entrar(pagina, presidente.username)
    pagina.goto(url_processo)
    _abrir_ato(pagina, "Emitir parecer de mérito")
    formulario = pagina.locator("form").filter(
        has=pagina.get_by_role("button", name="Confirmar: Emitir parecer de mérito")
    )
    assert "Atende a todos os requisitos indispensáveis." in _texto(formulario)
    tabela = formulario.get_by_role("table", name="Requisitos calculados sobre as certidões")
    for inciso, (valor, fonte) in fontes.items():
        linha = _linha_do_inciso(tabela, inciso)
        assert valor in _texto(linha) and "✓ Atende" in _texto(linha), inciso
        assert linha.get_by_role("link", name=fonte, exact=True).is_visible(), inciso
    for campo in CAMPOS_DE_NUMEROS:
        assert formulario.locator(f"input[name*={campo}], select[name*={campo}]").count() == 0
    # Os únicos campos a preencher: a data, o texto do parecer e a justificativa.
    assert sorted(
        formulario.get_by_role("textbox").evaluate_all("campos => campos.map(c => c.name)")
    ) == ["data_ato", "justificativa", "texto_parecer"]
    assert pagina.get_by_text("O processo passará para:").inner_text() == (
        "O processo passará para: Em deliberação no Plenário."
    )
    pagina.get_by_label("Favorável", exact=True).check()
    _campo(pagina, "Texto do parecer").fill(
        "Os números certificados atendem ao Art. 2º, I a VI, e ao § 1º."
    )
    pagina.screenshot(path=capturas / "07_parecer_de_merito.png", full_page=True)
    _confirmar(pagina, "Emitir parecer de mérito", "Em deliberação no Plenário", timeout=60_000)

    assert pagina.url == url_processo
    assert pagina.locator("header .badge-estado").inner_text() == "Em deliberação no Plenário"
    # A página mostra a avaliação gravada no parecer, não mais a prévia.
    assert _previa(pagina).count() == 0
    requisitos = pagina.get_by_role("region", name="Requisitos", exact=True)
    assert f"Art. 2º — avaliação do parecer de mérito de {_hoje()}: atende" in _texto(requisitos)
    for inciso, (valor, _fonte) in fontes.items():
        linha = _linha_do_inciso(requisitos.get_by_role("table").first, inciso)
        assert valor in _texto(linha) and "✓ Atende" in _texto(linha), inciso
    assert "média R$ 5.500.000,00 (tabela da SEFAZ)" in _texto(requisitos)
    # Emitido o parecer, os números ficam como ele os avaliou (Art. 18).
    assert _oficios(pagina).get_by_role("link", name="Retificar certidão").count() == 0
    pagina.screenshot(path=capturas / "08_apos_parecer.png", full_page=True)

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
    assert figuras["exercicio_va"] == 2024
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
