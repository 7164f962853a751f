"""A página pública /lei/ e o seu PDF verificável."""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from documentos.models import Documento
from lei.documento import emitir_lei_anotada
from lei.texto import lei_23
from requisitos.models import ParametroLegal
from tests.documentos.auxiliares import texto


@pytest.fixture
def pagina(client, db):
    resposta = client.get("/lei/")
    assert resposta.status_code == 200
    return resposta.content.decode()


def test_pagina_publica_tem_o_texto_integral_com_cada_artigo(pagina):
    for artigo in lei_23().artigos:
        assert f'id="art-{artigo.numero}"' in pagina
        assert artigo.texto[:60] in pagina
    assert "Palácio Paiaguás" in pagina


def test_cada_paragrafo_e_inciso_tem_a_sua_ancora(pagina):
    for artigo in lei_23().artigos:
        for paragrafo in artigo.paragrafos:
            ancora = f"art-{artigo.numero}-par-{paragrafo.numero.replace('único', 'unico')}"
            assert f'id="{ancora}"' in pagina
        for inciso in artigo.incisos:
            assert f'id="art-{artigo.numero}-inc-{inciso.numero}"' in pagina


def test_regra_calculada_mostra_parametro_em_vigor_fonte_e_testes(pagina):
    assert "Calculada pelo sistema" in pagina
    assert "<code>populacao_minima</code>" in pagina
    assert "<strong>4.000</strong>" in pagina
    assert "desde 19/11/1992 — fonte: LC 23/1992, Art. 2º, I." in pagina
    assert (
        "tests.requisitos.test_regras_criacao.test_art_2_i_populacao_nao_inferior_a_4000" in pagina
    )
    assert "<code>requisitos.regras.criacao.avaliar_populacao</code>" in pagina


def test_declarada_exibida_fora_e_decisoes_aparecem(pagina):
    assert "Declarada por quem usa o sistema" in pagina
    assert "Nome de pessoa viva: o Presidente declara" in pagina
    assert "Exibida pelo sistema" in pagina
    assert "Não é matéria de software" in pagina
    assert "<strong>Decisão:</strong> O STF declarou o Art. 3º inconstitucional" in pagina
    assert "“50 habilitações” é erro de digitação" in pagina


def test_decisoes_listadas_com_link_para_o_dispositivo(pagina):
    assert "Decisões que interpretam o texto (" in pagina
    assert '<a href="#art-3">Art. 3º</a>: O STF declarou o Art. 3º inconstitucional' in pagina
    assert '<a href="#art-25-inc-I">Art. 25, I</a>: “50 habilitações”' in pagina


def test_nova_versao_de_parametro_em_vigor_aparece_com_a_sua_fonte(client, db):
    ontem = timezone.localdate() - timedelta(days=1)
    ParametroLegal.objects.create(
        nome="populacao_minima",
        valor="5000",
        vigencia_inicio=ontem,
        fundamento="LC 999/2025 (exemplo de teste)",
    )
    ParametroLegal.objects.create(
        nome="casas_minimas",
        valor="300",
        vigencia_inicio=timezone.localdate() + timedelta(days=30),
        fundamento="LC 1000/2026 (futura)",
    )
    pagina = client.get("/lei/").content.decode()
    assert "<strong>5.000</strong>" in pagina
    assert f"desde {ontem:%d/%m/%Y} — fonte: LC 999/2025 (exemplo de teste)." in pagina
    assert "LC 1000/2026" not in pagina  # ainda não vigora
    assert "<strong>200</strong>" in pagina


def test_menu_e_rodape_levam_a_lei(client, db):
    inicio = client.get("/").content.decode()
    assert inicio.count('href="/lei/"') == 2


@pytest.mark.parametrize("papel", ["servidor", "presidente", "mesa", "deputado", "sem_papel"])
def test_qualquer_papel_le_a_lei(client, request, papel):
    client.force_login(request.getfixturevalue(papel))
    assert client.get("/lei/").status_code == 200


def test_pdf_so_por_post(client, db):
    assert client.get("/lei/pdf/").status_code == 405
    assert client.post("/lei/").status_code == 405


def test_pdf_verificavel_e_o_mesmo_enquanto_o_conteudo_nao_muda(client, db):
    resposta = client.post("/lei/pdf/")
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    documento = Documento.objects.get()
    assert (documento.tipo, documento.versao, documento.processo) == ("lei_anotada", 1, None)
    escrito = texto(documento.arquivo.path)
    assert "LEI COMPLEMENTAR Nº 23" in escrito
    assert "Art. 27" in escrito and "Art. 2º" in escrito
    assert "Não é matéria de software" in escrito
    assert "populacao_minima: 4.000" in escrito
    assert documento.codigo in escrito

    assert client.post("/lei/pdf/").status_code == 200
    amanha = emitir_lei_anotada(data=timezone.localdate() + timedelta(days=1))
    assert amanha == documento  # outro dia, mesmo conteúdo: o mesmo documento
    assert Documento.objects.count() == 1

    validar = client.get("/validar/", {"codigo": documento.codigo})
    assert validar.status_code == 200
    assert documento.sha256 in validar.content.decode()


def test_pdf_com_parametro_novo_e_a_versao_seguinte(client, db):
    client.post("/lei/pdf/")
    primeira = Documento.objects.get()
    ParametroLegal.objects.create(
        nome="percentual_eleitores",
        valor="25",
        vigencia_inicio=date(2020, 1, 1),
        fundamento="LC 888/2020 (exemplo de teste)",
    )
    client.post("/lei/pdf/")
    segunda = Documento.objects.order_by("-versao").first()
    assert (segunda.versao, segunda.substitui) == (2, primeira)
    assert "LC 888/2020" in texto(segunda.arquivo.path)


def test_pdf_acima_do_limite_responde_429_sem_emitir(client, db, monkeypatch):
    monkeypatch.setattr("lei.views.LIMITE_PDF", "0/m")
    resposta = client.post("/lei/pdf/")
    assert resposta.status_code == 429
    assert "Aguarde um minuto" in resposta.content.decode()
    assert resposta["Retry-After"]
    assert not Documento.objects.exists()
