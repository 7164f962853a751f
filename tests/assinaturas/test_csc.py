"""O adaptador CSC (Cloud Signature Consortium API v2, provedores de nuvem ICP-Brasil) contra
o provedor simulado em tests/assinaturas/servidores.py: o servidor troca o código de
autorização por um token, lê a credencial e a cadeia, e o provedor só assina o resumo de 32
bytes dos atributos assinados; o CMS é montado aqui e a assinatura sai B-T, válida, com o
certificado do provedor. Desligado ou recusando, nada é assinado e a mensagem diz por quê."""

import pytest

from documentos.assinatura import campos, csc, pessoal, servicos, validacao
from documentos.models import Assinatura, Documento
from tests.assinaturas.test_nucleo import _pdf_simples
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures


def test_csc_assina_em_b_t_com_o_certificado_do_provedor(csc_ligado):
    original = campos.criar_campos(_pdf_simples(), ["relator", "selo"])
    antes = len(csc_ligado.resumos_csc)
    adaptador = csc.adaptador("codigo", "http://testserver/retorno")
    assinado = pessoal.assinar(original, "relator", adaptador)
    assert assinado.startswith(original)
    (parecer,) = validacao.validar(assinado)
    assert parecer.valida, parecer.motivo
    assert "Presidente de Teste" in parecer.titular
    assert parecer.nivel == "B-T"
    # O provedor recebeu só um resumo SHA-256 (os atributos assinados), nunca o documento.
    (resumo,) = csc_ligado.resumos_csc[antes:]
    assert len(resumo) == 32


def test_csc_assina_a_vaga_do_parecer_e_grava_como_icp_brasil(
    construir,  # noqa: F811
    presidente,
    csc_ligado,
):
    processo = construir(ate="emitir_parecer_merito")
    parecer = Documento.objects.get(processo=processo, tipo="parecer_merito")
    linha = servicos.assinar(parecer, presidente, csc.adaptador("codigo", "http://t/r"))
    assert linha.campo == "relator"  # a primeira vaga livre que o papel dela ocupa
    assert linha.modalidade == "icp_brasil"
    assert linha.nivel == "B-T"


def test_csc_desligado_diz_como_ligar(settings):
    settings.CSC_URL = ""
    with pytest.raises(pessoal.AssinaturaRecusada, match="EMANCIPACAO_CSC_URL"):
        csc.adaptador("codigo", "http://t/r")


def test_csc_autorizacao_recusada_nao_assina(csc_ligado):
    with pytest.raises(pessoal.AssinaturaRecusada, match="recusou o pedido"):
        csc.adaptador("recusado", "http://t/r")


def test_csc_fora_do_ar_nao_assina(settings, db):
    settings.CSC_URL = "http://127.0.0.1:9"
    with pytest.raises(pessoal.AssinaturaRecusada, match="não respondeu"):
        csc.adaptador("codigo", "http://t/r")


def test_tela_vai_ao_provedor_e_volta_assinada_e_o_state_nao_se_reusa(
    construir,  # noqa: F811
    servidor,
    client,
    csc_ligado,
):
    processo = construir(ate="emitir_parecer_merito")
    parecer = Documento.objects.get(processo=processo, tipo="parecer_merito")
    client.force_login(servidor)
    pagina = client.get(f"/documentos/{parecer.codigo}/assinar/").content.decode()
    assert "Assinar com certificado em nuvem" in pagina
    ida = client.post(f"/documentos/{parecer.codigo}/assinar/nuvem/")
    assert ida.status_code == 302
    assert "/csc/oauth2/authorize?response_type=code&client_id=cliente" in ida.url
    assert "scope=credential" in ida.url
    estado = ida.url.split("state=")[1]
    volta = client.get("/documentos/assinatura/nuvem/retorno/", {"code": "c", "state": estado})
    assert volta.status_code == 302
    (linha,) = Assinatura.objects.filter(documento=parecer, modalidade="icp_brasil")
    assert (linha.campo, linha.signatario) == ("relator", servidor)
    assert "Presidente de Teste" in linha.certificado_titular  # o certificado do provedor
    repetido = client.get("/documentos/assinatura/nuvem/retorno/", {"code": "c", "state": estado})
    assert repetido.status_code == 400
    assert "Nada foi assinado" in repetido.content.decode()
    assert Assinatura.objects.filter(documento=parecer, modalidade="icp_brasil").count() == 1


def test_tela_sem_csc_ligado_nao_oferece_nem_aceita(
    construir,  # noqa: F811
    servidor,
    client,
    settings,
):
    settings.CSC_URL = ""
    processo = construir(ate="emitir_parecer_merito")
    parecer = Documento.objects.get(processo=processo, tipo="parecer_merito")
    client.force_login(servidor)
    pagina = client.get(f"/documentos/{parecer.codigo}/assinar/").content.decode()
    assert "certificado em nuvem" not in pagina
    assert client.post(f"/documentos/{parecer.codigo}/assinar/nuvem/").status_code == 403


def test_pagina_de_assinar_deixa_o_formulario_seguir_so_aos_provedores_configurados(
    construir,  # noqa: F811
    servidor,
    client,
    csc_ligado,
    settings,
):
    """O navegador aplica o form-action da página também ao redirecionamento para o gov.br ou
    o provedor: sem as origens deles, o botão não sai do sistema."""
    settings.GOVBR_AUTORIZACAO_URL = "https://sso.acesso.gov.br/authorize"
    processo = construir(ate="emitir_parecer_merito")
    parecer = Documento.objects.get(processo=processo, tipo="parecer_merito")
    client.force_login(servidor)

    def form_action(url):
        csp = client.get(url)["Content-Security-Policy"]
        return next(d.split()[1:] for d in csp.split(";") if d.split()[0] == "form-action")

    destinos = form_action(f"/documentos/{parecer.codigo}/assinar/")
    assert sorted(destinos) == sorted(["'self'", csc_ligado.url, "https://sso.acesso.gov.br"])
    assert form_action(f"/processos/{processo.slug}/") == ["'self'"]
