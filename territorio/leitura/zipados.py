"""Os mapas compactados: o KMZ (um KML dentro de um ZIP) e o shapefile em ZIP (.shp com o
.prj ao lado), lidos dentro do orçamento de leitura (documentos.arquivos.orcamento): o ZIP
que se abre em muito mais do que declara, ou que se comprime como uma "bomba", é recusado
antes de ser lido por inteiro."""

import struct
import zipfile

import shapely
from shapely.geometry import Polygon

from documentos.arquivos import compactados, orcamento
from documentos.arquivos.tipos import KMZ, SHAPEFILE, ArquivoRecusado
from requisitos.formatacao import inteiro
from territorio.leitura.desenho import GeometriaRecusada, conferir_desenho
from territorio.leitura.projecao import nome_do_sistema, para_lonlat, sistema_declarado
from territorio.leitura.texto import ler_kml

ZIP = compactados.ZIP
# Tipos de forma do shapefile (ESRI, "Shapefile Technical Description", 1998).
POLIGONOS = {5: "Polygon", 15: "PolygonZ", 25: "PolygonM"}
NAO_POLIGONOS = {1, 3, 8, 11, 13, 18, 21, 23, 28, 31}


def _recusa_em_pt(funcao, *args):
    """A recusa do núcleo de arquivos (ArquivoRecusado) dita como a do desenho."""
    try:
        return funcao(*args)
    except ArquivoRecusado as exc:
        raise GeometriaRecusada(str(exc)) from exc


def abrir_zip(conteudo: bytes) -> zipfile.ZipFile:
    return _recusa_em_pt(compactados.abrir, conteudo)


def _extrair(pacote: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    return _recusa_em_pt(compactados.extrair, pacote, info)


_membros = compactados.membros


def ler_zip(conteudo: bytes, *, reparar: bool = False):
    """O KMZ ou o shapefile em ZIP, pelo que há dentro (nunca pelo nome do arquivo)."""
    pacote = abrir_zip(conteudo)
    tipo = compactados.tipo(pacote)
    if tipo == SHAPEFILE:
        return ler_shapefile(pacote, reparar=reparar)
    if tipo == KMZ:
        return ler_kmz(pacote, reparar=reparar)
    raise GeometriaRecusada(
        "O ZIP não traz um mapa: envie um KMZ (com o .kml dentro) ou um shapefile compactado "
        "(o .shp com o .prj)."
    )


def ler_kmz(pacote: zipfile.ZipFile, *, reparar: bool = False):
    return ler_kml(_recusa_em_pt(compactados.kml_principal, pacote), reparar=reparar)


def ler_shapefile(pacote: zipfile.ZipFile, *, reparar: bool = False):
    """Os polígonos do .shp, no sistema do .prj (convertidos para lon/lat SIRGAS 2000)."""
    camadas = _membros(pacote, ".shp")
    if len(camadas) > 1:
        nomes = ", ".join(i.filename for i in camadas)
        raise GeometriaRecusada(
            f"O ZIP traz {len(camadas)} camadas ({nomes}); envie só a do território."
        )
    shp = camadas[0]
    raiz = shp.filename[:-4].lower()
    prj = next((i for i in _membros(pacote, ".prj") if i.filename[:-4].lower() == raiz), None)
    geometrias = _poligonos_do_shp(_extrair(pacote, shp))
    if prj is not None:
        texto = _extrair(pacote, prj).decode("utf-8-sig", errors="replace")
        codigo = sistema_declarado(texto, quem="O .prj do shapefile")
    else:
        codigo = _sem_prj(geometrias)
    geometrias = [para_lonlat(g, codigo) for g in geometrias]
    return conferir_desenho(geometrias, reparar_autointersecao=reparar)


def sistema_do_shapefile(conteudo: bytes) -> str:
    """O nome do sistema em que o shapefile veio (para a tela dizer o que foi convertido)."""
    pacote = abrir_zip(conteudo)
    prj = _membros(pacote, ".prj")
    if not prj:
        return nome_do_sistema(4674)
    texto = _extrair(pacote, prj[0]).decode("utf-8-sig", errors="replace")
    return nome_do_sistema(sistema_declarado(texto, quem="O .prj do shapefile"))


def _sem_prj(geometrias: list) -> int:
    """Sem o .prj, só as coordenadas em graus se leem sem adivinhar: SIRGAS 2000."""
    xmin, ymin, xmax, ymax = shapely.union_all(geometrias).bounds if geometrias else (0,) * 4
    if max(abs(xmin), abs(xmax)) <= 180 and max(abs(ymin), abs(ymax)) <= 90:
        return 4674
    raise GeometriaRecusada(
        "O shapefile não traz o arquivo .prj e as coordenadas estão em metros (UTM?): envie o "
        ".prj junto, no mesmo ZIP, para que o sistema de coordenadas seja conhecido."
    )


def _poligonos_do_shp(dados: bytes) -> list[Polygon]:
    """Os polígonos de todos os registros juntos (o desenho proposto)."""
    return [p for registro in registros_do_shp(dados) for p in registro]


def registros_do_shp(dados: bytes, *, limite_pontos: int | None = None) -> list[list[Polygon]]:
    """Lê o .shp à mão (o formato é público e curto): cada registro poligonal com as suas
    partes; os anéis externos vêm em sentido horário e os furos em anti-horário. Um item
    por registro, na ordem do arquivo (a do .dbf); o registro nulo é uma lista vazia.
    `limite_pontos`: o da malha inteira; sem ele, o do desenho enviado (orçamento)."""
    limite_pontos = limite_pontos or orcamento.LIMITE_PONTOS_SHAPEFILE
    malformado = GeometriaRecusada("O .shp do shapefile está malformado ou truncado.")
    if len(dados) < 100 or struct.unpack(">i", dados[:4])[0] != 9994:
        raise malformado
    tipo = struct.unpack("<i", dados[32:36])[0]
    if tipo in NAO_POLIGONOS:
        raise GeometriaRecusada(
            "O mapa precisa trazer o território como polígono; este shapefile traz pontos ou "
            "linhas."
        )
    if tipo not in POLIGONOS:
        raise malformado
    pontos, posicao, registros = 0, 100, []
    while posicao + 12 <= len(dados):
        _, palavras = struct.unpack(">ii", dados[posicao : posicao + 8])
        conteudo = dados[posicao + 8 : posicao + 8 + 2 * palavras]
        posicao += 8 + 2 * palavras
        if len(conteudo) < 4 or len(conteudo) < 2 * palavras:
            raise malformado
        forma = struct.unpack("<i", conteudo[:4])[0]
        if forma == 0:  # registro nulo
            registros.append([])
            continue
        if forma not in POLIGONOS or len(conteudo) < 44:
            raise malformado
        partes, total = struct.unpack("<ii", conteudo[36:44])
        pontos += max(total, 0)
        if pontos > limite_pontos:
            raise GeometriaRecusada(
                f"O shapefile tem mais de {inteiro(limite_pontos)} pontos, "
                "o limite da conferência; simplifique a geometria."
            )
        inicio_pontos = 44 + 4 * partes
        if partes < 1 or total < 1 or len(conteudo) < inicio_pontos + 16 * total:
            raise malformado
        indices = list(struct.unpack(f"<{partes}i", conteudo[44:inicio_pontos])) + [total]
        if any(not 0 <= a < b <= total for a, b in zip(indices, indices[1:], strict=False)):
            raise malformado
        fim = inicio_pontos + 16 * total
        numeros = struct.unpack(f"<{2 * total}d", conteudo[inicio_pontos:fim])
        coordenadas = list(zip(numeros[0::2], numeros[1::2], strict=True))
        aneis = [coordenadas[a:b] for a, b in zip(indices, indices[1:], strict=False)]
        registros.append(_montar(aneis))
    return registros


def _montar(aneis: list) -> list[Polygon]:
    """Anéis horários são externos e anti-horários furos (cada furo no menor externo que o
    contém); arquivo que não segue a orientação tem todos os anéis como externos."""
    try:
        lineares = [shapely.LinearRing(a) for a in aneis if len(a) >= 3]
    except (ValueError, shapely.errors.GEOSException) as exc:
        raise GeometriaRecusada("O .shp tem um anel com menos de três pontos.") from exc
    externos = [a for a in lineares if not a.is_ccw]
    furos = [a for a in lineares if a.is_ccw]
    if not externos:
        externos, furos = lineares, []
    cascas = [Polygon(a) for a in externos]
    buracos: list[list] = [[] for _ in cascas]
    for furo in furos:
        ponto = shapely.Point(furo.coords[0])
        donos = [i for i, c in enumerate(cascas) if c.contains(ponto)]
        if donos:
            buracos[min(donos, key=lambda i: cascas[i].area)].append(furo)
        else:
            cascas.append(Polygon(furo))
            buracos.append([])
    return [Polygon(c.exterior, b) for c, b in zip(cascas, buracos, strict=True)]
