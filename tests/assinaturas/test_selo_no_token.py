"""O selo da Assembleia num token A3 ou HSM (PKCS#11), com o SoftHSM2 no lugar do dispositivo:
escolhido em vez do PKCS#12 quando a biblioteca está configurada, a mesma saída (B-LTA, o campo
criado na emissão) e o mesmo `/validar/`. O token que não abre (biblioteca, PIN, chave) faz a
tarefa de selo falhar com o motivo em português; o documento continua válido pelo código.
`manage.py check` diz o que falta na configuração e `manage.py conferir_selo` abre o token."""

import os
import subprocess
import sys

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError

from documentos import tarefas
from documentos.assinatura import servicos
from documentos.models import Documento, EstadoTarefa, Modalidade, TarefaDocumento, TipoTarefa

CERTIDAO = {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila Progresso"}
NAO_APLICADO = "O selo da Assembleia não foi aplicado (o documento vale pelo código): "


def _certidao_selada(client) -> tuple[Documento, TarefaDocumento]:
    client.post("/simulador/distrito/certidao/", CERTIDAO)
    documento = Documento.objects.get(tipo="certidao_distrito")
    tarefas.processar(uma_vez=True)
    return documento, TarefaDocumento.objects.get(tipo=TipoTarefa.SELO, documento=documento)


def _validar(client, documento, pdf: bytes) -> str:
    arquivo = SimpleUploadedFile("c.pdf", pdf, content_type="application/pdf")
    resposta = client.post("/validar/", {"codigo": documento.codigo, "arquivo": arquivo})
    return resposta.content.decode()


def test_certidao_selada_pelo_token_em_b_lta_e_o_validar_mostra_o_selo(client, selo_no_token):
    documento, tarefa = _certidao_selada(client)
    assert tarefa.estado == EstadoTarefa.PRONTA, tarefa.mensagem
    (selo,) = documento.assinaturas.filter(modalidade=Modalidade.SELO)
    assert selo.nivel == "B-LTA" and selo.campo == "selo"
    # O token venceu o PKCS#12 configurado ao lado (o da relatora).
    assert "ASSEMBLEIA LEGISLATIVA" in selo.certificado_titular
    assert "AC Intermediária de Teste" in selo.certificado_emissor

    selada = servicos.copia_atual(documento)
    with documento.arquivo.open("rb") as f:
        assert selada.startswith(f.read())  # o código e o hash da emissão continuam valendo
    html = _validar(client, documento, selada)
    assert "Cópia assinada autêntica" in html
    assert "ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO" in html
    assert "B-LTA" in html
    assert html.count('badge text-bg-success">válida') == 2  # o selo e o carimbo do documento


def _falha(client) -> str:
    documento, tarefa = _certidao_selada(client)
    assert tarefa.estado == EstadoTarefa.FALHOU
    assert not documento.assinaturas.filter(modalidade=Modalidade.SELO).exists()
    return tarefa.mensagem


def test_pin_errado_falha_a_tarefa_com_mensagem(client, selo_no_token, settings, tmp_path):
    errado = tmp_path / "pin-errado"
    errado.write_text("0000")
    settings.SELO_PIN_ARQUIVO = str(errado)
    assert _falha(client) == NAO_APLICADO + "O token do selo “ALMT-SELO” recusou o PIN configurado."


def test_token_sem_a_chave_diz_os_rotulos_que_ha(client, selo_no_token, settings):
    settings.SELO_PKCS11_ROTULO = "selo-2025"
    assert _falha(client) == NAO_APLICADO + (
        "O token do selo “ALMT-SELO” não tem o certificado “selo-2025” "
        "(EMANCIPACAO_SELO_PKCS11_ROTULO); rótulos no token: “AC Intermediaria”, “AC Raiz”, "
        "“selo”."
    )


def test_token_com_o_certificado_mas_sem_a_chave(client, selo_no_token, settings):
    settings.SELO_PKCS11_ROTULO = "AC Intermediaria"  # só o certificado da AC está no token
    assert _falha(client) == NAO_APLICADO + (
        "O token do selo “ALMT-SELO” não tem a chave privada “AC Intermediaria” "
        "(EMANCIPACAO_SELO_PKCS11_ROTULO); rótulos no token: “selo”."
    )


def test_token_que_nao_esta_conectado(client, selo_no_token, settings):
    settings.SELO_PKCS11_TOKEN = "OUTRO-TOKEN"
    assert "Nenhum token “OUTRO-TOKEN” no módulo" in _falha(client)


def test_token_escolhido_pela_posicao_do_slot(client, selo_no_token, settings):
    settings.SELO_PKCS11_TOKEN = ""
    settings.SELO_PKCS11_SLOT = 0  # o SoftHSM2 põe o primeiro token iniciado no slot 0
    _, tarefa = _certidao_selada(client)
    assert tarefa.estado == EstadoTarefa.PRONTA, tarefa.mensagem


def test_biblioteca_inexistente_falha_a_tarefa_e_o_check_avisa(
    client, db, selo_instalado, settings, capsys
):
    settings.SELO_PKCS11_BIBLIOTECA = "/usr/lib/nada/libfabricante.so"
    settings.SELO_PKCS11_TOKEN = "ALMT"
    settings.SELO_PKCS11_ROTULO = "selo"
    esperado = (
        "A biblioteca PKCS#11 do selo não existe: /usr/lib/nada/libfabricante.so "
        "(EMANCIPACAO_SELO_PKCS11_BIBLIOTECA)."
    )
    assert _falha(client) == NAO_APLICADO + esperado

    call_command("check")
    saida = capsys.readouterr()
    assert f"(documentos.W002) {esperado}" in saida.out + saida.err


def test_check_diz_o_que_falta_no_token(settings, capsys, db):
    settings.SELO_PKCS12 = ""
    settings.SELO_PKCS11_BIBLIOTECA = "/usr/lib/nada/libfabricante.so"
    settings.SELO_PKCS11_TOKEN = ""
    settings.SELO_PKCS11_ROTULO = ""
    settings.SELO_PIN = settings.SELO_PIN_ARQUIVO = settings.CARIMBO_DO_TEMPO_URL = ""
    call_command("check")
    saida = capsys.readouterr()
    avisos = saida.out + saida.err
    for falta in (
        "rótulo do token do selo (EMANCIPACAO_SELO_PKCS11_TOKEN) ou a posição do slot",
        "rótulo da chave e do certificado do selo no token (EMANCIPACAO_SELO_PKCS11_ROTULO)",
        "Falta o PIN do token do selo",
        "autoridade de carimbo do tempo (EMANCIPACAO_CARIMBO_DO_TEMPO_URL)",
    ):
        assert falta in avisos


def test_check_sem_selo_nao_avisa_nada_do_selo(settings, capsys, db):
    settings.SELO_PKCS12 = settings.SELO_PKCS11_BIBLIOTECA = ""
    call_command("check")
    saida = capsys.readouterr()
    assert "documentos.W002" not in saida.out + saida.err


def test_conferir_selo_abre_o_token_e_mostra_o_certificado(selo_no_token, capsys):
    call_command("conferir_selo")
    saida = capsys.readouterr().out
    assert "token PKCS#11 “ALMT-SELO” do módulo /usr/lib/softhsm/libsofthsm2.so" in saida
    assert "ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO" in saida
    assert "Certificados disponíveis para a cadeia: 3." in saida
    assert "O selo abre" in saida


def test_conferir_selo_com_pin_errado_diz_por_que(selo_no_token, settings):
    settings.SELO_PIN_ARQUIVO = ""
    settings.SELO_PIN = "0000"
    with pytest.raises(CommandError, match="recusou o PIN configurado"):
        call_command("conferir_selo")


def test_conferir_selo_que_abre_mas_sem_carimbo_do_tempo_diz_o_que_falta(
    selo_no_token, settings, capsys
):
    settings.CARIMBO_DO_TEMPO_URL = ""
    with pytest.raises(CommandError, match="falta configurar o que está acima"):
        call_command("conferir_selo")
    saida = capsys.readouterr()
    assert "ASSEMBLEIA LEGISLATIVA" in saida.out
    assert "precisa da autoridade de carimbo do tempo" in saida.err


@pytest.mark.parametrize(
    "slot, erro",
    [
        ("-1", "EMANCIPACAO_SELO_PKCS11_SLOT é a posição do slot: 0, 1, 2, …"),
        ("primeiro", "EMANCIPACAO_SELO_PKCS11_SLOT deve ser um número inteiro, não 'primeiro'."),
    ],
)
def test_slot_invalido_interrompe_a_inicializacao(slot, erro):
    ambiente = {**os.environ, "EMANCIPACAO_SELO_PKCS11_SLOT": slot}
    feito = subprocess.run(
        [sys.executable, "-c", "import emancipacao.settings"],
        env=ambiente,
        capture_output=True,
        text=True,
    )
    assert feito.returncode != 0
    assert erro in feito.stderr
