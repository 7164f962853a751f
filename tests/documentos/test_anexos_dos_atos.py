"""O papel que a lei prevê para o ato, juntado ao registro dele (`documentos.anexos`): a ata
da sessão do Plenário (Art. 17, § 1º; Art. 18, § 1º; o Projeto de Lei), o parecer da CCJR
(Art. 18, § 2º), o ofício do TRE com o resultado (Art. 20), o relatório da visita (Art. 17,
I). Opcional, só PDF, conferido como todo envio; o arquivo recusado devolve o formulário e
nada é gravado. O anexo aparece na linha do tempo do ato e entra na cópia integral."""

import hashlib
import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from documentos.copia_integral import pecas_do_processo
from documentos.management.commands.verificar_integridade import modelos_de_arquivo
from documentos.models import AnexoDoAto, Documento
from instrucao.models import Certidao
from processos.models import Andamento, RegistroAcesso
from representacao.models import DocumentoRepresentacao
from territorio.models import MapaReparado
from tests.processos.construtores import formulario_do_ato, processo_no_estado, recarregar
from tests.representacao.construtores import imagem, pdf_real

pytestmark = pytest.mark.django_db

# (ato, estado de onde parte, conclusão nos dados de teste, o que o anexo é)
ATOS_COM_ANEXO = [
    ("registrar_visita", "em_instrucao", "", "Relatório da visita in loco"),
    ("deliberar_arquivamento", "deliberacao_arquivamento", "aprovado", "Ata da sessão"),
    ("deliberar_plenario", "deliberacao_plenario", "aprovado", "Ata da sessão"),
    ("registrar_parecer_ccj", "na_ccj", "favoravel", "Parecer da CCJR"),
    ("registrar_resultado", "plebiscito_no_tre", "", "Ofício do TRE com o resultado"),
    ("aprovar_pl", "pl_em_ordem_do_dia", "", "Ata da sessão"),
    ("rejeitar_pl", "pl_em_ordem_do_dia", "", "Ata da sessão"),
]


def _url(processo, nome_ato: str) -> str:
    return f"/processos/{processo.slug}/atos/{nome_ato.replace('_', '-')}/"


def _guardados(media: Path) -> list[Path]:
    return [p for p in (media / "anexos").rglob("*") if p.is_file()] if media.exists() else []


@pytest.fixture
def media(settings):
    return Path(settings.MEDIA_ROOT)


@pytest.mark.parametrize(("nome_ato", "estado", "conclusao", "descricao"), ATOS_COM_ANEXO)
def test_ato_grava_o_pdf_com_o_sha256_mostra_na_linha_do_tempo_e_na_copia(
    client, operador, nome_ato, estado, conclusao, descricao
):
    processo = processo_no_estado(operador, "criacao", estado)
    conteudo = pdf_real(3)
    client.force_login(operador)

    formulario = client.get(_url(processo, nome_ato)).content.decode()
    assert 'enctype="multipart/form-data"' in formulario
    assert "(PDF, opcional)" in formulario
    post = formulario_do_ato(processo, nome_ato, conclusao)
    resposta = client.post(
        _url(processo, nome_ato),
        post | {"arquivo_do_ato": SimpleUploadedFile("documento da sessão.pdf", conteudo)},
    )

    assert resposta.status_code == 302, resposta.content.decode()[:3000]
    anexo = AnexoDoAto.objects.get()
    assert anexo.andamento.ato == nome_ato
    assert anexo.descricao.startswith(descricao)
    assert (anexo.nome_original, anexo.paginas) == ("documento da sessão.pdf", 3)
    assert anexo.sha256 == hashlib.sha256(conteudo).hexdigest()
    assert Path(anexo.arquivo.path).read_bytes() == conteudo
    # Na linha do tempo, no andamento do ato: o link que serve o arquivo conferido.
    pagina = client.get(f"/processos/{processo.slug}/").content.decode()
    link = f"/processos/{processo.slug}/anexos/{anexo.pk}/"
    item = pagina.split(f'data-ato="{nome_ato}"')[1].split("</li>")[0]
    assert f'<a href="{link}" target="_blank" rel="noopener">documento da sessão.pdf</a>' in item
    assert b"".join(client.get(link).streaming_content) == conteudo
    # Na cópia integral (Art. 19, § 1º).
    titulos = [p.titulo for p in pecas_do_processo(recarregar(processo))]
    data = anexo.andamento.data_ato.strftime("%d/%m/%Y")
    assert f"{anexo.descricao} — documento da sessão.pdf ({data})" in titulos


@pytest.mark.parametrize(
    ("conteudo", "nome", "mensagem"),
    [
        (imagem("PNG"), "ata.pdf", "O arquivo não é um PDF; envie o documento em PDF."),
        (b"%PDF-1.4\n1 0 obj lixo", "ata.pdf", ""),
        (b"", "ata.pdf", ""),
    ],
    ids=["png-renomeado", "pdf-corrompido", "vazio"],
)
def test_anexo_recusado_devolve_o_formulario_e_nada_e_gravado(
    client, operador, media, conteudo, nome, mensagem
):
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    andamentos = Andamento.objects.filter(processo=processo).count()
    client.force_login(operador)

    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado")
    resposta = client.post(
        _url(processo, "deliberar_plenario"),
        post | {"arquivo_do_ato": SimpleUploadedFile(nome, conteudo)},
    )

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert 'id="id_arquivo_do_ato"' in html and "is-invalid" in html
    if mensagem:
        assert mensagem in html
    assert recarregar(processo).estado == "deliberacao_plenario"
    assert Andamento.objects.filter(processo=processo).count() == andamentos
    assert not AnexoDoAto.objects.exists()
    assert _guardados(media) == []


def test_sem_anexo_o_ato_e_praticado_normalmente(client, operador):
    """O anexo é opcional: a ata pode chegar depois (ou nunca ser digitalizada)."""
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)

    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado")
    resposta = client.post(_url(processo, "deliberar_plenario"), post)

    assert resposta.status_code == 302
    assert recarregar(processo).estado != "deliberacao_plenario"
    assert not AnexoDoAto.objects.exists()


def test_ato_recusado_pelo_servico_nao_deixa_o_anexo(client, operador, media):
    """A página desatualizada (outro ato praticado depois de aberta) é recusada pelo
    serviço: o anexo conferido não fica gravado."""
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)
    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado")
    # O estado que a página viu é outro: o serviço recusa (processos.versao).
    post["estado_esperado"] = "na_ccj"

    resposta = client.post(
        _url(processo, "deliberar_plenario"),
        post | {"arquivo_do_ato": SimpleUploadedFile("ata.pdf", pdf_real())},
    )

    assert resposta.status_code == 400
    assert not AnexoDoAto.objects.exists()
    assert _guardados(media) == []


def test_deputado_ve_o_anexo_sem_baixar_e_a_vista_fica_registrada(client, operador, deputado):
    """Art. 22: vista, não download; cada vista registrada."""
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)
    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado")
    client.post(
        _url(processo, "deliberar_plenario"),
        post | {"arquivo_do_ato": SimpleUploadedFile("ata.pdf", pdf_real())},
    )
    anexo = AnexoDoAto.objects.get()
    client.force_login(deputado)

    resposta = client.get(f"/processos/{processo.slug}/anexos/{anexo.pk}/?baixar=1")

    assert resposta.status_code == 200
    assert resposta["Content-Disposition"].startswith("inline")
    assert RegistroAcesso.objects.filter(usuario=deputado, objeto=f"anexo:{anexo.pk}").exists()


def test_anexo_alterado_no_disco_nao_e_servido(client, operador):
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)
    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado")
    client.post(
        _url(processo, "deliberar_plenario"),
        post | {"arquivo_do_ato": SimpleUploadedFile("ata.pdf", pdf_real())},
    )
    anexo = AnexoDoAto.objects.get()
    Path(anexo.arquivo.path).write_bytes(pdf_real(2))

    resposta = client.get(f"/processos/{processo.slug}/anexos/{anexo.pk}/")

    assert resposta.status_code == 409


def test_a_varredura_do_cron_confere_o_anexo_e_aponta_o_alterado(client, operador):
    """O anexo herda o arquivo guardado: a varredura de integridade o confere como confere
    os documentos emitidos, as certidões, os documentos do Art. 15 e o mapa enviado antes
    do reparo."""
    assert set(modelos_de_arquivo()) == {
        Documento,
        AnexoDoAto,
        Certidao,
        DocumentoRepresentacao,
        MapaReparado,
    }
    processo = processo_no_estado(operador, "criacao", "deliberacao_plenario")
    client.force_login(operador)
    post = formulario_do_ato(processo, "deliberar_plenario", "aprovado")
    client.post(
        _url(processo, "deliberar_plenario"),
        post | {"arquivo_do_ato": SimpleUploadedFile("ata.pdf", pdf_real())},
    )
    anexo = AnexoDoAto.objects.get()
    Path(anexo.arquivo.path).write_bytes(pdf_real(2))

    saida = io.StringIO()
    with pytest.raises(CommandError, match="1 arquivo"):
        call_command("verificar_integridade", stdout=saida)

    assert f"PROBLEMA Anexo {anexo.pk} do ato {anexo.andamento_id}: arquivo alterado" in (
        saida.getvalue()
    )
