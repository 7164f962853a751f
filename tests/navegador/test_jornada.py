"""Jornada real no Chromium: entrar → protocolar → completar a representação (assinaturas do
Art. 13 e documentos do Art. 15) → receber na CRT → registrar a visita."""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.utils import timezone

from processos.papeis import GRUPOS, PRESIDENTE, SERVIDOR
from tests.navegador import roteiro as r
from tests.processos.construtores import usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def _protocolar_criacao(pagina) -> None:
    pagina.get_by_role("link", name="Novo processo").first.click()
    pagina.get_by_label("Tipo").select_option("criacao")
    pagina.get_by_label("Nome proposto").fill("Nova Fronteira do Norte")
    pagina.get_by_label("Sede proposta").fill("Nova Fronteira do Norte")
    # A lista de caixas de marcar, com o filtro do static/js/lista-filtravel.js.
    pagina.get_by_role("searchbox", name="Filtrar municípios pelo nome").fill("sorri")
    assert pagina.get_by_role("checkbox", name="Alta Floresta").is_hidden()
    pagina.get_by_role("checkbox", name="Sorriso", exact=True).check()
    pagina.get_by_label("Diretamente pela comunidade").check()
    pagina.get_by_label("Representantes da comunidade").fill("Comissão pró-emancipação")
    pagina.get_by_label("Lida no expediente em").fill(r.data(10))
    pagina.get_by_role("button", name="Protocolar").click()


def _importar_assinaturas(pagina, csv) -> None:
    assert r.importar_assinaturas(pagina, csv) == (
        f"Arquivo {csv.name}: 100 assinaturas importadas; aptas: 100 de 100 exigidas (Art. 13)."
    )
    contagem = pagina.locator("table.contagem-assinaturas")
    assert contagem.locator("[data-contagem=total]").inner_text() == "100"
    assert contagem.locator("[data-contagem=validos]").inner_text() == "100"
    assert contagem.locator("[data-contagem=invalidos]").inner_text() == "0"
    assert contagem.locator("[data-contagem=aptos]").inner_text() == "100"
    assert pagina.get_by_text("Assinaturas aptas: 100 de 100 exigidas (Art. 13)").is_visible()


def _juntar_documentos(pagina, pasta, capturas) -> None:
    pagina.get_by_role("link", name="Documentos do Art. 15").click()
    pagina.get_by_role("heading", name="Documentos da representação (Art. 15)").wait_for()
    assert "Faltam 5 documentos obrigatórios" in pagina.locator("[data-faltantes]").inner_text()
    r.juntar_documentos_da_criacao(pagina, pasta)
    assert pagina.locator("[data-faltantes]").inner_text().strip() == (
        "Todos os documentos obrigatórios do Art. 15 foram juntados."
    )
    # Os cinco do Art. 15 e a certidão do IBGE que o PL exigirá (Art. 6º, § 1º).
    assert pagina.locator("section[data-item] tr[data-versao]").count() == 6
    capturas(pagina, "documentos-art15")


def test_servidora_completa_a_representacao_recebe_e_registra_a_visita(pagina, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("carregar_municipios", verbosity=0)
    # Depois de outro teste transacional, o serialized_rollback não repõe os grupos quando o
    # Playwright já está aberto (observado no SQLite); recriá-los torna o teste independente.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, nome="Ana Servidora")
    ano = timezone.localdate().year
    capturas = r.Capturas(r.pasta_de_artefatos("representacao-ate-a-visita"))

    r.entrar(pagina, "ana")
    _protocolar_criacao(pagina)
    pagina.get_by_text(f"Processo protocolado sob o nº 0001/{ano}.").wait_for()
    assert pagina.url.endswith(f"/processos/0001-{ano}/")
    url_do_processo = pagina.url

    # Sem documentos nem assinaturas, a representação não pode ser recebida (Art. 15 e 16).
    validade = pagina.get_by_role("region", name="Validade da representação")
    faltas = validade.locator(".alert li")
    assert faltas.count() == 6
    texto_das_faltas = validade.inner_text()
    assert "Falta: Justificativa socioeconômica (Art. 15, IV)." in texto_das_faltas
    assert "Representação inválida (Art. 13)" in texto_das_faltas
    acoes = pagina.get_by_role("region", name="Ações disponíveis")
    assert acoes.get_by_role("link", name="Receber na CRT").count() == 0
    assert acoes.get_by_role("button", name="Receber na CRT").is_disabled()
    assert "Receber na CRT — indisponível:" in acoes.inner_text()

    _importar_assinaturas(pagina, r.csv_de_signatarios(tmp_path / "signatarios.csv"))
    pagina.get_by_role("link", name=f"← Processo nº 0001/{ano}").click()
    pagina.wait_for_url(url_do_processo)
    _juntar_documentos(pagina, tmp_path, capturas)
    pagina.get_by_role("link", name=f"← Processo nº 0001/{ano}").click()
    pagina.wait_for_url(url_do_processo)

    documentos = pagina.get_by_role("region", name="Documentos (Art. 15)")
    assert "5 de 5 documentos obrigatórios juntados." in documentos.inner_text()
    assert "falta" not in documentos.inner_text()
    validade = pagina.get_by_role("region", name="Validade da representação")
    assert validade.locator(".alert").count() == 0
    assert "não atende" not in validade.inner_text()

    pagina.get_by_role("region", name="Ações disponíveis").get_by_role(
        "link", name="Receber na CRT"
    ).click()
    pagina.get_by_label("Data do ato").fill(r.data(6))
    pagina.get_by_label("Cópias distribuídas aos Deputados em").fill(r.data(8))
    pagina.get_by_label("Publicada no órgão oficial em").fill(r.data(7))
    pagina.get_by_role("button", name="Confirmar: Receber na CRT").click()
    pagina.get_by_text("O processo está em: Em instrução na CRT.").wait_for()

    pagina.get_by_role("link", name="Registrar visita in loco").click()
    pagina.get_by_label("Data do ato").fill(r.data(2))
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
    capturas(pagina, "processo-visita-realizada")
