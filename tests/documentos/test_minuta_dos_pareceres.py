"""A minuta de cada parecer antes de emitir: o formulário do ato gera o
PDF marcado MINUTA, sem código, com o que o ato emitiria — e nada fica registrado."""

import io

import pytest
from pypdf import PdfReader

from documentos.models import Documento
from processos.models import Andamento
from tests.processos.construtores import (
    formulario_do_ato,
    processo_no_estado,
    recarregar,
    semear_tabela_va,
)


def _url(processo, slug):
    return f"/processos/{processo.slug}/atos/{slug}/"


def _texto(pdf: bytes) -> str:
    return " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize(
    ("estado", "slug", "ato", "conclusao", "titulo"),
    [
        (
            "visita_realizada",
            "emitir-parecer-preliminar",
            "emitir_parecer_preliminar",
            "solicitar_documentos",
            "Parecer preliminar",
        ),
        (
            "aguardando_parecer_merito",
            "emitir-parecer-merito",
            "emitir_parecer_merito",
            "favoravel",
            "Parecer de mérito",
        ),
        (
            "resultado_em_analise",
            "emitir-parecer-resultado",
            "emitir_parecer_resultado",
            "",
            "Parecer",
        ),
    ],
)
def test_minuta_do_parecer_sai_marcada_e_nada_e_registrado(
    client, presidente, operador, estado, slug, ato, conclusao, titulo
):
    semear_tabela_va()
    processo = processo_no_estado(operador, "criacao", estado)
    andamentos, documentos = Andamento.objects.count(), Documento.objects.count()
    client.force_login(presidente)

    resposta = client.post(
        _url(processo, slug), formulario_do_ato(processo, ato, conclusao) | {"minuta": "1"}
    )

    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    assert resposta["Cache-Control"] == "private, no-store"
    texto = _texto(resposta.content)
    assert "MINUTA" in texto and "sem validade oficial" in texto
    assert titulo.lower() in texto.lower()
    assert recarregar(processo).estado == estado
    assert (Andamento.objects.count(), Documento.objects.count()) == (andamentos, documentos)


def test_minuta_com_o_formulario_incompleto_volta_com_o_erro(client, presidente, operador):
    processo = processo_no_estado(operador, "criacao", "visita_realizada")
    client.force_login(presidente)
    dados = formulario_do_ato(processo, "emitir_parecer_preliminar", "solicitar_documentos")

    resposta = client.post(
        _url(processo, "emitir-parecer-preliminar"), dados | {"conclusao": "", "minuta": "1"}
    )

    assert resposta.status_code == 400
    assert resposta["Content-Type"].startswith("text/html")
    assert recarregar(processo).estado == "visita_realizada"


def test_botao_da_minuta_so_nos_pareceres(client, presidente, servidor, operador):
    parecer = processo_no_estado(operador, "criacao", "visita_realizada")
    visita = processo_no_estado(operador, "criacao", "em_instrucao")
    client.force_login(presidente)
    assert "data-minuta" in client.get(_url(parecer, "emitir-parecer-preliminar")).content.decode()

    client.force_login(servidor)
    assert "data-minuta" not in client.get(_url(visita, "registrar-visita")).content.decode()
