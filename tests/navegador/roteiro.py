"""Os passos repetidos das jornadas no navegador: entrar, abrir um ato, preencher pelo rótulo,
confirmar e ler a mensagem, os ofícios, os arquivos que se juntam e as capturas de tela.

Só funções (e uma classe de capturas), sem fixtures: importar fixtures do Playwright de outro
módulo quebra com "Sync API inside asyncio loop". Cada função recebe a `pagina` do teste."""

import io
import os
import re
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote, urlsplit

from django.utils import timezone
from PIL import Image
from pypdf import PdfWriter

from representacao.titulo import UF_MT, digitos_verificadores, verificar_titulo
from tests.processos.construtores import ANO_VA, SENHA

RAIZ_DO_REPOSITORIO = Path(__file__).resolve().parents[2]

# Os cinco documentos obrigatórios da criação (Art. 15, I a V), com o arquivo de cada um.
DOCUMENTOS_DA_CRIACAO = {
    "requerimento": "requerimento.pdf",
    "mapa_territorio": "mapa-territorio.pdf",
    "mapa_origem": "mapa-origem.pdf",
    "justificativa": "justificativa.pdf",
    "fotografias": "centro-urbano.jpg",
    # Art. 6º, § 1º: não é do Art. 15, mas o Projeto de Lei de criação a exige.
    "certidao_ibge": "certidao-ibge.pdf",
}

# A criação de Nova Fronteira do Norte por desmembramento de Sorriso, como as certidões a
# descrevem: os órgãos oficiados e as unidades de que cada um certifica os números.
AREA = "Área a desmembrar — Nova Fronteira do Norte"
SORRISO = "Sorriso após o desmembramento"
CARTOGRAFIA = "Órgão de Informação e Cartografia do Estado"
TRE = "Tribunal Regional Eleitoral (TRE)"
SEFAZ = "Órgão Fazendário Estadual (SEFAZ)"
CONTINUIDADE = "continuidade territorial (Art. 2º, VI)"
ELEITORES_AREA = f"{AREA}: eleitores (Art. 2º, II)"
ELEITORES_SORRISO = f"{SORRISO}: eleitores (Art. 2º, II)"
# Os números de FIGURAS_ART2 (tests/processos/construtores.py), que atendem ao Art. 2º e ao
# § 1º, como a servidora os digita (milhar com ponto, decimal com vírgula): 4.000 habitantes
# é o mínimo do Art. 2º, I ("não inferior a"), e 5.500.000,01 passa por um centavo a média
# de R$ 5.500.000,00 da tabela semeada (Art. 2º, IV, "superior a").
NUMEROS_CARTOGRAFIA = {
    f"{AREA}: população estimada (Art. 2º, I)": "4000",
    f"{AREA}: casas no centro urbano (Art. 2º, III)": "201",
    f"{AREA}: área em km²": "310,5",
    f"{SORRISO}: população estimada (Art. 2º, I)": "60.000",
    f"{SORRISO}: casas no centro urbano (Art. 2º, III)": "9000",
    f"{SORRISO}: área em km²": "3105",
}
NUMEROS_TRE = {ELEITORES_AREA: "800", ELEITORES_SORRISO: "40.000"}
NUMEROS_SEFAZ = {
    "Exercício do valor adicionado (Art. 2º, IV)": str(ANO_VA),
    f"{AREA}: valor adicionado (Art. 2º, IV)": "5.500.000,01",
    f"{SORRISO}: valor adicionado (Art. 2º, IV)": "900.000.000,00",
    f"{SORRISO}: parcela do índice do ICMS que passa ao novo município (Art. 7º, V)": "12,5",
}


# --- datas e textos ----------------------------------------------------------------------


def data(dias_atras: int = 0) -> str:
    """A data de `dias_atras` dias antes de hoje, como se digita (dd/mm/aaaa)."""
    return (timezone.localdate() - timedelta(days=dias_atras)).strftime("%d/%m/%Y")


def hoje() -> str:
    return data(0)


def texto(locator) -> str:
    """O texto visível com os espaços e quebras de linha reduzidos a um espaço."""
    return " ".join(locator.inner_text().split())


# --- sessão ------------------------------------------------------------------------------


def entrar(pagina, login: str, destino: str = "") -> None:
    """Entra pelo formulário; com `destino` (uma URL do sistema), segue direto para ela em
    vez do painel, como quem abre um link sem estar logado."""
    caminho = urlsplit(destino).path
    pagina.goto(pagina.url_base + "/entrar/" + (f"?next={quote(caminho)}" if caminho else ""))
    pagina.get_by_label("Usuário").fill(login)
    pagina.get_by_label("Senha").fill(SENHA)
    pagina.get_by_role("button", name="Entrar").click()
    pagina.wait_for_url(destino or "**/painel/")


def sair(pagina) -> None:
    pagina.get_by_role("button", name="Sair").click()
    pagina.wait_for_load_state()
    assert pagina.get_by_role("link", name="Entrar").first.is_visible()


def trocar_de_usuario(pagina, login: str, url: str) -> None:
    """Sai, entra como `login` e volta à página `url` (em geral, a do processo)."""
    sair(pagina)
    entrar(pagina, login, url)


# --- formulários dos atos ----------------------------------------------------------------


def campo(pagina, rotulo: str):
    """O campo pelo rótulo exato; o crispy acrescenta "*" aos obrigatórios."""
    return pagina.get_by_label(re.compile(rf"^\s*{re.escape(rotulo)}\*?\s*$"))


def preencher(pagina, campos: dict[str, str]) -> None:
    for rotulo, valor in campos.items():
        campo(pagina, rotulo).fill(valor)


def acoes(pagina):
    return pagina.get_by_role("region", name="Ações disponíveis")


def abrir_ato(pagina, rotulo: str) -> None:
    acoes(pagina).get_by_role("link", name=rotulo, exact=True).click()
    pagina.get_by_role("heading", name=rotulo, level=1).wait_for()


def confirmar(pagina, rotulo: str, destino: str, timeout: float = 15_000) -> None:
    """Confirma o ato e confere a mensagem com o estado em que o processo ficou. O clique
    espera a navegação do envio: o ato demorado (a cópia integral) tem o mesmo `timeout`."""
    pagina.get_by_role("button", name=f"Confirmar: {rotulo}").click(timeout=timeout)
    mensagem = pagina.get_by_role("status").filter(has_text=f"{rotulo}: ato registrado.")
    mensagem.wait_for(timeout=timeout)
    assert f"O processo está em: {destino}." in mensagem.inner_text()
    assert estado(pagina) == destino  # o cabeçalho da página do processo diz o mesmo


def montar_copia_integral(pagina, executar_tarefas) -> None:
    """Pede a cópia integral (Art. 19, § 1º) na página do processo; na página da montagem —
    que se recarrega sozinha — o executor de tarefas a monta, e o navegador espera o
    documento pronto e volta ao processo."""
    pagina.get_by_role("button", name="Emitir cópia integral autenticada (Art. 19, § 1º)").click()
    pagina.get_by_role("heading", name="Cópia integral autenticada", level=1).wait_for()
    assert executar_tarefas() == 1
    pagina.get_by_text("A cópia integral está pronta").wait_for(timeout=30_000)
    pagina.get_by_role("link", name=re.compile(r"^← Processo nº")).click()
    pagina.get_by_role("region", name="Ações disponíveis").wait_for()


def estado(pagina) -> str:
    """O estado que o cabeçalho da página do processo mostra."""
    return pagina.locator("header .badge-estado").inner_text()


# --- ofícios e certidões (Art. 2º, §§ 2º e 3º) --------------------------------------------


def oficios(pagina):
    return pagina.get_by_role("region", name="Ofícios e prazos")


def linha_do_oficio(pagina, orgao: str):
    return (
        oficios(pagina)
        .get_by_role("row")
        .filter(has=pagina.get_by_role("cell", name=orgao, exact=True))
    )


def ato_do_oficio(pagina, orgao: str, botao: str, titulo: str) -> None:
    linha_do_oficio(pagina, orgao).get_by_role("link", name=botao, exact=True).click()
    pagina.get_by_role("heading", name=titulo, level=1).wait_for()
    assert f" ao {orgao} — Art. 2º" in pagina.get_by_role("main").inner_text()


def confirmar_no_oficio(pagina, sucesso: str, url_processo: str) -> None:
    pagina.get_by_role("button", name="Confirmar", exact=True).click()
    pagina.get_by_role("status").filter(has_text=sucesso).wait_for()
    assert pagina.url == url_processo


def linha_do_inciso(regiao, inciso: str):
    """A linha da tabela cujo cabeçalho de linha é o inciso (I, II, ... VI)."""
    return regiao.get_by_role("row").filter(
        has=regiao.page.get_by_role("rowheader", name=inciso, exact=True)
    )


def registrar_ar(pagina, orgao: str, url_processo: str) -> None:
    """O aviso de recebimento do ofício, hoje: abre o prazo de 30 dias (Art. 2º, § 3º)."""
    ato_do_oficio(pagina, orgao, "Registrar AR", "Registrar recebimento (AR)")
    campo(pagina, "Recebido pelo órgão em (AR)").fill(hoje())
    confirmar_no_oficio(pagina, "Recebimento registrado;", url_processo)


def responder_oficio(
    pagina,
    orgao: str,
    numero: str,
    certidao,
    numeros: dict[str, str],
    url_processo: str,
    *,
    escolhas: dict[str, str] | None = None,
) -> None:
    """A resposta do órgão com a certidão e os números que ela certifica; `escolhas` são as
    listas de opções (a continuidade territorial: "Sim"/"Não"), pelo rótulo da opção."""
    ato_do_oficio(
        pagina,
        orgao,
        "Registrar resposta",
        "Registrar resposta com a certidão e os números certificados",
    )
    for rotulo, opcao in (escolhas or {}).items():
        campo(pagina, rotulo).select_option(label=opcao)
    campo(pagina, "Certidão (PDF, até 20 MB)").set_input_files(certidao)
    preencher(pagina, {"Número da certidão": numero} | numeros)
    confirmar_no_oficio(pagina, "Resposta, certidão e números registrados.", url_processo)


# --- arquivos que a servidora junta ------------------------------------------------------


def titulos_validos(quantos: int) -> list[str]:
    """Títulos de Mato Grosso distintos, com os dígitos verificadores da regra atual."""
    titulos = []
    for sequencial in range(1, quantos + 1):
        base = f"{sequencial:08d}{UF_MT:02d}"
        titulo = base + digitos_verificadores(base)
        assert verificar_titulo(titulo).valido
        titulos.append(titulo)
    return titulos


def csv_de_signatarios(caminho: Path, quantos: int = 100) -> Path:
    linhas = ["nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"]
    linhas += [
        f"Eleitor Número {n};{titulo};19;{n};sim;sim"
        for n, titulo in enumerate(titulos_validos(quantos), start=1)
    ]
    caminho.write_text("\r\n".join(linhas) + "\r\n", encoding="utf-8")
    return caminho


def pdf(caminho: Path) -> Path:
    """Um PDF de uma página em branco; o título nos metadados faz cada arquivo diferente."""
    escritor = PdfWriter()
    escritor.add_blank_page(width=595, height=842)
    escritor.add_metadata({"/Title": caminho.stem})
    with open(caminho, "wb") as arquivo:
        escritor.write(arquivo)
    return caminho


def jpeg(caminho: Path) -> Path:
    imagem = io.BytesIO()
    Image.new("RGB", (64, 48), (30, 120, 60)).save(imagem, format="JPEG")
    caminho.write_bytes(imagem.getvalue())
    return caminho


def importar_assinaturas(pagina, csv: Path) -> str:
    """Da página do processo: abre as assinaturas (Art. 13), importa o CSV e devolve a
    mensagem do resultado."""
    pagina.get_by_role("link", name="Assinaturas (Art. 13)").click()
    pagina.get_by_role("heading", name="Assinaturas da representação (Art. 13)").wait_for()
    importar = pagina.get_by_role("region", name="Importar a lista (CSV)")
    importar.get_by_label("Arquivo CSV da lista de signatários").set_input_files(csv)
    importar.get_by_role("button", name="Importar lista").click()
    mensagem = pagina.get_by_role("status").filter(has_text=f"Arquivo {csv.name}:")
    mensagem.wait_for()
    return texto(mensagem)


def juntar_documentos_da_criacao(pagina, pasta: Path) -> None:
    """Na página dos documentos do Art. 15, junta os cinco obrigatórios da criação e a
    certidão do IBGE que o Projeto de Lei exigirá (Art. 6º, § 1º)."""
    for item, nome in DOCUMENTOS_DA_CRIACAO.items():
        gerar = jpeg if nome.endswith(".jpg") else pdf
        caminho = gerar(pasta / nome)
        cartao = pagina.locator(f"section[data-item={item}]")
        cartao.locator(f"#arquivo-{item}").set_input_files(caminho)
        cartao.get_by_role("button", name="Juntar ao processo").click()
        pagina.get_by_role("status").filter(has_text="arquivo nº 1 juntado").wait_for()
        assert pagina.locator(f"section[data-item={item}] [data-situacao]").inner_text() == (
            "✓ Juntado"
        )


# --- capturas de tela --------------------------------------------------------------------


def pasta_de_artefatos(nome: str) -> Path:
    """Onde ficam as capturas de uma jornada: $ARTEFATOS_DIR/<nome> ou, sem a variável,
    <raiz do repositório>/artefatos/jornada/<nome>. Fora da pasta temporária do pytest, que
    outras execuções apagam; as capturas de uma execução anterior saem antes."""
    base = os.environ.get("ARTEFATOS_DIR") or RAIZ_DO_REPOSITORIO / "artefatos" / "jornada"
    pasta = Path(base) / nome
    pasta.mkdir(parents=True, exist_ok=True)
    for antiga in pasta.glob("*.png"):
        antiga.unlink()
    return pasta


class Capturas:
    """Capturas numeradas na ordem da jornada: 01-descricao.png, 02-...; `alvo` é a página
    (capturada inteira) ou um pedaço dela (um locator)."""

    def __init__(self, pasta: Path):
        self.pasta, self.feitas = pasta, []

    def __call__(self, alvo, descricao: str) -> Path:
        caminho = self.pasta / f"{len(self.feitas) + 1:02d}-{descricao}.png"
        if hasattr(alvo, "goto"):
            alvo.screenshot(path=caminho, full_page=True)
        else:
            alvo.screenshot(path=caminho)
        self.feitas.append(caminho)
        return caminho


# --- documentos emitidos e a validação pública -------------------------------


def documentos_emitidos(pagina):
    return pagina.get_by_role("region", name="Documentos emitidos")


def baixar_documento(pagina, titulo: str, pasta: Path) -> tuple[str, Path]:
    """Abre, na página do processo, o documento emitido com este título; confere que é um PDF
    com o código de verificação no rodapé e o guarda em `pasta`. Devolve (código, arquivo)."""
    from pypdf import PdfReader

    linha = (
        documentos_emitidos(pagina)
        .get_by_role("row")
        .filter(has=pagina.get_by_role("link", name=titulo, exact=True))
    )
    assert linha.count() == 1, titulo
    codigo = linha.locator("code").inner_text().strip()
    endereco = linha.get_by_role("link", name=titulo, exact=True).get_attribute("href")
    resposta = pagina.request.get(pagina.url_base + endereco)
    assert resposta.ok and resposta.headers["content-type"] == "application/pdf", titulo
    caminho = pasta / f"{codigo}.pdf"
    caminho.write_bytes(resposta.body())
    leitor = PdfReader(caminho)
    rodape = " ".join(leitor.pages[-1].extract_text().split())
    assert codigo in rodape, (titulo, rodape[-300:])
    return codigo, caminho


def validar_documento(pagina, codigo: str, arquivo: Path, titulo: str, protocolo: str) -> None:
    """Na página pública /validar/, o código e o próprio arquivo: o sistema diz que o
    documento é autêntico e que o arquivo é o registrado na emissão."""
    pagina.goto(pagina.url_base + "/validar/")
    pagina.get_by_label("Código de verificação").fill(codigo)
    pagina.get_by_label("Arquivo PDF (opcional)").set_input_files(arquivo)
    pagina.get_by_role("button", name="Validar").click()
    resultado = pagina.get_by_role("status").filter(has_text="Documento autêntico")
    resultado.wait_for()
    assert texto(resultado) == (
        "Documento autêntico. O arquivo enviado é idêntico ao registrado na emissão."
    )
    assert pagina.get_by_role("heading", name=titulo, level=2).is_visible()
    assert f"Processo nº {protocolo} — " in texto(pagina.get_by_role("main"))


def esperar_ate(pagina, condicao, *, segundos: float = 30) -> bool:
    """Espera uma condição do lado do Python (o que a página avisou por função exposta),
    dando a vez ao laço do Playwright; nunca um sleep fixo."""
    for _ in range(int(segundos * 20)):
        if condicao():
            return True
        pagina.wait_for_timeout(50)
    return condicao()
