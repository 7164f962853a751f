"""Jornada real no Chromium: entrar → protocolar → receber na CRT → registrar a visita."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.utils import timezone

from processos.papeis import GRUPOS, PRESIDENTE, SERVIDOR
from tests.processos.construtores import SENHA, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def _data(dias_atras: int) -> str:
    return (timezone.localdate() - timedelta(days=dias_atras)).strftime("%d/%m/%Y")


def test_servidora_protocola_recebe_e_registra_a_visita(pagina, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("carregar_municipios", verbosity=0)
    # Depois de outro teste transacional, o serialized_rollback não repõe os grupos quando o
    # Playwright já está aberto (observado no SQLite); recriá-los torna o teste independente.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, nome="Ana Servidora")
    ano = timezone.localdate().year

    pagina.goto(pagina.url_base + "/entrar/")
    pagina.get_by_label("Usuário").fill("ana")
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url("**/painel/")

    pagina.get_by_role("link", name="Novo processo").first.click()
    pagina.get_by_label("Tipo").select_option("criacao")
    pagina.get_by_label("Nome proposto").fill("Nova Fronteira do Norte")
    pagina.get_by_label("Sede proposta").fill("Nova Fronteira do Norte")
    pagina.get_by_label("Municípios de origem").select_option(label="Sorriso")
    pagina.get_by_label("Diretamente pela comunidade").check()
    pagina.get_by_label("Representantes da comunidade").fill("Comissão pró-emancipação")
    pagina.get_by_label("Lida no expediente em").fill(_data(10))
    pagina.get_by_role("button", name="Protocolar").click()

    pagina.get_by_text(f"Processo protocolado sob o nº 0001/{ano}.").wait_for()
    assert pagina.url.endswith(f"/processos/0001-{ano}/")

    pagina.get_by_role("link", name="Receber na CRT").click()
    pagina.get_by_label("Data do ato").fill(_data(6))
    pagina.get_by_label("Cópias distribuídas aos Deputados em").fill(_data(8))
    pagina.get_by_label("Publicada no órgão oficial em").fill(_data(7))
    pagina.get_by_label("Declaro que a representação está instruída").check()
    pagina.get_by_label("Declaro que a representação é válida").check()
    pagina.get_by_role("button", name="Confirmar: Receber na CRT").click()
    pagina.get_by_text("O processo está em: Em instrução na CRT.").wait_for()

    pagina.get_by_role("link", name="Registrar visita in loco").click()
    pagina.get_by_label("Data do ato").fill(_data(2))
    pagina.get_by_label("Membros presentes").fill("Dep. Fulano; Dep. Beltrana")
    pagina.get_by_label("Levantamento socioeconômico").fill("Comércio, escola e posto de saúde.")
    pagina.get_by_label("Relatório circunstanciado da visita").fill("Visita à sede proposta.")
    pagina.get_by_label("Sim").check()
    pagina.get_by_role("button", name="Confirmar: Registrar visita in loco").click()

    mensagem = pagina.get_by_role("status").filter(has_text="Registrar visita in loco")
    mensagem.wait_for()
    assert mensagem.inner_text().strip() == (
        "Registrar visita in loco: ato registrado. O processo está em: Visita in loco realizada."
    )
    diagrama = pagina.locator("[data-testid=diagrama] li")
    situacoes = {
        diagrama.nth(i).get_attribute("data-estado"): diagrama.nth(i).get_attribute("data-situacao")
        for i in range(diagrama.count())
    }
    assert situacoes["protocolada"] == "passada"
    assert situacoes["em_instrucao"] == "passada"
    assert situacoes["visita_realizada"] == "atual"
    assert situacoes["aguardando_certidoes"] == "futura"
    assert situacoes["concluido"] == "futura"
    assert list(situacoes.values()).count("atual") == 1
    atual = pagina.locator("[data-testid=diagrama] [aria-current=step]")
    assert "Visita in loco realizada" in atual.inner_text()
    assert pagina.get_by_role("link", name="Emitir parecer preliminar").is_visible()

    pagina.screenshot(path="/tmp/jornada.png", full_page=True)
