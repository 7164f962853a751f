"""Telas dos ofícios: seção "Ofícios e prazos" do processo, formulários dos atos, página de
Prazos (UX, tela 5) e cartões do Painel (UX, tela 1)."""

import re
from datetime import date, timedelta
from pathlib import Path
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from instrucao.models import Oficio
from instrucao.prazos_abertos import recalcular_todos, sincronizar
from processos.models import Processo
from tests.processos.construtores import (
    PASSADO,
    PDF_MINIMO,
    certidao_pdf,
    processo_no_estado,
    responder_oficios,
)

HOJE = date(2026, 9, 10)


@pytest.fixture(autouse=True)
def hoje():
    with mock.patch("django.utils.timezone.localdate", return_value=HOJE):
        yield HOJE


def _aguardando(operador, **campos):
    return processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False, **campos
    )


def _prazo(oficio, vencimento):
    """Atalho do AR (gravado direto), com os prazos abertos somados como o ato os soma."""
    Oficio.objects.filter(pk=oficio.pk).update(recebido_em=PASSADO, vencimento=vencimento)
    sincronizar(oficio.processo_id)


def _situacoes(html: str) -> dict[str, str]:
    """Número do ofício → texto do selo de situação, na ordem da página."""
    linhas = re.findall(
        r'data-oficio="([^"]+)".*?<span class="badge [^"]*"[^>]*>([^<]+)<', html, re.S
    )
    return dict(linhas)


@pytest.fixture
def processo_com_prazos(operador):
    processo = _aguardando(operador)
    cartografia, tre, sefaz = processo.oficios.order_by("id")
    _prazo(cartografia, HOJE - timedelta(days=3))
    _prazo(tre, HOJE + timedelta(days=5))
    responder_oficios(processo, operador, orgaos=("sefaz",))
    return processo


def test_pagina_do_processo_mostra_a_situacao_de_cada_oficio(client, servidor, processo_com_prazos):
    client.force_login(servidor)
    slug = processo_com_prazos.slug

    html = client.get(f"/processos/{slug}/").content.decode()

    assert "Ofícios e prazos" in html
    assert list(_situacoes(html).values()) == [
        "Vencido há 3 dias",
        "Vence em 5 dias",
        "Respondido em 10/09/2026",
    ]
    sefaz = processo_com_prazos.oficios.get(orgao="sefaz")
    cartografia = processo_com_prazos.oficios.get(orgao="cartografia")
    assert f"/processos/{slug}/oficios/{sefaz.pk}/certidao/" in html
    # Art. 21: o servidor prepara a reiteração do vencido; quem a emite é o Presidente.
    assert f"/processos/{slug}/oficios/{cartografia.pk}/preparar-reiteracao/" in html
    assert "/reiterar/" not in html
    assert f"/processos/{slug}/oficios/{cartografia.pk}/resposta/" in html
    # A guarda calculada explica por que "Concluir certidões" está desabilitado.
    assert "Falta a certidão do Órgão de Informação e Cartografia do Estado" in html
    assert "Falta a certidão do TRE (Art. 2º, II)." in html


def test_deputado_ve_os_oficios_sem_os_atos(client, deputado, processo_com_prazos):
    client.force_login(deputado)

    html = client.get(f"/processos/{processo_com_prazos.slug}/").content.decode()

    assert "Vencido há 3 dias" in html
    assert "/reiterar/" not in html and "/resposta/" not in html
    assert "/preparar-reiteracao/" not in html
    assert "/certidao/" in html


def test_oficio_sem_ar_e_no_prazo_aparecem_com_o_seu_texto(client, servidor, operador):
    processo = _aguardando(operador)
    _prazo(processo.oficios.get(orgao="tre"), HOJE + timedelta(days=8))
    client.force_login(servidor)

    situacoes = _situacoes(client.get(f"/processos/{processo.slug}/").content.decode())

    assert sorted(situacoes.values()) == [
        "Aguardando o aviso de recebimento (AR)",
        "Aguardando o aviso de recebimento (AR)",
        "No prazo (faltam 8 dias)",
    ]


def test_ar_anterior_ao_envio_volta_ao_formulario_sem_gravar(client, servidor, operador):
    processo = _aguardando(operador)
    oficio = processo.oficios.get(orgao="tre")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/recebimento/",
        {"recebido_em": "01/03/2020"},
    )

    assert resposta.status_code == 400
    assert "não pode ser anterior ao envio do ofício (02/03/2020)" in resposta.content.decode()
    assert Oficio.objects.get(pk=oficio.pk).recebido_em is None


def test_ar_registrado_pela_tela_mostra_o_vencimento(client, servidor, operador):
    processo = _aguardando(operador)
    oficio = processo.oficios.get(orgao="tre")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/recebimento/",
        {"recebido_em": "07/08/2026"},
        follow=True,
    )

    html = resposta.content.decode()
    assert "Recebimento registrado" in html
    assert "08/09/2026" in html
    assert _situacoes(html)[oficio.numero] == "Vencido há 2 dias"


ARQUIVOS = {"pdf": PDF_MINIMO, "html": b"<html>certidao</html>"}


@pytest.mark.parametrize(
    ("data", "arquivo", "mensagem"),
    [
        ("10/09/2026", "html", "O arquivo não é um PDF; envie a certidão em PDF."),
        ("11/09/2026", "pdf", "A data não pode ser futura."),
        ("10/09/2026", None, "Envie a certidão em PDF."),
        ("31/02/2026", "pdf", "Informe uma data válida."),
        ("01/03/2020", "pdf", "não pode ser anterior ao envio do ofício (02/03/2020)"),
    ],
)
def test_resposta_invalida_volta_ao_formulario_sem_gravar(
    data, arquivo, mensagem, client, servidor, operador, settings
):
    processo = _aguardando(operador)
    oficio = processo.oficios.get(orgao="sefaz")
    client.force_login(servidor)
    dados = {"respondido_em": data, "numero_certidao": "1/2020", "data_certidao": data}
    if arquivo:
        dados["certidao"] = certidao_pdf("certidao.pdf", ARQUIVOS[arquivo])

    resposta = client.post(f"/processos/{processo.slug}/oficios/{oficio.pk}/resposta/", dados)

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    gravado = Oficio.objects.get(pk=oficio.pk)
    assert (gravado.respondido_em, gravado.certidao_vigente) == (None, None)
    assert not list(Path(settings.MEDIA_ROOT).rglob("*.pdf"))


def test_resposta_valida_pela_tela_guarda_a_certidao(client, servidor, operador):
    processo = _aguardando(operador)
    oficio = processo.oficios.get(orgao="sefaz")
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{oficio.pk}/resposta/",
        {
            "respondido_em": "09/09/2026",
            "certidao": certidao_pdf(),
            "numero_certidao": "123/2026-SEFAZ",
            "data_certidao": "09/09/2026",
        },
        follow=True,
    )

    assert _situacoes(resposta.content.decode())[oficio.numero] == "Respondido em 09/09/2026"
    baixada = client.get(f"/processos/{processo.slug}/oficios/{oficio.pk}/certidao/")
    assert b"".join(baixada.streaming_content).startswith(b"%PDF-")
    assert baixada["Cache-Control"] == "private, no-store"  # dos autos: nenhum cache a guarda


# --- Prazos (UX, tela 5) -----------------------------------------------------------------------


def test_prazos_lista_vencidos_primeiro_do_mais_atrasado_e_depois_por_vencimento(
    client, mesa, operador
):
    a = _aguardando(operador, nome="Vale do Arinos", sede="Vale do Arinos")
    b = _aguardando(operador, nome="Serra Azul", sede="Serra Azul")
    arquivado = _aguardando(operador, nome="Rio Claro", sede="Rio Claro")
    a_cart, a_tre, a_sefaz = a.oficios.order_by("id")
    b_cart, b_tre, b_sefaz = b.oficios.order_by("id")
    _prazo(a_tre, HOJE - timedelta(days=2))
    _prazo(b_cart, HOJE - timedelta(days=10))
    _prazo(a_sefaz, HOJE + timedelta(days=20))
    _prazo(b_tre, HOJE)
    _prazo(b_sefaz, HOJE - timedelta(days=30))
    responder_oficios(b, operador, orgaos=("sefaz",))  # respondido: sai da lista
    _prazo(arquivado.oficios.get(orgao="tre"), HOJE - timedelta(days=40))
    Processo.objects.filter(pk=arquivado.pk).update(estado="arquivado")
    sincronizar(arquivado.pk)
    client.force_login(mesa)

    html = client.get("/prazos/").content.decode()

    tabela = html.split('data-tabela="prazos"')[1].split("</table>")[0]
    assert list(_situacoes(tabela).items()) == [
        (b_cart.numero, "Vencido há 10 dias"),
        (a_tre.numero, "Vencido há 2 dias"),
        (b_tre.numero, "Vence hoje"),
        (a_sefaz.numero, "No prazo (faltam 20 dias)"),
    ]
    assert f'href="/processos/{b.slug}/"' in tabela
    assert f'data-sem-ar="{a_cart.numero}"' in html


# --- Painel ------------------------------------------------------------------------------------


def _cartao(html: str, nome: str) -> tuple[str, str]:
    trecho = re.search(rf'href="([^"]+)" data-cartao="{nome}">(.*?)</a>', html, re.S)
    texto = re.sub(r"<[^>]+>", " ", trecho.group(2))
    return " ".join(texto.split()), trecho.group(1)


def test_painel_conta_oficios_vencidos_e_vencendo_em_7_dias(client, servidor, operador):
    processo = _aguardando(operador)
    cartografia, tre, sefaz = processo.oficios.order_by("id")
    _prazo(cartografia, HOJE - timedelta(days=1))  # vencido
    _prazo(tre, HOJE + timedelta(days=7))  # vence em 7 dias: conta
    _prazo(sefaz, HOJE + timedelta(days=8))  # fora da janela
    client.force_login(servidor)

    html = client.get("/painel/").content.decode()

    assert _cartao(html, "oficios_vencidos") == ("1 ofício vencido (Art. 2º, § 3º)", "/prazos/")
    assert _cartao(html, "oficios_vencendo") == ("1 ofício vencendo em 7 dias", "/prazos/")


def test_painel_faz_o_mesmo_numero_de_consultas_com_2_ou_30_oficios(client, servidor, operador):
    processo = _aguardando(operador)
    Oficio.objects.filter(processo=processo, orgao="sefaz").delete()
    client.force_login(servidor)
    client.get("/painel/")  # aquece caches de sessão e de papéis

    with CaptureQueriesContext(connection) as com_2:
        client.get("/painel/")
    for _ in range(9):
        _aguardando(operador)  # 3 ofícios cada
    Oficio.objects.create(
        processo=processo,
        orgao="sefaz",
        incisos="IV",
        numero="X-1",
        enviado_em=PASSADO,
        criado_por=operador,
    )
    Oficio.objects.update(recebido_em=PASSADO, vencimento=HOJE - timedelta(days=1))
    recalcular_todos()
    assert Oficio.objects.count() == 30
    with CaptureQueriesContext(connection) as com_30:
        html = client.get("/painel/").content.decode()

    assert len(com_30) == len(com_2)
    assert _cartao(html, "oficios_vencidos")[0] == "30 ofícios vencidos (Art. 2º, § 3º)"
