"""As telas dos documentos do Art. 15: a lista com as versões, o envio (só a CRT), o limite de
tamanho antes de ler o corpo, a anulação e o arquivo servido com permissão e hash conferidos
(Art. 22: o Deputado vê, não baixa, e a vista fica registrada)."""

import io
import re

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadhandler import StopUpload
from django.test import Client

from emancipacao.limite_envio import MARGEM_DO_ENVELOPE, LimiteEnvioHandler
from processos.models import RegistroAcesso
from representacao.models import DocumentoRepresentacao
from tests.processos.construtores import protocolar
from tests.representacao.construtores import arquivo, imagem, juntar, pdf_com_tamanho, pdf_real

MIB = 1024 * 1024


@pytest.fixture
def processo(servidor):
    return protocolar(servidor)


def _url(processo, *sufixo) -> str:
    return "/".join([f"/processos/{processo.slug}/documentos-art15", *map(str, sufixo)]) + "/"


def _enviar(client, processo, item, conteudo, nome="documento.pdf", **extra):
    return client.post(_url(processo), {"item": item, "arquivo": arquivo(conteudo, nome)}, **extra)


# --- a página ----------------------------------------------------------------------------------


def test_servidor_ve_a_lista_com_o_que_falta_e_os_formularios(client, servidor, processo):
    client.force_login(servidor)

    html = client.get(_url(processo)).content.decode()

    assert "Documentos da representação (Art. 15)" in html
    assert "Mapa e memorial descritivo do território do novo município (Art. 15, II)" in html
    assert html.count("✗ Falta") == 5
    # Os cinco do Art. 15 e a certidão do IBGE (opcional aqui; o PL a exige, Art. 6º, § 1º).
    assert html.count('enctype="multipart/form-data"') == 6
    assert 'accept=".pdf,application/pdf,.jpg,.jpeg,image/jpeg,.png,image/png,' in html


def test_servidor_junta_documento_e_a_pagina_mostra_a_versao(client, servidor, processo):
    client.force_login(servidor)

    resposta = _enviar(client, processo, "justificativa", pdf_real(2), "justificativa.pdf")

    assert resposta.status_code == 302
    assert resposta["Location"] == _url(processo)
    pagina = client.get(_url(processo)).content.decode()
    assert "Justificativa socioeconômica: arquivo nº 1 juntado (PDF)." in pagina
    assert "justificativa.pdf" in pagina
    assert "PDF, 2 páginas" in pagina
    assert pagina.count("✓ Juntado") == 1
    documento = DocumentoRepresentacao.objects.get()
    assert (documento.item, documento.enviado_por) == ("justificativa", servidor)


def test_png_renomeado_para_pdf_volta_com_o_erro_no_item(client, servidor, processo):
    client.force_login(servidor)

    resposta = _enviar(client, processo, "requerimento", imagem("PNG"), "requerimento.pdf")

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert 'id="erro-arquivo-requerimento" data-erro>O arquivo é uma imagem PNG, não um PDF.' in (
        html
    )
    assert not DocumentoRepresentacao.objects.exists()


def test_envio_sem_arquivo_ou_com_item_de_outro_tipo_volta_com_o_erro(client, servidor, processo):
    client.force_login(servidor)

    sem_arquivo = client.post(_url(processo), {"item": "requerimento"})
    outro_tipo = _enviar(client, processo, "ata_camara", pdf_real())

    assert sem_arquivo.status_code == 400
    assert "Escolha o arquivo a enviar." in sem_arquivo.content.decode()
    assert outro_tipo.status_code == 400
    assert "Escolha um documento da lista do Art. 15." in outro_tipo.content.decode()
    assert not DocumentoRepresentacao.objects.exists()


@pytest.mark.parametrize("papel", ["mesa", "deputado", "sem_papel"])
def test_quem_nao_e_da_crt_nao_junta_documentos(client, request, processo, papel):
    client.force_login(request.getfixturevalue(papel))

    resposta = _enviar(client, processo, "requerimento", pdf_real())

    assert resposta.status_code == 403
    assert not DocumentoRepresentacao.objects.exists()


def test_deputado_ve_a_lista_sem_formularios_e_a_vista_fica_registrada(
    client, servidor, deputado, processo
):
    juntar(processo, servidor, "requerimento")
    client.force_login(deputado)

    html = client.get(_url(processo)).content.decode()

    assert "Deputados têm vista aos documentos, sem download (Art. 22)" in html
    assert "multipart/form-data" not in html
    assert "Anular esta versão" not in html
    assert "?baixar=1" not in html
    assert [(r.usuario, r.objeto) for r in RegistroAcesso.objects.all()] == [
        (deputado, "documentos do Art. 15")
    ]


def test_pagina_de_outro_processo_inexistente_e_404(client, servidor):
    client.force_login(servidor)

    assert client.get("/processos/9999-2020/documentos-art15/").status_code == 404


# --- limite de tamanho -------------------------------------------------------------------------


class _CorpoQueNaoPodeSerLido(io.RawIOBase):
    def read(self, *args):
        raise AssertionError("o corpo da requisição foi lido")

    readline = read


def test_content_length_acima_do_limite_e_recusado_sem_ler_o_corpo(
    client, servidor, processo, settings
):
    settings.UPLOAD_LIMITE_MB = 1
    client.force_login(servidor)
    declarado = MIB + MARGEM_DO_ENVELOPE + 1

    resposta = _enviar(
        client,
        processo,
        "requerimento",
        pdf_real(),
        CONTENT_LENGTH=str(declarado),
        **{"wsgi.input": _CorpoQueNaoPodeSerLido()},
    )

    assert resposta.status_code == 413
    html = resposta.content.decode()
    assert "Arquivo grande demais" in html
    assert "passa do limite de 1 MB por documento e não foi recebido" in html
    assert not DocumentoRepresentacao.objects.exists()


def test_content_length_gigante_de_anonimo_tambem_nao_e_lido(client, processo):
    resposta = client.post(
        _url(processo),
        {"item": "requerimento"},
        CONTENT_LENGTH=str(50 * 1024 * MIB),
        **{"wsgi.input": _CorpoQueNaoPodeSerLido()},
    )

    assert resposta.status_code == 413


def _token_csrf(cliente, processo) -> str:
    html = cliente.get(_url(processo)).content.decode()
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_arquivo_que_passa_do_limite_no_meio_do_envio_e_interrompido(servidor, processo, settings):
    """O Content-Length cabe na margem do envelope, mas o arquivo passa do limite: o handler
    interrompe o envio, com o CSRF de verdade (o primeiro a ler o corpo) ligado."""
    settings.UPLOAD_LIMITE_MB = 1
    cliente = Client(enforce_csrf_checks=True)
    cliente.force_login(servidor)
    conteudo = pdf_com_tamanho(MIB + 1)

    resposta = cliente.post(
        _url(processo),
        {
            "csrfmiddlewaretoken": _token_csrf(cliente, processo),
            "item": "requerimento",
            "arquivo": arquivo(conteudo),
        },
    )

    assert resposta.status_code == 413
    assert "passa do limite de 1 MB" in resposta.content.decode()
    assert not DocumentoRepresentacao.objects.exists()


def test_arquivo_exatamente_no_limite_e_aceito(servidor, processo, settings):
    settings.UPLOAD_LIMITE_MB = 1
    cliente = Client(enforce_csrf_checks=True)
    cliente.force_login(servidor)
    conteudo = pdf_com_tamanho(MIB)

    resposta = cliente.post(
        _url(processo),
        {
            "csrfmiddlewaretoken": _token_csrf(cliente, processo),
            "item": "requerimento",
            "arquivo": arquivo(conteudo),
        },
    )

    assert resposta.status_code == 302
    assert DocumentoRepresentacao.objects.get().tamanho == MIB


def test_handler_interrompe_o_fluxo_sem_content_length_no_primeiro_bloco_alem_do_limite(
    rf, settings
):
    settings.UPLOAD_LIMITE_MB = 1
    requisicao = rf.post("/", content_type="application/octet-stream")
    handler = LimiteEnvioHandler(requisicao)
    bloco = b"x" * (64 * 1024)

    for inicio in range(0, MIB, len(bloco)):
        assert handler.receive_data_chunk(bloco, inicio) == bloco
    with pytest.raises(StopUpload):
        handler.receive_data_chunk(b"x", MIB)

    assert requisicao.envio_excedido is True


def test_limite_dos_documentos_nao_vale_para_outras_telas_com_envio(client, settings, db):
    """A validação pública de documentos (até 60 MB) não passa por este limite."""
    settings.UPLOAD_LIMITE_MB = 1

    resposta = client.post(
        "/validar/",
        {"codigo": "7K2M-Q9XD-4TNB-A0PZ", "arquivo": arquivo(pdf_com_tamanho(MIB + 1))},
    )

    assert resposta.status_code == 404  # código não encontrado: o arquivo foi recebido
    assert "Arquivo grande demais" not in resposta.content.decode()


# --- versões e anulação ------------------------------------------------------------------------


def test_versao_anterior_continua_baixavel_pela_equipe(client, servidor, processo):
    primeiro, segundo = pdf_real(1), pdf_real(2)
    v1 = juntar(processo, servidor, "requerimento", primeiro)
    juntar(processo, servidor, "requerimento", segundo, substitui=1)
    client.force_login(servidor)

    resposta = client.get(_url(processo, v1.pk) + "?baixar=1")

    assert resposta.status_code == 200
    assert b"".join(resposta.streaming_content) == primeiro
    assert resposta["Content-Disposition"].startswith("attachment;")
    html = client.get(_url(processo)).content.decode()
    assert "Substituído por versão posterior" in html
    assert "<strong>Vigente</strong>" in html


def test_anular_pela_tela_exige_justificativa(client, servidor, processo):
    documento = juntar(processo, servidor, "requerimento")
    client.force_login(servidor)

    resposta = client.post(_url(processo, documento.pk, "anular"), {"justificativa": "  "})

    assert resposta.status_code == 400
    assert "Informe a justificativa da anulação." in resposta.content.decode()
    documento.refresh_from_db()
    assert documento.anulado_em is None


def test_anulado_fica_no_historico_riscado_com_o_motivo(client, servidor, processo):
    documento = juntar(processo, servidor, "requerimento", nome="lista-antiga.pdf")
    client.force_login(servidor)

    resposta = client.post(
        _url(processo, documento.pk, "anular"), {"justificativa": "Lista de outro distrito."}
    )

    assert resposta.status_code == 302
    html = client.get(_url(processo)).content.decode()
    assert "<del>lista-antiga.pdf</del>" in html
    assert "Lista de outro distrito." in html
    assert "versão 1 do arquivo nº 1 anulada" in html
    assert html.count("✗ Falta") == 5
    assert client.get(_url(processo, documento.pk)).status_code == 200


@pytest.mark.parametrize("papel", ["mesa", "deputado", "sem_papel"])
def test_quem_nao_e_da_crt_nao_anula(client, request, servidor, processo, papel):
    documento = juntar(processo, servidor, "requerimento")
    client.force_login(request.getfixturevalue(papel))

    resposta = client.post(_url(processo, documento.pk, "anular"), {"justificativa": "Não."})

    assert resposta.status_code == 403
    documento.refresh_from_db()
    assert documento.anulado_em is None


# --- o arquivo servido -------------------------------------------------------------------------


def test_anonimo_vai_para_o_login_e_sem_papel_recebe_403(client, servidor, sem_papel, processo):
    documento = juntar(processo, servidor, "requerimento")

    anonimo = client.get(_url(processo, documento.pk))
    client.force_login(sem_papel)
    sem_papel_resposta = client.get(_url(processo, documento.pk))

    assert anonimo.status_code == 302
    assert anonimo["Location"].startswith("/entrar/?next=")
    assert sem_papel_resposta.status_code == 403


@pytest.mark.parametrize("parametro", ["", "?baixar=1"])
def test_deputado_so_ve_inline_e_cada_vista_fica_registrada(
    client, servidor, deputado, processo, parametro
):
    conteudo = pdf_real()
    documento = juntar(processo, servidor, "requerimento", conteudo)
    client.force_login(deputado)

    resposta = client.get(_url(processo, documento.pk) + parametro)
    client.get(_url(processo, documento.pk))

    assert resposta.status_code == 200
    assert resposta["Content-Disposition"].startswith("inline;")
    assert resposta["Content-Type"] == "application/pdf"
    assert "no-store" in resposta["Cache-Control"]
    assert b"".join(resposta.streaming_content) == conteudo
    objeto = (
        f"documento do Art. 15 nº {documento.pk}: Requerimento com as assinaturas dos eleitores"
    )
    assert [(r.usuario, r.objeto) for r in RegistroAcesso.objects.all()] == [(deputado, objeto)] * 2


@pytest.mark.parametrize("papel", ["servidor", "presidente", "mesa"])
def test_equipe_ve_inline_e_baixa_com_baixar_sem_registro_de_vista(
    client, request, servidor, processo, papel
):
    documento = juntar(processo, servidor, "fotografias", imagem("JPEG"), "feira.jpg")
    client.force_login(request.getfixturevalue(papel))

    vista = client.get(_url(processo, documento.pk))
    download = client.get(_url(processo, documento.pk) + "?baixar=1")

    assert vista["Content-Disposition"].startswith("inline;")
    assert vista["Content-Type"] == "image/jpeg"
    assert download["Content-Disposition"] == (
        f'attachment; filename="{processo.slug}-fotografias-v1.jpg"'
    )
    assert not RegistroAcesso.objects.exists()


def test_arquivo_com_hash_divergente_nao_e_servido(client, servidor, deputado, processo, caplog):
    documento = juntar(processo, servidor, "requerimento")
    with open(default_storage.path(documento.arquivo.name), "ab") as arquivo_no_disco:
        arquivo_no_disco.write(b"% acrescentado depois do envio\n")
    client.force_login(deputado)

    resposta = client.get(_url(processo, documento.pk))

    assert resposta.status_code == 409
    html = resposta.content.decode()
    assert "O arquivo armazenado não confere" in html
    assert documento.sha256 in html
    assert "acrescentado depois" not in html
    assert f"Documento do Art. 15 {documento.pk}: SHA-256" in caplog.text
    assert not RegistroAcesso.objects.filter(objeto__startswith="documento").exists()


def test_documento_pedido_por_outro_processo_e_404(client, servidor, processo):
    documento = juntar(processo, servidor, "requerimento")
    outro = protocolar(servidor, nome="Vila Outra")
    client.force_login(servidor)

    assert client.get(_url(outro, documento.pk)).status_code == 404


def test_nomes_hostis_sao_so_texto_escapado(client, servidor, processo):
    client.force_login(servidor)
    _enviar(client, processo, "requerimento", pdf_real(), "../../etc/passwd")
    _enviar(client, processo, "justificativa", pdf_real(), '<img src=x onerror="alert(1)">.pdf')

    passwd, img = DocumentoRepresentacao.objects.order_by("pk")
    html = client.get(_url(processo)).content.decode()

    assert passwd.nome_original == "passwd"
    assert img.nome_original == '<img src=x onerror="alert(1)">.pdf'
    for documento in (passwd, img):
        assert re.fullmatch(r"representacao/\d{4}/[0-9a-f]{32}\.pdf", documento.arquivo.name)
        assert default_storage.exists(documento.arquivo.name)
    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;.pdf" in html
    download = client.get(_url(processo, img.pk) + "?baixar=1")
    assert download["Content-Disposition"] == (
        f'attachment; filename="{processo.slug}-justificativa-v1.pdf"'
    )


# --- a seção da página do processo -------------------------------------------------------------


def test_pagina_do_processo_resume_a_lista_e_leva_aos_documentos(client, servidor, processo):
    juntar(processo, servidor, "requerimento")
    client.force_login(servidor)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    assert "Documentos (Art. 15)" in html
    assert "1 de 5 documentos obrigatórios juntados." in html
    assert "Requerimento com as assinaturas dos eleitores (Art. 15, I) — juntado (versão 1)" in html
    assert "Justificativa socioeconômica (Art. 15, IV) — <strong>falta</strong>" in html
    assert f'href="{_url(processo)}">Documentos do Art. 15</a>' in html


def test_portal_publico_nao_mostra_a_secao_dos_documentos(client, servidor, processo):
    juntar(processo, servidor, "requerimento")

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert "Documentos (Art. 15)" not in html
    assert "documentos-art15" not in html
