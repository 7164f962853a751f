"""PDF/A-2B: a variante de todo documento oficial que o sistema emite, e a conferência offline
das regras que se conferem sem o veraPDF.

O PDF/A (ISO 19005-2) é o PDF de arquivamento: tudo de que o arquivo precisa para ser
mostrado daqui a décadas está dentro dele — fontes embutidas, perfil de cor (OutputIntent com
ICC), metadados XMP que o declaram PDF/A —, e nada depende de fora (rede, JavaScript,
arquivos embutidos, cifragem). O WeasyPrint produz a variante (`pdf_variant`); esta
conferência prova, arquivo a arquivo, o que se pode provar sem um validador completo:

- cabeçalho `%PDF-1.n` seguido do comentário binário (6.1.2); nada depois do último `%%EOF`
  (6.1.3);
- trailer com `/ID` e sem `/Encrypt` (6.1.3);
- XMP com `pdfaid:part=2` e `pdfaid:conformance=B` (6.6.4), e o Info igual ao XMP (6.6.2.3);
- OutputIntent GTS_PDFA1 com perfil ICC de monitor ou impressora, um só perfil (6.2.3), e
  nenhuma cor de dispositivo que o perfil não cubra (6.2.4.3);
- toda fonte embutida, inclusive as das aparências das anotações (6.2.11.4);
- anotações imprimíveis e visíveis, com aparência (6.3); nada de JavaScript, ações proibidas ou
  ações automáticas (6.5, 6.6.1); nada de arquivos embutidos (6.8); formulário sem XFA nem
  NeedAppearances (6.4); estados gráficos sem funções de transferência e com modos de mescla
  da ISO 32000-1 (6.2.5, 6.2.10); fluxos sem LZW nem dados externos (6.1.7, 6.1.8).

O que ela não confere (operadores dos fluxos de conteúdo, tabelas internas das fontes,
estrutura léxica fina) fica para um validador completo; daí "conferência parcial".
"""

from io import BytesIO
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PyPdfError
from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

from documentos.pdfa.metadados import XMPIlegivel, divergencias_info_xmp, propriedades_xmp
from documentos.pdfa.objetos import Percurso, ler, verdadeiro

VARIANTE = "pdf/a-2b"
PARTE, NIVEL = "2", "B"
# Classes de perfil aceitas numa OutputIntent (6.2.3): impressora ou monitor.
CLASSES_DE_PERFIL = {b"prtr", b"mntr"}
CORES_DO_PERFIL = {b"RGB ": "RGB", b"CMYK": "CMYK", b"GRAY": "GRAY"}


def falhas_pdfa(origem: bytes | Path | str) -> list[str]:
    """As regras do PDF/A-2B que o arquivo descumpre, em português; lista vazia se nenhuma."""
    caminho = None if isinstance(origem, bytes) else Path(origem)
    falhas = _cabecalho_e_fim(origem if caminho is None else None, caminho)
    try:
        leitor = PdfReader(caminho if caminho is not None else BytesIO(origem))
        trailer = leitor.trailer
        if "/Encrypt" in trailer:
            return [*falhas, "O arquivo está cifrado (/Encrypt no trailer): o PDF/A proíbe."]
        raiz = trailer["/Root"].get_object()
        # A declaração primeiro: é a falha que um relatório de uma linha deve mostrar.
        xmp, falhas_xmp = _xmp(raiz)
        falhas += falhas_xmp
        falhas += _identificador(trailer)
        info = ler(trailer, "/Info")
        info = info.get_object() if info is not None else {}
        if xmp is not None and isinstance(info, DictionaryObject):
            falhas += divergencias_info_xmp(info, xmp)
        cor, falhas_intencao = _intencao_de_saida(raiz)
        falhas += falhas_intencao
        falhas += _catalogo(raiz)
        falhas += Percurso(cor).percorrer(trailer.raw_get("/Root"))
    except (PyPdfError, KeyError, ValueError, TypeError, AttributeError) as erro:
        falhas.append(f"O arquivo não pôde ser lido como PDF ({str(erro)[:80]}).")
    return falhas


def conforme(origem: bytes | Path | str) -> bool:
    return not falhas_pdfa(origem)


def _cabecalho_e_fim(dados: bytes | None, caminho: Path | None) -> list[str]:
    if caminho is not None:
        with caminho.open("rb") as arquivo:
            inicio = arquivo.read(32)
            arquivo.seek(0, 2)
            arquivo.seek(max(0, arquivo.tell() - 64))
            fim = arquivo.read()
    else:
        inicio, fim = dados[:32], dados[-64:]
    falhas = []
    linhas = inicio.split(b"\n", 2) if b"\n" in inicio[:12] else inicio.split(b"\r", 2)
    if not (linhas[0].startswith(b"%PDF-1.") and linhas[0][7:8].isdigit()):
        falhas.append("O arquivo não começa com o cabeçalho %PDF-1.n.")
    binario = linhas[1].lstrip(b"\r") if len(linhas) > 1 else b""
    if not (binario.startswith(b"%") and len(binario) >= 5 and all(b > 127 for b in binario[1:5])):
        falhas.append("Falta, após o cabeçalho, o comentário com quatro bytes binários (> 127).")
    posicao = fim.rfind(b"%%EOF")
    if posicao < 0 or fim[posicao + 5 :].strip(b"\r\n"):
        falhas.append("Há dados depois do último marcador %%EOF (ou ele falta).")
    return falhas


def _identificador(trailer) -> list[str]:
    identificador = ler(trailer, "/ID")
    if not isinstance(identificador, ArrayObject) or len(identificador) != 2:
        return ["Falta o identificador do arquivo (/ID) no trailer."]
    return []


def _xmp(raiz: DictionaryObject):
    metadados = ler(raiz, "/Metadata")
    metadados = metadados.get_object() if metadados is not None else None
    if not isinstance(metadados, StreamObject):
        return None, ["Falta o fluxo de metadados XMP no catálogo (/Metadata)."]
    if ler(metadados, "/Type") != "/Metadata" or ler(metadados, "/Subtype") != "/XML":
        return None, ["O fluxo de metadados do catálogo não é /Type /Metadata /Subtype /XML."]
    try:
        xmp = propriedades_xmp(metadados.get_data())
    except XMPIlegivel as erro:
        return None, [f"O XMP do catálogo não é XML legível ({erro})."]
    falhas = []
    parte, nivel = xmp.get("pdfaid:part"), xmp.get("pdfaid:conformance")
    if parte is None:
        falhas.append("O XMP não declara o PDF/A (falta pdfaid:part).")
    elif parte != PARTE:
        falhas.append(f"O XMP declara PDF/A parte {parte}, não a parte {PARTE}.")
    if parte is not None and nivel != NIVEL:
        falhas.append(f"O XMP declara o nível {nivel or '(nenhum)'}, não o nível {NIVEL}.")
    return xmp, falhas


def _intencao_de_saida(raiz: DictionaryObject) -> tuple[str | None, list[str]]:
    intencoes = ler(raiz, "/OutputIntents")
    intencoes = intencoes.get_object() if intencoes is not None else []
    pdfa = [i.get_object() for i in intencoes if ler(i.get_object(), "/S") == "/GTS_PDFA1"]
    if not pdfa:
        return None, ["Falta a OutputIntent do PDF/A (GTS_PDFA1) com o perfil ICC."]
    perfis = {i.raw_get("/DestOutputProfile") for i in pdfa if "/DestOutputProfile" in i}
    if not perfis:
        return None, ["A OutputIntent do PDF/A não traz o perfil ICC (/DestOutputProfile)."]
    if len({(p.idnum, p.generation) if hasattr(p, "idnum") else id(p) for p in perfis}) > 1:
        return None, ["Há mais de um perfil ICC nas OutputIntents; o PDF/A exige um só."]
    perfil = next(iter(perfis)).get_object()
    dados = perfil.get_data() if isinstance(perfil, StreamObject) else b""
    if len(dados) < 128 or dados[36:40] != b"acsp":
        return None, ["O perfil da OutputIntent não é um perfil ICC válido."]
    falhas = []
    if dados[12:16] not in CLASSES_DE_PERFIL:
        falhas.append("O perfil ICC da OutputIntent não é de monitor nem de impressora.")
    cor = CORES_DO_PERFIL.get(dados[16:20])
    componentes = {"RGB": 3, "CMYK": 4, "GRAY": 1}.get(cor)
    if componentes and int(ler(perfil, "/N", 0)) != componentes:
        falhas.append("O /N do perfil ICC da OutputIntent não casa com o espaço de cor dele.")
    return cor, falhas


def _catalogo(raiz: DictionaryObject) -> list[str]:
    falhas = []
    nomes = ler(raiz, "/Names")
    nomes = nomes.get_object() if nomes is not None else {}
    if "/JavaScript" in nomes:
        falhas.append("O documento contém JavaScript (/Names /JavaScript no catálogo).")
    if "/EmbeddedFiles" in nomes:
        falhas.append("O documento contém arquivos embutidos (/EmbeddedFiles no catálogo).")
    if verdadeiro(ler(raiz, "/NeedsRendering")):
        falhas.append("O catálogo pede renderização dinâmica (/NeedsRendering).")
    formulario = ler(raiz, "/AcroForm")
    formulario = formulario.get_object() if formulario is not None else {}
    if "/XFA" in formulario:
        falhas.append("O formulário é XFA, proibido no PDF/A.")
    if verdadeiro(ler(formulario, "/NeedAppearances")):
        falhas.append("O formulário pede que o leitor gere as aparências (/NeedAppearances).")
    return falhas
