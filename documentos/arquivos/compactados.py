"""Os mapas compactados em ZIP: o KMZ (um KML dentro) e o shapefile (o .shp com o .prj ao
lado), abertos dentro do orçamento de leitura: o ZIP com arquivos demais, o membro que se
abre além do limite ou que se comprime como uma "bomba" é recusado antes de ser lido por
inteiro. Aqui só se confere o pacote e, no KMZ, o KML de dentro; a geometria do shapefile é
lida pela fase que a usa (o território)."""

import io
import zipfile

from documentos.arquivos import mapas, orcamento
from documentos.arquivos.tipos import KMZ, SHAPEFILE, ArquivoRecusado, Conteudo

ZIP = b"PK\x03\x04"
SEM_MAPA = "um arquivo compactado (ZIP, DOCX ou semelhante) sem mapa dentro"


def abrir(conteudo: bytes) -> zipfile.ZipFile:
    try:
        pacote = zipfile.ZipFile(io.BytesIO(conteudo))
    except (zipfile.BadZipFile, ValueError) as exc:
        raise ArquivoRecusado("O arquivo compactado (ZIP) está corrompido.") from exc
    if len(pacote.infolist()) > orcamento.LIMITE_ARQUIVOS_ZIP:
        raise ArquivoRecusado(
            f"O ZIP tem mais de {orcamento.LIMITE_ARQUIVOS_ZIP} arquivos; envie só o mapa do "
            "território (o KMZ, ou o .shp com o .prj, o .shx e o .dbf)."
        )
    return pacote


def membros(pacote: zipfile.ZipFile, extensao: str) -> list[zipfile.ZipInfo]:
    return [
        i
        for i in pacote.infolist()
        if i.filename.lower().endswith(extensao) and not i.filename.startswith("__MACOSX/")
    ]


def extrair(pacote: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    limite = orcamento.LIMITE_MAPA_DESCOMPRIMIDO
    excesso = ArquivoRecusado(
        f"O arquivo {info.filename} se abre em mais de {orcamento.em_mb(limite)}, o limite "
        "da conferência; simplifique a geometria ou divida o mapa em partes."
    )
    if info.file_size > limite:
        raise excesso
    if info.file_size > orcamento.PISO_DA_RAZAO and info.file_size > orcamento.RAZAO_MAXIMA * max(
        info.compress_size, 1
    ):
        raise ArquivoRecusado(
            f"O arquivo {info.filename} está comprimido mais de {orcamento.RAZAO_MAXIMA} "
            "vezes, o que um mapa real não tem; exporte o mapa de novo."
        )
    try:
        with pacote.open(info) as membro:
            # O tamanho declarado no ZIP pode mentir: lê no máximo um byte além do limite.
            dados = membro.read(limite + 1)
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError) as exc:
        raise ArquivoRecusado(
            f"O arquivo {info.filename} do ZIP não pôde ser aberto (corrompido ou cifrado)."
        ) from exc
    if len(dados) > limite:
        raise excesso
    return dados


def tipo(pacote: zipfile.ZipFile) -> str | None:
    """SHAPEFILE se há um .shp, KMZ se há um .kml; None se nenhum."""
    if membros(pacote, ".shp"):
        return SHAPEFILE
    if membros(pacote, ".kml"):
        return KMZ
    return None


def kml_principal(pacote: zipfile.ZipFile) -> bytes:
    """O KML do KMZ (o doc.kml da raiz, como o Google Earth grava, ou o primeiro), conferido
    como todo KML (documentos.arquivos.mapas)."""
    kmls = membros(pacote, ".kml")
    principal = next((i for i in kmls if i.filename.lower() == "doc.kml"), kmls[0])
    texto = extrair(pacote, principal)
    mapas.ler_kml(io.BytesIO(texto))
    return texto


def identificar(arquivo) -> tuple[str | None, str]:
    """O tipo do ZIP enviado e como descrevê-lo (o pacote é aberto, não só os primeiros
    bytes: o KMZ, o shapefile e o DOCX começam igual)."""
    arquivo.seek(0)
    try:
        pacote = abrir(arquivo.read())
    except ArquivoRecusado:
        return None, "um arquivo compactado (ZIP) corrompido"
    finally:
        arquivo.seek(0)
    encontrado = tipo(pacote)
    descricao = {KMZ: "um KMZ", SHAPEFILE: "um shapefile compactado"}
    return encontrado, descricao.get(encontrado, SEM_MAPA)


def ler_kmz(arquivo) -> Conteudo:
    arquivo.seek(0)
    kml_principal(abrir(arquivo.read()))
    return Conteudo(KMZ, None)


def ler_shapefile(arquivo) -> Conteudo:
    arquivo.seek(0)
    pacote = abrir(arquivo.read())
    for info in membros(pacote, ".shp") + membros(pacote, ".prj"):
        extrair(pacote, info)
    return Conteudo(SHAPEFILE, None)
