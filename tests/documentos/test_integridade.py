"""Arquivos alterados ou perdidos no disco: recusados em cada porta (equipe, Deputado,
portal, certidão do ofício, /validar/, cópia integral), registrados para a administração e
apontados pelo `verificar_integridade` do cron, que também varre os órfãos."""

import io
import os
import time
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.utils import timezone

from documentos import emissao, tarefas
from documentos.copia_integral import emitir_copia_integral
from documentos.models import Documento, FalhaIntegridade
from instrucao.models import Certidao
from instrucao.services import registrar_resposta
from processos.models import AtoRecusado
from processos.services import praticar_ato
from representacao.models import DocumentoRepresentacao
from tests.processos.construtores import dados_certidao, responder_oficios
from tests.representacao.construtores import pdf_real

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def limpa_limite():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def processo(construir, servidor):
    """Parecer preliminar emitido, ofícios enviados e respondidos com certidão."""
    processo = construir(ate="emitir_parecer_preliminar")
    responder_oficios(processo, servidor)
    return processo


@pytest.fixture
def parecer(processo):
    return Documento.objects.get(processo=processo, tipo="parecer_preliminar")


def _adulterar(arquivo) -> None:
    """Troca um bit no meio do arquivo guardado, como uma edição fora do sistema."""
    caminho = Path(default_storage.path(arquivo.name))
    conteudo = bytearray(caminho.read_bytes())
    conteudo[len(conteudo) // 2] ^= 0x01
    caminho.write_bytes(bytes(conteudo))


def _apagar(arquivo) -> None:
    default_storage.delete(arquivo.name)


def _envelhecer(nome: str, horas: int = 2) -> None:
    antes = time.time() - horas * 3600
    os.utime(default_storage.path(nome), (antes, antes))


# --- as portas de leitura ---------------------------------------------------------------------


def test_download_da_equipe_recusa_documento_alterado_no_disco(client, servidor, parecer, caplog):
    _adulterar(parecer.arquivo)
    client.force_login(servidor)

    resposta = client.get(f"/documentos/{parecer.codigo}/", {"baixar": "1"})

    html = resposta.content.decode()
    assert resposta.status_code == 409
    assert resposta["Content-Type"].startswith("text/html")
    assert "O arquivo armazenado não confere" in html and parecer.sha256 in html
    assert resposta["Cache-Control"] == "no-store"
    assert f"Documento {parecer.codigo}: SHA-256 do arquivo armazenado" in caplog.text
    assert [r.levelname for r in caplog.records if "SHA-256" in r.getMessage()] == ["ERROR"]
    falha = FalhaIntegridade.objects.get()
    assert falha.objeto == f"Documento {parecer.codigo}"
    assert falha.porta == "download da equipe" and falha.sha256_registrado == parecer.sha256


def test_vista_do_deputado_recusa_documento_alterado(client, deputado, parecer):
    _adulterar(parecer.arquivo)
    client.force_login(deputado)

    resposta = client.get(f"/documentos/{parecer.codigo}/")

    assert resposta.status_code == 409
    assert b"%PDF" not in resposta.content


def test_portal_recusa_documento_publico_alterado(client, parecer):
    _adulterar(parecer.arquivo)

    resposta = client.get(f"/portal/documentos/{parecer.codigo}/")

    assert resposta.status_code == 409
    assert "O arquivo armazenado não confere" in resposta.content.decode()


def test_documento_intacto_continua_servido_inteiro(client, parecer):
    resposta = client.get(f"/portal/documentos/{parecer.codigo}/")

    assert resposta.status_code == 200
    assert b"".join(resposta.streaming_content) == Path(parecer.arquivo.path).read_bytes()
    assert not FalhaIntegridade.objects.exists()


def test_documento_cujo_arquivo_sumiu_responde_410(client, servidor, parecer):
    _apagar(parecer.arquivo)
    client.force_login(servidor)

    resposta = client.get(f"/documentos/{parecer.codigo}/")

    assert resposta.status_code == 410
    assert "não foi encontrado no armazenamento" in resposta.content.decode()
    assert FalhaIntegridade.objects.get().ausente


def test_certidao_do_oficio_alterada_e_recusada(client, servidor, processo):
    oficio = processo.oficios.filter(certidoes__isnull=False).first()
    _adulterar(oficio.certidao_vigente.arquivo)
    client.force_login(servidor)

    resposta = client.get(f"/processos/{processo.slug}/oficios/{oficio.pk}/certidao/")

    assert resposta.status_code == 409
    assert f"Certidão do Ofício nº {oficio.numero}" in resposta.content.decode()
    assert FalhaIntegridade.objects.get().porta == "certidão do ofício"


def test_certidao_do_oficio_sumida_responde_410(client, servidor, processo):
    oficio = processo.oficios.filter(certidoes__isnull=False).first()
    _apagar(oficio.certidao_vigente.arquivo)
    client.force_login(servidor)

    resposta = client.get(f"/processos/{processo.slug}/oficios/{oficio.pk}/certidao/")

    assert resposta.status_code == 410


def test_a_mesma_adulteracao_e_registrada_uma_vez_e_uma_nova_outra_vez(client, parecer):
    _adulterar(parecer.arquivo)
    for _ in range(3):
        assert client.get(f"/portal/documentos/{parecer.codigo}/").status_code == 409
    assert FalhaIntegridade.objects.count() == 1

    Path(parecer.arquivo.path).write_bytes(b"outro conteudo")
    assert client.get(f"/portal/documentos/{parecer.codigo}/").status_code == 409
    assert FalhaIntegridade.objects.count() == 2


# --- /validar/ ---------------------------------------------------------------------------------


def test_validar_nao_diz_autentico_quando_a_copia_guardada_foi_alterada(client, parecer):
    original = Path(parecer.arquivo.path).read_bytes()
    _adulterar(parecer.arquivo)

    por_codigo = client.get("/validar/", {"codigo": parecer.codigo})
    com_arquivo = client.post(
        "/validar/",
        {"codigo": parecer.codigo, "arquivo": SimpleUploadedFile("p.pdf", original)},
    )

    for resposta in (por_codigo, com_arquivo):
        html = resposta.content.decode()
        assert resposta.status_code == 409
        assert "falhou na conferência de integridade" in html
        assert "Documento autêntico" not in html
        assert "O arquivo enviado é idêntico ao registrado" not in html
    assert FalhaIntegridade.objects.get().porta == "/validar/"


def test_validar_com_a_copia_guardada_sumida_responde_410(client, parecer):
    _apagar(parecer.arquivo)

    resposta = client.get("/validar/", {"codigo": parecer.codigo})

    assert resposta.status_code == 410
    html = resposta.content.decode()
    assert "não foi encontrado" in html and "Documento autêntico" not in html


def test_validar_recusa_arquivo_enviado_que_so_comeca_com_pdf(client, parecer):
    falso = SimpleUploadedFile("falso.pdf", b"%PDF-1.7\nnada de PDF aqui\n%%EOF\n")

    resposta = client.post("/validar/", {"codigo": parecer.codigo, "arquivo": falso})

    html = resposta.content.decode()
    assert "O PDF está corrompido ou incompleto" in html
    assert "NÃO é o documento registrado" not in html and "Documento autêntico" not in html


# --- cópia integral -----------------------------------------------------------------------------


def test_copia_com_documento_alterado_falha_e_o_encaminhamento_ao_tre_fica_recusado(
    construir, presidente
):
    processo = construir(ate="publicar_decreto")
    parecer = Documento.objects.get(processo=processo, tipo="parecer_preliminar")
    _adulterar(parecer.arquivo)

    tarefa = tarefas.solicitar_copia_integral(processo, usuario=presidente)
    call_command("processar_tarefas", "--uma-vez", stdout=io.StringIO())

    tarefa.refresh_from_db()
    assert tarefa.estado == "falhou"
    assert "Parecer preliminar" in tarefa.mensagem and parecer.codigo in tarefa.mensagem
    assert not Documento.objects.filter(tipo="copia_integral").exists()
    # Sem a cópia pronta, o Decreto não segue ao TRE (Art. 19, § 1º).
    with pytest.raises(AtoRecusado, match="cópia integral autenticada"):
        praticar_ato(
            processo_id=processo.pk,
            nome_ato="encaminhar_ao_tre",
            usuario=presidente,
            data_ato=timezone.localdate(),
            dados={},
        )
    processo.refresh_from_db()
    assert processo.estado == "decreto_publicado"
    assert not processo.andamentos.filter(ato="encaminhar_ao_tre").exists()


def test_copia_integral_e_recusada_se_a_certidao_de_um_oficio_foi_alterada(processo, presidente):
    oficio = processo.oficios.filter(certidoes__isnull=False).first()
    _adulterar(oficio.certidao_vigente.arquivo)

    with pytest.raises(AtoRecusado, match=rf"Ofício nº {oficio.numero}\): o arquivo não confere"):
        emitir_copia_integral(processo, usuario=presidente)

    assert not Documento.objects.filter(tipo="copia_integral").exists()


def test_copia_integral_pela_tela_mostra_a_recusa(client, presidente, processo):
    oficio = processo.oficios.filter(certidoes__isnull=False).first()
    _apagar(oficio.certidao_vigente.arquivo)
    client.force_login(presidente)

    pagina = client.post(f"/processos/{processo.slug}/documentos/copia-integral/").url
    call_command("processar_tarefas", "--uma-vez", stdout=io.StringIO())

    html = client.get(pagina).content.decode()
    assert "A cópia integral não foi emitida" in html
    assert "não foi encontrado no armazenamento" in html
    assert not Documento.objects.filter(tipo="copia_integral").exists()


# --- certidão do ofício: PDF de verdade ---------------------------------------------------------


@pytest.mark.parametrize(
    ("conteudo", "recusa"),
    [
        (b"%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "O PDF está corrompido"),
        (pdf_real(501), "mais que o limite de 500"),
    ],
)
def test_certidao_que_nao_abre_no_pypdf_ou_longa_demais_e_recusada(
    construir, servidor, conteudo, recusa
):
    processo = construir(ate="emitir_parecer_preliminar")
    oficio = processo.oficios.first()

    with pytest.raises(AtoRecusado, match=recusa):
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=servidor,
            respondido_em=timezone.localdate(),
            certidao=dados_certidao(
                oficio,
                data=timezone.localdate(),
                arquivo=SimpleUploadedFile("certidao.pdf", conteudo),
            ),
        )

    oficio.refresh_from_db()
    assert oficio.certidao_vigente is None and oficio.respondido_em is None


# --- verificar_integridade ----------------------------------------------------------------------


def _verificar(*argumentos) -> tuple[str, CommandError | None]:
    saida = io.StringIO()
    try:
        call_command("verificar_integridade", *argumentos, stdout=saida)
    except CommandError as exc:
        return saida.getvalue(), exc
    return saida.getvalue(), None


def test_comando_aponta_cada_arquivo_alterado_ou_sumido_e_termina_com_erro(processo, parecer):
    oficio = processo.oficios.filter(certidoes__isnull=False).first()
    art15 = DocumentoRepresentacao.objects.filter(processo=processo).first()
    _adulterar(parecer.arquivo)
    _apagar(oficio.certidao_vigente.arquivo)
    _adulterar(art15.arquivo)
    total = (
        Documento.objects.count()
        + Certidao.objects.filter(oficio__processo=processo).count()
        + DocumentoRepresentacao.objects.count()
    )

    saida, erro = _verificar()

    assert erro is not None and "3 arquivo(s)" in str(erro)
    linhas = [linha for linha in saida.splitlines() if linha.startswith("PROBLEMA")]
    assert len(linhas) == 3
    assert f"PROBLEMA Documento {parecer.codigo}: arquivo alterado" in saida
    assert f"PROBLEMA Certidão do Ofício nº {oficio.numero} (versão 1): arquivo ausente" in saida
    assert f"PROBLEMA Documento do Art. 15 {art15.pk}: arquivo alterado" in saida
    assert f"{total} arquivos conferidos; 3 com problema" in saida
    assert FalhaIntegridade.objects.filter(porta="verificar_integridade").count() == 3


def test_comando_sem_problema_termina_bem(processo):
    saida, erro = _verificar()

    assert erro is None
    assert "; 0 com problema; 0 órfãos." in saida


def test_comando_lista_os_orfaos_e_remove_so_os_antigos(processo, parecer):
    antigo = default_storage.save("documentos/2020/01/ABCD.pdf", io.BytesIO(b"%PDF-1.4 orfao"))
    recente = default_storage.save("certidoes/2026/01/x.pdf", io.BytesIO(b"%PDF-1.4 novo"))
    _envelhecer(antigo)
    _envelhecer(parecer.arquivo.name)

    saida, erro = _verificar()
    assert erro is None
    assert f"ÓRFÃO: {antigo}" in saida and f"ÓRFÃO (recente, mantido por ora): {recente}" in saida
    assert "2 órfãos." in saida and default_storage.exists(antigo)

    saida, erro = _verificar("--remover-orfaos")
    assert "2 órfãos (1 removidos)" in saida
    assert not default_storage.exists(antigo) and default_storage.exists(recente)
    assert default_storage.exists(parecer.arquivo.name)


def test_emissao_desfeita_pela_transacao_de_fora_deixa_orfao_que_o_comando_apaga(
    processo, servidor
):
    class AtoDesfeito(Exception):
        pass

    with pytest.raises(AtoDesfeito), transaction.atomic():
        extrato = emissao.emitir_extrato(processo, usuario=servidor)
        nome = extrato.arquivo.name
        raise AtoDesfeito
    assert not Documento.objects.filter(tipo="extrato").exists()
    _envelhecer(nome)

    saida, erro = _verificar("--remover-orfaos")

    assert f"ÓRFÃO removido: {nome}" in saida and erro is None
    assert not default_storage.exists(nome)


# --- certidão de distrito: uma por pedido idêntico ----------------------------------------------


def test_certidao_de_distrito_repetida_devolve_o_mesmo_documento(client, media):
    dados = {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila Nova"}

    primeira = client.post("/simulador/distrito/certidao/", dados)
    segunda = client.post("/simulador/distrito/certidao/", dados)
    outra = client.post("/simulador/distrito/certidao/", dados | {"populacao": "1002"})

    assert [r.status_code for r in (primeira, segunda, outra)] == [200, 200, 200]
    assert b"".join(primeira.streaming_content) == b"".join(segunda.streaming_content)
    certidoes = Documento.objects.filter(tipo="certidao_distrito")
    assert certidoes.count() == 2
    doc = certidoes.order_by("id").first()
    validacao = client.get("/validar/", {"codigo": doc.codigo})
    assert "Documento autêntico" in validacao.content.decode()


def test_certidao_de_distrito_com_arquivo_alterado_e_reemitida(client, media):
    dados = {"habitacoes_sede": "50", "populacao": "1001"}
    client.post("/simulador/distrito/certidao/", dados)
    primeira = Documento.objects.get(tipo="certidao_distrito")
    _adulterar(primeira.arquivo)

    resposta = client.post("/simulador/distrito/certidao/", dados)

    assert resposta.status_code == 200
    nova = Documento.objects.get(tipo="certidao_distrito", versao=2)
    assert nova.substitui == primeira and nova.serie == primeira.serie
