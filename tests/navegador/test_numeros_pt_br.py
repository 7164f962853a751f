"""Números como um brasileiro digita, no Chromium em pt-BR: "1.250,5" e "1250,5"
na área a desmembrar gravam 1.250,5 km² (com `<input type=number>`, "1250,5" gravava 12505 e
"1.250,5", 1,2505). O campo é texto com teclado decimal, e a retificação o mostra em pt-BR."""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from processos.models import Processo
from processos.papeis import GRUPOS, SERVIDOR
from tests.navegador import roteiro as r
from tests.processos.construtores import usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


@pytest.mark.parametrize("digitado", ["1.250,5", "1250,5"])
def test_area_digitada_em_pt_br_volta_como_1250_5_km2(pagina, digitado):
    call_command("carregar_municipios", verbosity=0)
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    usuario_com_papeis("ana", SERVIDOR, nome="Ana Servidora")

    r.entrar(pagina, "ana")
    pagina.get_by_role("link", name="Novo processo").first.click()
    pagina.get_by_label("Tipo").select_option("criacao")
    pagina.get_by_label("Nome proposto").fill("Nova Fronteira do Norte")
    pagina.get_by_label("Sede proposta").fill("Nova Fronteira do Norte")
    pagina.get_by_role("searchbox", name="Filtrar municípios pelo nome").fill("sorri")
    pagina.get_by_role("checkbox", name="Sorriso", exact=True).check()
    pagina.get_by_label("Diretamente pela comunidade").check()
    pagina.get_by_label("Representantes da comunidade").fill("Comissão pró-emancipação")
    pagina.get_by_label("Lida no expediente em").fill(r.data(10))
    area = r.campo(pagina, "Área a desmembrar (km²)")
    assert area.get_attribute("type") == "text"
    assert area.get_attribute("inputmode") == "decimal"
    area.fill(digitado)
    r.campo(pagina, "Área total do município (km²)").fill("12.000")
    pagina.get_by_role("button", name="Protocolar").click()
    pagina.get_by_text("Processo protocolado sob o nº").wait_for()

    assert "Área a desmembrar 1.250,5 km² de 12.000 km²" in r.texto(pagina.locator("main"))
    processo = Processo.objects.get()
    assert str(processo.area_movida_km2) == "1250.500"

    r.abrir_ato(pagina, "Retificar dados do processo")
    assert r.campo(pagina, "Área a desmembrar (km²)").input_value() == "1.250,5"
    assert r.campo(pagina, "Área total do município (km²)").input_value() == "12.000"
