"""Jornada real no Chromium: a relatora assina o parecer com o certificado em nuvem cuja
credencial pede o PIN a cada assinatura (API CSC v2, authMode "explicit"). Vai ao provedor
simulado e volta; digita o PIN errado e lê a mensagem do provedor (nada assinado); digita o
certo e volta ao processo com a assinatura dela listada."""

import pytest

from documentos.models import Assinatura, Documento
from tests.assinaturas.conftest import (  # noqa: F401 — fixtures
    csc_ligado,
    icp,
    raizes,
    selo_instalado,
    servidores,
)
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures
from tests.navegador import roteiro as r

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

PIN = "48213579"


def test_relatora_assina_em_nuvem_com_pin(pagina, construir, servidor, csc_ligado, settings):  # noqa: F811
    settings.CSC_ESCOPO = "service"
    csc_ligado.exigir_sad(pin=PIN)
    try:
        processo = construir(ate="emitir_parecer_merito")
        parecer = Documento.objects.get(processo=processo, tipo="parecer_merito")
        r.entrar(pagina, "alice", f"{pagina.url_base}/documentos/{parecer.codigo}/assinar/")
        pagina.get_by_role("button", name="Assinar com certificado em nuvem").click()
        pagina.wait_for_url("**/documentos/assinatura/nuvem/autorizar/")

        pagina.get_by_label("PIN do certificado").fill("11112222")
        pagina.get_by_role("button", name="Autorizar e assinar").click()
        erro = pagina.locator("[data-erro-autorizacao]")
        erro.wait_for()
        assert "PIN incorreto: restam 2 tentativas." in erro.inner_text()
        assert pagina.get_by_label("PIN do certificado").input_value() == ""
        assert not Assinatura.objects.filter(documento=parecer, modalidade="icp_brasil").exists()

        pagina.get_by_label("PIN do certificado").fill(PIN)
        pagina.get_by_role("button", name="Autorizar e assinar").click()
        pagina.wait_for_url(f"**/processos/{processo.slug}/")
        assert "Documento assinado com o certificado em nuvem." in pagina.content()
        situacao = pagina.locator(f"[data-assinaturas='{parecer.codigo}']")
        assert "assinado por Alice Servidora" in situacao.inner_text()
    finally:
        csc_ligado.exigir_sad()
