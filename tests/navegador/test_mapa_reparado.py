"""Jornada real no Chromium: a servidora junta ao Art. 15, II um mapa cujo contorno se cruza;
a tela recusa e mostra o que o reparo muda, sem gravar; sem marcar "Confirmo o reparo", nada
muda; marcando, o mapa entra reparado e a linha do tempo registra o ato."""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from processos.papeis import GRUPOS, PRESIDENTE, SERVIDOR
from representacao.models import DocumentoRepresentacao
from territorio.models import MapaReparado
from tests.navegador import roteiro as r
from tests.processos.construtores import usuario_com_papeis
from tests.territorio.conftest import gravar_pasta
from tests.territorio.test_mapa_do_processo import processo_de_a_e_b
from tests.territorio.test_reparo_na_juntada import GRAVATA

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


def test_mapa_que_se_cruza_so_entra_reparado_com_a_confirmacao(pagina, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    ana = usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, nome="Ana Servidora")
    call_command("carregar_malha", str(gravar_pasta(tmp_path)), edicao="2024", verbosity=0)
    processo = processo_de_a_e_b(ana)
    gravata = tmp_path / "gravata.geojson"
    gravata.write_bytes(GRAVATA)

    r.entrar(pagina, "ana")
    pagina.goto(f"{pagina.url_base}/processos/{processo.slug}/documentos-art15/")
    item = pagina.locator("section[data-item='mapa_territorio']")
    item.locator("#arquivo-mapa_territorio").set_input_files(str(gravata))
    item.get_by_role("button", name="Juntar ao processo").click()
    reparo = pagina.locator("[data-reparo]")
    reparo.wait_for()
    assert "nada foi juntado" in reparo.inner_text()
    assert "Pedaços depois do reparo" in reparo.inner_text()
    assert not DocumentoRepresentacao.objects.exists()

    # Sem marcar a confirmação: recusado de novo, nada gravado.
    reparo.locator("#arquivo-reparo").set_input_files(str(gravata))
    reparo.get_by_role("button", name="Juntar o mapa reparado").click()
    pagina.locator("[data-reparo]").wait_for()
    assert not DocumentoRepresentacao.objects.exists()

    reparo = pagina.locator("[data-reparo]")
    reparo.locator("#arquivo-reparo").set_input_files(str(gravata))
    reparo.get_by_label("Confirmo o reparo, com as figuras acima").check()
    reparo.get_by_role("button", name="Juntar o mapa reparado").click()
    pagina.get_by_text("arquivo nº 1 juntado").wait_for()
    documento = DocumentoRepresentacao.objects.get()
    assert documento.nome_original == "gravata-reparado.geojson"
    assert MapaReparado.objects.get().documento == documento

    pagina.goto(f"{pagina.url_base}/processos/{processo.slug}/")
    assert pagina.get_by_text("Juntar mapa reparado").first.is_visible()
