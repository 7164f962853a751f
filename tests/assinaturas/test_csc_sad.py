"""A credencial em nuvem com autorização por assinatura (API CSC v2, authMode "explicit"): o
provedor só assina com um SAD, que sai de `credentials/authorize` com o PIN e/ou o OTP do
signatário. O sistema pede-os numa tela depois da volta do provedor, troca-os pelo SAD no
instante de assinar (ligado ao resumo, de uso único) e os esquece: nada deles é gravado, nem
na sessão, nem em log. O PIN errado volta à tela com a mensagem do provedor; o SAD vencido ou
já usado é recusado pelo provedor, e nada é assinado."""

import base64
import hashlib
import logging

import pytest
from django.contrib.sessions.models import Session

from documentos.assinatura import csc, pessoal
from documentos.models import Assinatura, Documento
from tests.assinaturas.servidores import TOKEN_CSC
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures

PIN = "48213579"
OTP = "604271"
AUTORIZAR = "/documentos/assinatura/nuvem/autorizar/"


@pytest.fixture
def csc_com_pin(csc_ligado, settings):
    settings.CSC_ESCOPO = "service"
    csc_ligado.exigir_sad(pin=PIN)
    yield csc_ligado
    csc_ligado.exigir_sad()  # os servidores de teste servem à sessão toda


@pytest.fixture
def parecer(construir):  # noqa: F811
    processo = construir(ate="emitir_parecer_merito")
    return Documento.objects.get(processo=processo, tipo="parecer_merito")


def _ate_a_tela_do_pin(client, documento):
    ida = client.post(f"/documentos/{documento.codigo}/assinar/nuvem/")
    assert "scope=service" in ida.url
    estado = ida.url.split("state=")[1]
    volta = client.get("/documentos/assinatura/nuvem/retorno/", {"code": "c", "state": estado})
    assert (volta.status_code, volta.url) == (302, AUTORIZAR)


def _assinaturas(documento):
    return Assinatura.objects.filter(documento=documento, modalidade="icp_brasil")


def test_pin_certo_assina_com_o_sad_ligado_ao_resumo(client, servidor, csc_com_pin, parecer):
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)
    tela = client.get(AUTORIZAR).content.decode()
    assert "PIN do certificado" in tela and 'name="otp"' not in tela
    antes = len(csc_com_pin.pedidos_de_autorizacao)

    resposta = client.post(AUTORIZAR, {"pin": PIN})

    assert resposta.status_code == 302
    assert resposta.url == f"/processos/{parecer.processo.slug}/"
    (linha,) = _assinaturas(parecer)
    assert (linha.campo, linha.signatario, linha.nivel) == ("relator", servidor, "B-T")
    (pedido,) = csc_com_pin.pedidos_de_autorizacao[antes:]
    assert pedido["numSignatures"] == 1
    # O SAD autorizou exatamente o resumo que o provedor assinou.
    assert pedido["hashes"] == [base64.b64encode(csc_com_pin.resumos_csc[-1]).decode()]
    assert client.get(AUTORIZAR).status_code == 400  # a autorização pendente foi consumida


def test_pin_errado_mostra_a_mensagem_do_provedor_e_nada_e_gravado(
    client, servidor, csc_com_pin, parecer
):
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)

    resposta = client.post(AUTORIZAR, {"pin": "11112222"})

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "PIN incorreto: restam 2 tentativas." in html
    assert "Nada foi assinado" in html
    assert "11112222" not in html  # o campo volta vazio
    assert not _assinaturas(parecer).exists()
    # Corrigido o PIN na mesma tela, assina.
    assert client.post(AUTORIZAR, {"pin": PIN}).status_code == 302
    assert _assinaturas(parecer).count() == 1


def test_pin_em_branco_pede_o_pin_sem_ir_ao_provedor(client, servidor, csc_com_pin, parecer):
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)
    antes = len(csc_com_pin.pedidos_de_autorizacao)
    resposta = client.post(AUTORIZAR, {"pin": ""})
    assert resposta.status_code == 400
    assert "Informe o PIN do certificado." in resposta.content.decode()
    assert len(csc_com_pin.pedidos_de_autorizacao) == antes


def test_sad_expirado_e_recusado_e_nada_e_gravado(client, servidor, csc_com_pin, parecer):
    csc_com_pin.validade_sad = 0  # o SAD vence antes do signHash
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)
    resposta = client.post(AUTORIZAR, {"pin": PIN})
    assert resposta.status_code == 400
    assert "A autorização de assinatura expirou" in resposta.content.decode()
    assert not _assinaturas(parecer).exists()


def test_sad_reusado_e_recusado_pelo_provedor(csc_com_pin):
    cliente = csc.ClienteCSC(TOKEN_CSC)
    resumo = base64.b64encode(hashlib.sha256(b"atributos assinados").digest()).decode()
    sad = cliente.chamar(
        "credentials/authorize",
        {"credentialID": "credencial-1", "numSignatures": 1, "hashes": [resumo], "PIN": PIN},
    )["SAD"]
    pedido = {
        "credentialID": "credencial-1",
        "SAD": sad,
        "hashes": [resumo],
        "hashAlgorithmOID": csc.OID_SHA256,
        "signAlgo": csc.OID_RSA,
    }
    assert cliente.chamar("signatures/signHash", pedido)["signatures"]
    with pytest.raises(pessoal.AssinaturaRecusada, match="já foi usada"):
        cliente.chamar("signatures/signHash", pedido)
    sem_sad = {k: v for k, v in pedido.items() if k != "SAD"}
    with pytest.raises(pessoal.AssinaturaRecusada, match="SAD\\) ausente"):
        cliente.chamar("signatures/signHash", sem_sad)


def test_pin_e_otp_enviado_pelo_provedor(client, servidor, csc_com_pin, parecer):
    csc_com_pin.exigir_sad(pin=PIN, otp=OTP, otp_online=True)
    enviados = csc_com_pin.otps_enviados
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)
    assert csc_com_pin.otps_enviados == enviados + 1  # credentials/sendOTP na volta
    tela = client.get(AUTORIZAR).content.decode()
    assert "Código do aplicativo" in tela and 'autocomplete="one-time-code"' in tela

    errado = client.post(AUTORIZAR, {"pin": PIN, "otp": "000000"})
    assert "Código OTP inválido ou vencido." in errado.content.decode()
    assert not _assinaturas(parecer).exists()
    assert client.post(AUTORIZAR, {"pin": PIN, "otp": OTP}).status_code == 302
    assert _assinaturas(parecer).count() == 1


def test_pin_e_otp_nunca_gravados_nem_em_log(client, servidor, csc_com_pin, parecer, caplog):
    csc_com_pin.exigir_sad(pin=PIN, otp=OTP)
    caplog.set_level(logging.DEBUG)
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)
    client.post(AUTORIZAR, {"pin": "99999999", "otp": OTP})  # recusado: registrado em log?
    client.post(AUTORIZAR, {"pin": PIN, "otp": OTP})
    assert _assinaturas(parecer).count() == 1
    assert PIN not in caplog.text and OTP not in caplog.text
    for sessao in Session.objects.all():
        assert PIN not in str(sessao.get_decoded()) and OTP not in str(sessao.get_decoded())
    (linha,) = _assinaturas(parecer)
    assert PIN not in repr(linha.__dict__) and OTP not in repr(linha.__dict__)
    assert PIN not in repr(csc.Autorizacao(pin=PIN, otp=OTP))


def test_tela_sem_autorizacao_pendente_ou_vencida_nao_assina(
    client, servidor, csc_com_pin, parecer
):
    client.force_login(servidor)
    assert client.post(AUTORIZAR, {"pin": PIN}).status_code == 400
    _ate_a_tela_do_pin(client, parecer)
    sessao = client.session
    sessao["assinatura_csc_autorizacao"]["vence"] = 0  # passaram os 5 minutos
    sessao.save()
    resposta = client.post(AUTORIZAR, {"pin": PIN})
    assert resposta.status_code == 400
    assert "comece de novo pelo documento" in resposta.content.decode()
    assert not _assinaturas(parecer).exists()


def test_outro_usuario_nao_usa_a_autorizacao_pendente(
    client, servidor, presidente, csc_com_pin, parecer
):
    client.force_login(servidor)
    _ate_a_tela_do_pin(client, parecer)
    client.force_login(presidente)  # a mesma sessão do navegador, outra pessoa
    assert client.post(AUTORIZAR, {"pin": PIN}).status_code == 400
    assert not _assinaturas(parecer).exists()


@pytest.mark.parametrize(
    ("info", "esperado"),
    [
        ({"authMode": "oauth2code"}, None),
        ({"authMode": "implicit"}, None),
        ({"authMode": "explicit", "PIN": {"presence": "true"}}, csc.Exigencia("PIN", "")),
        (
            {"authMode": "explicit", "PIN": {"presence": "false"}, "OTP": {"type": "offline"}},
            csc.Exigencia("", "Código OTP"),
        ),
        (
            {"authMode": "explicit", "OTP": {"presence": "true", "type": "online", "label": "SMS"}},
            csc.Exigencia("", "SMS", otp_online=True),
        ),
    ],
)
def test_exigencia_lida_do_credentials_info(info, esperado):
    assert csc.exigencia(info) == esperado
