"""Um registro que não se contradiz, no Chromium: a servidora digita cada data e número como um
brasileiro ("3.415,5", "02/12/2026"), tenta cada data impossível e cada votação que contradiz
o resultado, lê a recusa em pt-BR sem que nada seja gravado, e chega a um processo coerente:
a página pública e os PDFs emitidos dizem as mesmas datas e os mesmos números dos atos.

A instrução (representação, visita, ofícios e certidões) já é percorrida pela interface em
test_jornada_completa; aqui ela é semeada pelos serviços, com as datas no passado, para que
os atos seguintes tenham datas a digitar antes de hoje. Do Plenário à lei, tudo pela tela,
salvo o encaminhamento ao TRE (a cópia integral montada pelo serviço)."""

import io
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from pypdf import PdfReader

from processos.models import Processo
from processos.papeis import DEPUTADO, GRUPOS, MESA, PRESIDENTE, SERVIDOR
from tests.navegador import roteiro as r
from tests.processos.construtores import (
    AVANCO,
    instruir_representacao,
    origem_padrao,
    praticar,
    processo_no_estado,
    recarregar,
    responder_oficios,
    semear_tabela_va,
    usuario_com_papeis,
)

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

NOME = "Nova Fronteira do Norte"
UNIDADE = f"Área a desmembrar (futuro Município de {NOME})"
RECUSA = ".alert-danger"
TABOCAO = {
    "Eleitores inscritos": "2.719",
    "Comparecimento": "2.175",
    "Sim": "1.561",
    "Não": "525",
    "Brancos": "41",
    "Nulos": "48",
}


def _dia(dias_atras: int) -> str:
    return r.data(dias_atras)


def _futuro(dias: int) -> str:
    return (timezone.localdate() + timedelta(days=dias)).strftime("%d/%m/%Y")


MESES = [
    "janeiro",
    "fevereiro",
    "março",
    "abril",
    "maio",
    "junho",
    "julho",
    "agosto",
    "setembro",
    "outubro",
    "novembro",
    "dezembro",
]


def _extenso(dias_atras: int) -> str:
    """A data como os documentos a escrevem: "28 de novembro de 2026" (o dia 1 é "1º")."""
    d = timezone.localdate() - timedelta(days=dias_atras)
    dia = "1º" if d.day == 1 else str(d.day)
    return f"{dia} de {MESES[d.month - 1]} de {d.year}"


def _preparar():
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    origem_padrao()
    semear_tabela_va()
    return usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, MESA, DEPUTADO, nome="Ana Servidora")


def _recusado(pagina, trecho: str) -> str:
    """Confirma o ato, espera a recusa com `trecho` e devolve o texto do resumo."""
    pagina.get_by_role("button", name=re.compile(r"^Confirmar: ")).click()
    alerta = pagina.locator(RECUSA).filter(has_text=trecho)
    alerta.wait_for(timeout=30_000)
    texto = r.texto(alerta)
    assert "nada foi gravado" in texto, texto
    return texto


def _protocolar(pagina) -> str:
    """Protocolo com as áreas digitadas em pt-BR; a data futura é recusada primeiro."""
    pagina.get_by_role("link", name="Novo processo").first.click()
    r.campo(pagina, "Tipo").select_option("criacao")
    r.preencher(pagina, {"Nome proposto": NOME, "Sede proposta": NOME})
    pagina.get_by_role("searchbox", name="Filtrar municípios pelo nome").fill("sorri")
    pagina.get_by_role("checkbox", name="Sorriso", exact=True).check()
    pagina.get_by_label("Diretamente pela comunidade").check()
    pagina.get_by_label("Representantes da comunidade").fill("Comissão pró-emancipação")
    r.campo(pagina, "Área a desmembrar (km²)").fill("310,5")
    r.campo(pagina, "Área total do município (km²)").fill("3.415,5")
    r.campo(pagina, "Lida no expediente em").fill(_futuro(1))
    pagina.get_by_role("button", name="Protocolar").click()
    pagina.locator(RECUSA).filter(has_text="não pode ser futura").wait_for()
    assert Processo.objects.count() == 0
    r.campo(pagina, "Lida no expediente em").fill(_dia(30))
    pagina.get_by_role("button", name="Protocolar").click()
    pagina.get_by_text("Processo protocolado sob o nº").wait_for()
    dados = r.texto(pagina.locator("main"))
    assert "310,5 km²" in dados and "3.415,5 km²" in dados, dados
    return pagina.url


def _instruir_pelos_servicos(usuario, dias_atras: int) -> None:
    """Da recepção na CRT até a deliberação do Plenário, pelos serviços, 20 dias atrás."""
    processo = Processo.objects.get()
    data = timezone.localdate() - timedelta(days=dias_atras)
    while processo.estado != "deliberacao_plenario":
        nome_ato, conclusao = AVANCO[processo.estado]
        if nome_ato == "receber_na_crt":
            instruir_representacao(processo, usuario)
        if nome_ato == "concluir_certidoes":
            responder_oficios(processo, usuario)
        praticar(processo, usuario, nome_ato, conclusao, data_ato=data)
        processo = recarregar(processo)


def _ato(pagina, rotulo: str, data_ato: str, campos: dict | None = None) -> None:
    r.abrir_ato(pagina, rotulo)
    r.preencher(pagina, {"Data do ato": data_ato} | (campos or {}))


def _plenario_ao_decreto(pagina) -> None:
    sessao = {"Sessão (número)": "42ª Ordinária", "Abstenções": "1"}
    # Art. 18, § 1º: 5 × 15 não é "pela tramitação" (maioria simples).
    _ato(pagina, "Deliberar no Plenário", _dia(12), sessao | {"Votos favoráveis": "5"})
    r.campo(pagina, "Votos contrários").fill("15")
    pagina.get_by_label("Pela tramitação (segue à CCJR)", exact=True).check()
    _recusado(pagina, "Votos favoráveis")
    r.preencher(pagina, {"Votos favoráveis": "14", "Votos contrários": "6"})
    r.confirmar(pagina, "Deliberar no Plenário", "Na CCJR")

    _ato(pagina, "Registrar parecer da CCJR", _dia(11))
    pagina.get_by_label("Favorável", exact=True).check()
    r.preencher(pagina, {"Número do parecer da CCJR": "12/2026", "Relator(a)": "Dep. Cicrano"})
    r.confirmar(pagina, "Registrar parecer da CCJR", "Elaboração do PDL")
    _ato(pagina, "Apresentar PDL", _dia(10))
    r.preencher(pagina, {"Número do PDL": "5/2026", "Ementa": "Autoriza o TRE a realizar..."})
    r.confirmar(pagina, "Apresentar PDL", "PDL em tramitação", timeout=30_000)

    # Art. 19, § 1º: publicado antes de aprovado — o relato, recusado com as duas datas.
    decreto = {"Número do Decreto Legislativo": "2.944", "Aprovado em": _dia(9)}
    _ato(pagina, "Publicar Decreto Legislativo", _dia(8), decreto)
    r.campo(pagina, "Publicado no Diário Oficial em").fill(_dia(10))
    texto = _recusado(pagina, "não pode ser anterior")
    assert f"A publicação ({_dia(10)}) não pode ser anterior à aprovação" in texto, texto
    assert f"({_dia(9)}" in texto
    # Aprovado antes do PDL (Art. 19): a data anterior vem do ato que a registrou.
    r.preencher(pagina, {"Aprovado em": _dia(11), "Publicado no Diário Oficial em": _dia(8)})
    texto = _recusado(pagina, "Projeto de Decreto Legislativo")
    assert f"A aprovação do Decreto Legislativo ({_dia(11)}) não pode ser anterior" in texto
    r.preencher(pagina, {"Aprovado em": _dia(9), "Publicado no Diário Oficial em": _dia(8)})
    r.confirmar(pagina, "Publicar Decreto Legislativo", "Decreto Legislativo publicado")


def _fase_tre(pagina, data_ato, fase, data_fase, referencia, texto) -> None:
    _ato(pagina, "Registrar fase do plebiscito no TRE", data_ato)
    r.campo(pagina, "Fase").select_option(fase)
    r.preencher(pagina, {"Data da fase": data_fase, referencia: texto})


def _resultado(pagina, url: str, usuario) -> None:
    processo = Processo.objects.get()
    praticar(processo, usuario, "encaminhar_ao_tre", data_ato=timezone.localdate() - timedelta(7))
    pagina.goto(url)
    # Art. 19, § 2º: a data marcada pelo TRE é agenda — futura, aceita.
    referencia = "Referência (resolução, ofício ou processo no TRE)"
    _fase_tre(pagina, _dia(7), "data_marcada", _futuro(100), referencia, "Res. 1/2026")
    r.confirmar(pagina, "Registrar fase do plebiscito no TRE", "Plebiscito no TRE")
    # "Plebiscito realizado" no futuro não é agenda: recusado.
    _fase_tre(pagina, _dia(6), "realizado", _futuro(2), referencia, "Of. 2/2026")
    _recusado(pagina, "não pode ser futura")
    # Nem antes da data marcada (o que a jornada achou aceito): o TRE que antecipa a data
    # registra outra "Data marcada", e a última vale.
    r.campo(pagina, "Data da fase").fill(_dia(6))
    _recusado(pagina, "à data marcada pelo TRE")
    pagina.goto(url)
    _fase_tre(pagina, _dia(6), "data_marcada", _dia(6), referencia, "Res. 2/2026 (antecipa)")
    r.confirmar(pagina, "Registrar fase do plebiscito no TRE", "Plebiscito no TRE")
    _fase_tre(pagina, _dia(6), "realizado", _dia(6), referencia, "Of. 2/2026")
    r.confirmar(pagina, "Registrar fase do plebiscito no TRE", "Plebiscito no TRE")

    # Art. 20: o ofício com o resultado não antecede a realização do plebiscito.
    _ato(pagina, "Registrar resultado do plebiscito", _dia(5))
    campos = {
        "Ofício do TRE (número)": "TRE-MT 88/2026",
        "Data do ofício do TRE": _dia(7),
        "Lido em Plenário em": _dia(5),
        "Data da consulta (dia da votação)": _dia(6),
    }
    r.preencher(pagina, campos)
    r.preencher(pagina, {f"{UNIDADE}: {coluna}": valor for coluna, valor in TABOCAO.items()})
    _recusado(pagina, "à realização do plebiscito")
    r.campo(pagina, "Data do ofício do TRE").fill(_dia(5))
    r.confirmar(pagina, "Registrar resultado do plebiscito", "Resultado do plebiscito em análise")

    _ato(pagina, "Emitir parecer sobre o resultado", _dia(4))
    r.campo(pagina, "Análise (texto do parecer)").fill(
        "O Sim alcançou a maioria absoluta dos eleitores inscritos (Art. 11, § 2º)."
    )
    r.confirmar(
        pagina, "Emitir parecer sobre o resultado", "Elaboração do Projeto de Lei", timeout=30_000
    )


def _lei(pagina) -> None:
    sessao = "Sessão em cuja Ordem do Dia será incluído (a seguinte, Art. 20, § 2º)"
    _ato(pagina, "Apresentar Projeto de Lei", _dia(3), {"Número do Projeto de Lei": "99/2026"})
    r.campo(pagina, sessao).fill(_dia(1))
    pagina.get_by_label("Declaro que o nome não é de pessoa viva", exact=False).check()
    r.confirmar(pagina, "Apresentar Projeto de Lei", "PL na Ordem do Dia", timeout=30_000)

    # Art. 20, § 2º: aprovado antes da sessão em cuja Ordem do Dia foi incluído — recusado.
    votos = {"Sessão (número)": "50ª Ordinária", "Votos favoráveis": "14"}
    _ato(pagina, "Aprovar PL", _dia(2), votos | {"Votos contrários": "6", "Abstenções": "1"})
    texto = _recusado(pagina, "Ordem do Dia")
    assert f"A deliberação do Projeto de Lei ({_dia(2)}) não pode ser anterior" in texto, texto
    # A data do ato não é futura.
    r.campo(pagina, "Data do ato").fill(_futuro(1))
    _recusado(pagina, "não pode ser futura")
    r.campo(pagina, "Data do ato").fill(_dia(1))
    r.confirmar(pagina, "Aprovar PL", "Aguardando sanção")

    # Art. 7º: publicada antes de sancionada — recusado.
    lei = {"Número da lei": "12.345", "Sancionada em": _dia(0)}
    _ato(pagina, "Registrar lei", _dia(0), lei | {"Publicada no Diário Oficial em": _dia(1)})
    _recusado(pagina, "à sanção")
    r.campo(pagina, "Publicada no Diário Oficial em").fill(_dia(0))
    r.confirmar(pagina, "Registrar lei", "Concluído (lei publicada)")


def _texto_do_pdf(pagina, titulo: str) -> str:
    link = r.documentos_emitidos(pagina).get_by_role("link", name=titulo)
    resposta = pagina.request.get(pagina.url_base + link.first.get_attribute("href"))
    assert resposta.ok
    leitor = PdfReader(io.BytesIO(resposta.body()))
    return " ".join(" ".join(p.extract_text() for p in leitor.pages).split())


def test_criacao_digitada_em_pt_br_recusa_cada_data_impossivel_e_termina_coerente(pagina):
    ana = _preparar()
    r.entrar(pagina, "ana")
    url = _protocolar(pagina)
    _instruir_pelos_servicos(ana, 20)
    pagina.goto(url)
    _plenario_ao_decreto(pagina)
    _resultado(pagina, url, ana)
    _lei(pagina)

    # Cada recusa acima não gravou nada: um Andamento por ato praticado, nenhum a mais.
    processo = Processo.objects.get()
    atos = list(processo.andamentos.order_by("pk").values_list("ato", flat=True))
    assert atos.count("publicar_decreto") == 1 and atos.count("aprovar_pl") == 1
    assert atos.count("registrar_fase_tre") == 3 and atos.count("registrar_lei") == 1

    # A página pública e os PDFs dizem as mesmas datas e os mesmos números.
    parecer = _texto_do_pdf(pagina, "Parecer sobre o resultado do plebiscito")
    projeto = _texto_do_pdf(pagina, "Projeto de Lei nº 99/2026")
    pagina.goto(pagina.url_base + f"/portal/processos/{processo.slug}/")
    publica = r.texto(pagina.locator("main"))
    for numero in ("2.719", "2.175", "1.561", "525"):
        assert numero in publica and numero in parecer, numero
    # O ofício do TRE e a sua leitura: dd/mm/aaaa na página, por extenso no parecer.
    assert f"de {_dia(5)}, lido em Plenário em {_dia(5)}" in publica
    assert f"de {_extenso(5)}, que" in parecer and f"em Plenário em {_extenso(5)}" in parecer
    assert f"Sala das Comissões, em Cuiabá, {_extenso(4)}" in parecer
    # A sessão da Ordem do Dia do PL é o dia em que a página diz que ele foi aprovado.
    assert f"prevista para {_extenso(1)}" in projeto
    assert f"{_dia(1)} — Aprovar PL" in publica
    assert f"Decreto Legislativo nº 2.944, publicado no Diário Oficial em {_dia(8)}" in publica
    lei = f"Lei nº 12.345, sancionada em {_dia(0)}, publicada no Diário Oficial em {_dia(0)}"
    assert lei in publica
    # A lei anotada (/lei/) traz a regra da ordem das datas que recusou cada data acima.
    pagina.goto(pagina.url_base + "/lei/")
    assert "As datas de cada ato seguem a ordem da lei" in r.texto(pagina.locator("main"))


def test_data_marcada_pelo_tre_pode_ser_futura_e_as_demais_fases_nao(pagina):
    """Art. 19, § 2º: só a "Data marcada" é agenda; as outras fases já ocorreram."""
    ana = _preparar()
    processo = processo_no_estado(ana, "criacao", "plebiscito_no_tre")
    url = pagina.url_base + f"/processos/{processo.slug}/"
    r.entrar(pagina, "ana", url)
    referencia = "Referência (resolução, ofício ou processo no TRE)"
    _ato(pagina, "Registrar fase do plebiscito no TRE", _dia(0))
    r.campo(pagina, "Fase").select_option("homologado")
    r.preencher(pagina, {"Data da fase": _futuro(100), referencia: "Of. 3/2026"})
    _recusado(pagina, "não pode ser futura")
    r.campo(pagina, "Fase").select_option("data_marcada")
    r.confirmar(pagina, "Registrar fase do plebiscito no TRE", "Plebiscito no TRE")
    assert _futuro(100) in r.texto(pagina.locator("main"))
