"""Jornada real no Chromium: entrar → protocolar → completar a representação (assinaturas do
Art. 13 e documentos do Art. 15) → receber na CRT → registrar a visita."""

import io
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.utils import timezone
from PIL import Image
from pypdf import PdfWriter

from processos.papeis import GRUPOS, PRESIDENTE, SERVIDOR
from representacao.titulo import UF_MT, digitos_verificadores, verificar_titulo
from tests.processos.construtores import SENHA, usuario_com_papeis

pytestmark = [
    pytest.mark.navegador,
    # Os grupos dos papéis vêm de uma migração de dados: sem o serialized_rollback, o flush
    # deste teste transacional os apagaria para os testes seguintes.
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]

# Os cinco documentos obrigatórios da criação (Art. 15, I a V), com o arquivo de cada um.
DOCUMENTOS_DA_CRIACAO = {
    "requerimento": "requerimento.pdf",
    "mapa_territorio": "mapa-territorio.pdf",
    "mapa_origem": "mapa-origem.pdf",
    "justificativa": "justificativa.pdf",
    "fotografias": "centro-urbano.jpg",
}


def _data(dias_atras: int) -> str:
    return (timezone.localdate() - timedelta(days=dias_atras)).strftime("%d/%m/%Y")


def _titulos_validos(quantos: int) -> list[str]:
    """Títulos de Mato Grosso distintos, com os dígitos verificadores da regra atual."""
    titulos = []
    for sequencial in range(1, quantos + 1):
        base = f"{sequencial:08d}{UF_MT:02d}"
        titulo = base + digitos_verificadores(base)
        assert verificar_titulo(titulo).valido
        titulos.append(titulo)
    return titulos


def _csv_de_signatarios(caminho, quantos: int = 100):
    linhas = ["nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"]
    linhas += [
        f"Eleitor Número {n};{titulo};19;{n};sim;sim"
        for n, titulo in enumerate(_titulos_validos(quantos), start=1)
    ]
    caminho.write_text("\r\n".join(linhas) + "\r\n", encoding="utf-8")
    return caminho


def _pdf(caminho):
    """Um PDF de uma página em branco; o título nos metadados faz cada arquivo diferente."""
    escritor = PdfWriter()
    escritor.add_blank_page(width=595, height=842)
    escritor.add_metadata({"/Title": caminho.stem})
    with open(caminho, "wb") as arquivo:
        escritor.write(arquivo)
    return caminho


def _jpeg(caminho):
    imagem = io.BytesIO()
    Image.new("RGB", (64, 48), (30, 120, 60)).save(imagem, format="JPEG")
    caminho.write_bytes(imagem.getvalue())
    return caminho


def _entrar(pagina, login: str) -> None:
    pagina.goto(pagina.url_base + "/entrar/")
    pagina.get_by_label("Usuário").fill(login)
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url("**/painel/")


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
    pagina.get_by_label("Lida no expediente em").fill(_data(10))
    pagina.get_by_role("button", name="Protocolar").click()


def _importar_assinaturas(pagina, csv) -> None:
    pagina.get_by_role("link", name="Assinaturas (Art. 13)").click()
    pagina.get_by_role("heading", name="Assinaturas da representação (Art. 13)").wait_for()
    importar = pagina.get_by_role("region", name="Importar a lista (CSV)")
    importar.get_by_label("Arquivo CSV da lista de signatários").set_input_files(csv)
    importar.get_by_role("button", name="Importar lista").click()
    mensagem = pagina.get_by_role("status").filter(has_text=f"Arquivo {csv.name}:")
    mensagem.wait_for()
    assert mensagem.inner_text().strip() == (
        f"Arquivo {csv.name}: 100 assinaturas importadas; aptas: 100 de 100 exigidas (Art. 13)."
    )
    contagem = pagina.locator("table.contagem-assinaturas")
    assert contagem.locator("[data-contagem=total]").inner_text() == "100"
    assert contagem.locator("[data-contagem=validos]").inner_text() == "100"
    assert contagem.locator("[data-contagem=invalidos]").inner_text() == "0"
    assert contagem.locator("[data-contagem=aptos]").inner_text() == "100"
    assert pagina.get_by_text("Assinaturas aptas: 100 de 100 exigidas (Art. 13)").is_visible()


def _juntar_documentos(pagina, pasta) -> None:
    pagina.get_by_role("link", name="Documentos do Art. 15").click()
    pagina.get_by_role("heading", name="Documentos da representação (Art. 15)").wait_for()
    assert "Faltam 5 documentos obrigatórios" in pagina.locator("[data-faltantes]").inner_text()
    for item, nome in DOCUMENTOS_DA_CRIACAO.items():
        gerar = _jpeg if nome.endswith(".jpg") else _pdf
        caminho = gerar(pasta / nome)
        cartao = pagina.locator(f"section[data-item={item}]")
        cartao.locator(f"#arquivo-{item}").set_input_files(caminho)
        cartao.get_by_role("button", name="Juntar ao processo").click()
        pagina.get_by_role("status").filter(has_text="versão 1 juntada").wait_for()
        assert pagina.locator(f"section[data-item={item}] [data-situacao]").inner_text() == (
            "✓ Juntado"
        )
    assert pagina.locator("[data-faltantes]").inner_text().strip() == (
        "Todos os documentos obrigatórios do Art. 15 foram juntados."
    )
    assert pagina.locator("section[data-item] tr[data-versao]").count() == 5
    pagina.screenshot(path="/tmp/documentos_art15.png", full_page=True)


def test_servidora_completa_a_representacao_recebe_e_registra_a_visita(pagina, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("carregar_municipios", verbosity=0)
    # Depois de outro teste transacional, o serialized_rollback não repõe os grupos quando o
    # Playwright já está aberto (observado no SQLite); recriá-los torna o teste independente.
    for nome in GRUPOS.values():
        Group.objects.get_or_create(name=nome)
    usuario_com_papeis("ana", SERVIDOR, PRESIDENTE, nome="Ana Servidora")
    ano = timezone.localdate().year

    _entrar(pagina, "ana")
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

    _importar_assinaturas(pagina, _csv_de_signatarios(tmp_path / "signatarios.csv"))
    pagina.get_by_role("link", name=f"← Processo nº 0001/{ano}").click()
    pagina.wait_for_url(url_do_processo)
    _juntar_documentos(pagina, tmp_path)
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
    pagina.get_by_label("Data do ato").fill(_data(6))
    pagina.get_by_label("Cópias distribuídas aos Deputados em").fill(_data(8))
    pagina.get_by_label("Publicada no órgão oficial em").fill(_data(7))
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
