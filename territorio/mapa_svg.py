"""O mapa do território em SVG, desenhado em Python puro (sem tiles, sem rede): o novo
território, os remanescentes das origens, os vizinhos, as sobreposições apontadas; escala,
norte, legenda e fontes (a edição da malha).

Projeção azimutal equivalente de Lambert (GRS80) centrada no território: as áreas vistas no
papel guardam a proporção das medidas, e o norte fica para cima no centro do desenho. O SVG
é montado uma vez, quando o mapa é conferido, e guardado com as figuras: as páginas e os
PDFs leem o texto pronto (o WeasyPrint desenha SVG embutido no HTML)."""

import math
import re
from xml.sax.saxutils import escape

import numpy as np
import shapely
from pyproj import Proj
from shapely.geometry import box

from territorio.conferencia import Conferencia, MunicipioDaMalha, poligonos

LARGURA = 640
ALTURA_MAXIMA = 560
MARGEM = 12
ALTURA_LEGENDA = 96
# Cores claras distintas para os remanescentes de até seis origens (depois, repetem).
CORES_ORIGENS = ("#cfe3f5", "#d7ecc9", "#f3e2c0", "#e5d3ef", "#d3ece8", "#f1d4d4")
COR_TERRITORIO = "#f08c2e"
COR_INVASAO = "#c1121f"
COR_VIZINHO = "#ececec"


def _projecao(territorio) -> Proj:
    """Da longitude/latitude (SIRGAS 2000, no GRS80) ao plano, em metros. Pela definição
    PROJ direta: montar a transformação a partir de códigos EPSG consultaria o banco do
    PROJ e custaria mais que o desenho inteiro."""
    centro = territorio.centroid
    return Proj(f"+proj=laea +lat_0={centro.y:.6f} +lon_0={centro.x:.6f} +ellps=GRS80 +units=m")


class _Tela:
    """Do lon/lat ao pixel: projeta, simplifica abaixo de meio pixel e escreve os caminhos."""

    def __init__(self, transformador: Proj, limites: tuple[float, float, float, float]):
        self.transformador = transformador
        minx, miny, maxx, maxy = limites
        largura_util = LARGURA - 2 * MARGEM
        self.escala = largura_util / max(maxx - minx, 1.0)  # px por metro
        altura = (maxy - miny) * self.escala
        if altura > ALTURA_MAXIMA - 2 * MARGEM:
            self.escala = (ALTURA_MAXIMA - 2 * MARGEM) / max(maxy - miny, 1.0)
        self.minx, self.maxy = minx, maxy
        self.altura = round((maxy - miny) * self.escala + 2 * MARGEM)
        self.deslocamento_x = (LARGURA - (maxx - minx) * self.escala) / 2

    def projetar(self, geometria):
        def _xy(coordenadas):
            x, y = self.transformador(coordenadas[:, 0], coordenadas[:, 1])
            return np.column_stack([x, y])

        return shapely.transform(geometria, _xy)

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        return (
            self.deslocamento_x + (x - self.minx) * self.escala,
            MARGEM + (self.maxy - y) * self.escala,
        )

    def caminho(self, geometria_projetada) -> str:
        simples = geometria_projetada.simplify(0.5 / self.escala, preserve_topology=True)
        partes = []
        for poligono in poligonos(simples):
            for anel in (poligono.exterior, *poligono.interiors):
                xy = shapely.get_coordinates(anel)
                px = self.deslocamento_x + (xy[:, 0] - self.minx) * self.escala
                py = MARGEM + (self.maxy - xy[:, 1]) * self.escala
                pontos = " ".join(f"{a:.1f},{b:.1f}" for a, b in zip(px, py, strict=True))
                partes.append(f"M{pontos}Z")
        return "".join(partes)


def _escala_redonda(metros: float) -> float:
    """O maior 1, 2 ou 5 × 10ⁿ metros que cabe em `metros`."""
    potencia = 10 ** math.floor(math.log10(metros))
    for passo in (5, 2, 1):
        if passo * potencia <= metros:
            return passo * potencia
    return potencia


def _km(valor: float) -> str:
    texto = f"{valor:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")
    return texto


def _rotulo(tela: _Tela, geometria_projetada, nome: str, classe: str) -> str:
    ponto = geometria_projetada.representative_point()
    x, y = tela.pixel(ponto.x, ponto.y)
    # Rótulos na borda sairiam cortados, e o canto de cima à direita é do norte.
    fora = not (50 <= x <= LARGURA - 50 and 14 <= y <= tela.altura - 30)
    if fora or (x > LARGURA - 90 and y < 60):
        return ""
    return f'<text class="{classe}" x="{x:.1f}" y="{y:.1f}">{escape(nome)}</text>'


def _descricao(conferencia: Conferencia) -> str:
    frases = [
        f"Novo território de {_km(conferencia.area_km2)} km² em {conferencia.pedacos} "
        f"pedaço{'s' if conferencia.pedacos != 1 else ''}."
    ]
    for origem in conferencia.origens:
        frases.append(
            f"De {origem.nome}: {_km(origem.km2)} km² ({_km(origem.pct_da_origem)} % da área "
            f"oficial); remanescente em {origem.pedacos_remanescente} pedaço"
            f"{'s' if origem.pedacos_remanescente != 1 else ''}."
        )
    for invasao in conferencia.invasoes:
        frases.append(f"Sobreposição com {invasao.nome}, que não é origem: {_km(invasao.km2)} km².")
    return " ".join(frases)


def desenhar(
    territorio,
    malha: list[MunicipioDaMalha],
    conferencia: Conferencia,
    *,
    fonte: str,
    fonte_territorio: str = "mapa do Art. 15, II, juntado ao processo",
    ident: str = "mapa",
) -> str:
    """O SVG do território conferido. `ident` distingue os ids internos (título, padrão de
    hachura) quando há mais de um mapa na mesma página."""
    codigos = {o.codigo_ibge for o in conferencia.origens}
    origens = [m for m in malha if m.codigo_ibge in codigos]
    transformador = _projecao(territorio)
    tela_lonlat = shapely.union_all([territorio, *(o.geometria for o in origens)]).envelope
    minx, miny, maxx, maxy = tela_lonlat.bounds
    folga = 0.06 * max(maxx - minx, maxy - miny)
    vista = box(minx - folga, miny - folga, maxx + folga, maxy + folga)
    projetado = shapely.transform(
        vista,
        lambda c: np.column_stack(transformador(c[:, 0], c[:, 1])),
    )
    tela = _Tela(transformador, projetado.bounds)
    vista_px = projetado

    camadas = []
    rotulos = []
    # Vizinhos (nem origem nem território): contexto em cinza, recortados à vista.
    for municipio in malha:
        if municipio.codigo_ibge in codigos or not municipio.geometria.intersects(vista):
            continue
        parte = tela.projetar(municipio.geometria.intersection(vista)).intersection(vista_px)
        camadas.append(f'<path class="vizinho" d="{tela.caminho(parte)}"/>')
        rotulos.append(_rotulo(tela, parte, municipio.nome, "nome-vizinho"))
    # Remanescentes: cada origem menos o território; pedaços soltos contornados em vermelho.
    for indice, origem in enumerate(origens):
        cor = CORES_ORIGENS[indice % len(CORES_ORIGENS)]
        resto = tela.projetar(origem.geometria.difference(territorio))
        camadas.append(f'<path class="remanescente" fill="{cor}" d="{tela.caminho(resto)}"/>')
        pedacos = sorted(poligonos(resto), key=lambda p: -p.area)
        dados = next(o for o in conferencia.origens if o.codigo_ibge == origem.codigo_ibge)
        if dados.pedacos_remanescente > 1:
            for solto in pedacos[1 : dados.pedacos_remanescente]:
                camadas.append(f'<path class="solto" d="{tela.caminho(solto)}"/>')
        if pedacos:
            rotulos.append(_rotulo(tela, pedacos[0], origem.nome, "nome-origem"))
    territorio_px = tela.projetar(territorio)
    camadas.append(f'<path class="territorio" d="{tela.caminho(territorio_px)}"/>')
    invadidos = {s.codigo_ibge for s in conferencia.invasoes}
    for municipio in malha:
        if municipio.codigo_ibge in invadidos:
            parte = tela.projetar(territorio.intersection(municipio.geometria))
            camadas.append(
                f'<path class="invasao" fill="url(#{ident}-hachura)" d="{tela.caminho(parte)}"/>'
            )
    rotulos.append(_rotulo(tela, territorio_px, "Novo território", "nome-territorio"))

    altura_total = tela.altura + ALTURA_LEGENDA
    titulo = "Mapa do território proposto conferido contra a malha municipal " + escape(
        conferencia.edicao
    )
    partes = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {LARGURA} '
        f'{altura_total}" width="100%" class="mapa-territorio" '
        # Estilo em atributos de apresentação, não em <style>: a política de segurança do
        # conteúdo (CSP) das páginas recusa estilo embutido, e o WeasyPrint lê os dois.
        'font-family="sans-serif" font-size="11" fill="#222" fill-rule="evenodd" '
        f'aria-labelledby="{ident}-titulo {ident}-desc">',
        f'<title id="{ident}-titulo">{titulo}</title>',
        f'<desc id="{ident}-desc">{escape(_descricao(conferencia))}</desc>',
        f'<defs><pattern id="{ident}-hachura" width="6" height="6" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<rect width="6" height="6" fill="#f6c9cc"/>'
        f'<line x1="0" y1="0" x2="0" y2="6" stroke="{COR_INVASAO}" stroke-width="2"/>'
        "</pattern></defs>",
        f'<rect x="0" y="0" width="{LARGURA}" height="{tela.altura}" fill="#fbfbf8"/>',
        *camadas,
        *filter(None, rotulos),
        _norte(),
        _barra_de_escala(tela),
        _legenda(
            tela.altura, origens, bool(invadidos), conferencia, fonte, fonte_territorio, ident
        ),
        "</svg>",
    ]
    return _com_atributos("".join(partes))


# O estilo de cada classe do desenho, como atributos de apresentação do SVG.
ATRIBUTOS = {
    "vizinho": f'fill="{COR_VIZINHO}" stroke="#9a9a9a" stroke-width=".6"',
    "remanescente": 'stroke="#4a4a4a" stroke-width=".9"',
    "territorio": f'fill="{COR_TERRITORIO}" fill-opacity=".8" stroke="#6b2c00" stroke-width="1.6"',
    "invasao": f'stroke="{COR_INVASAO}" stroke-width="1.4"',
    "solto": f'fill="none" stroke="{COR_INVASAO}" stroke-width="2" stroke-dasharray="4 2"',
    "nome-vizinho": 'fill="#666" font-size="10" text-anchor="middle"',
    "nome-origem": 'font-weight="bold" text-anchor="middle"',
    "nome-territorio": 'font-weight="bold" text-anchor="middle" fill="#3d1a00"',
}


def _com_atributos(svg: str) -> str:
    return re.sub(
        r'class="([a-z-]+)"',
        lambda m: f'class="{m[1]}" {ATRIBUTOS[m[1]]}' if m[1] in ATRIBUTOS else m[0],
        svg,
    )


def _norte() -> str:
    x, y = LARGURA - MARGEM - 16, MARGEM + 4
    return (
        f'<g aria-hidden="true"><path d="M{x},{y} l9,26 l-9,-7 l-9,7 Z" fill="#222"/>'
        f'<text x="{x}" y="{y + 40}" text-anchor="middle" font-weight="bold">N</text></g>'
    )


def _barra_de_escala(tela: _Tela) -> str:
    metros = _escala_redonda(0.25 * (LARGURA - 2 * MARGEM) / tela.escala)
    largura = metros * tela.escala
    x, y = MARGEM + 6, tela.altura - MARGEM - 6
    rotulo = f"{metros / 1000:g} km".replace(".", ",")
    return (
        f'<g aria-hidden="true"><rect x="{x}" y="{y - 6}" width="{largura:.1f}" height="6" '
        f'fill="#fff" stroke="#222"/><rect x="{x}" y="{y - 6}" width="{largura / 2:.1f}" '
        f'height="6" fill="#222"/><text x="{x}" y="{y - 10}">0</text>'
        f'<text x="{x + largura:.1f}" y="{y - 10}" text-anchor="end">{rotulo}</text></g>'
    )


def _legenda(topo, origens, com_invasao, conferencia, fonte, territorio, ident) -> str:
    itens = [(f'fill="{COR_TERRITORIO}" stroke="#6b2c00"', "Novo território")]
    for indice, origem in enumerate(origens):
        cor = CORES_ORIGENS[indice % len(CORES_ORIGENS)]
        itens.append((f'fill="{cor}" stroke="#4a4a4a"', f"Remanescente de {origem.nome}"))
    itens.append((f'fill="{COR_VIZINHO}" stroke="#9a9a9a"', "Município vizinho"))
    if com_invasao:
        itens.append((f'fill="url(#{ident}-hachura)" stroke="{COR_INVASAO}"', "Sobreposição"))
    if any(o.pedacos_remanescente > 1 for o in conferencia.origens):
        itens.append((f'fill="none" stroke="{COR_INVASAO}" stroke-dasharray="4 2"', "Pedaço solto"))
    partes = ['<g class="legenda">']
    for numero, (estilo, texto) in enumerate(itens):
        coluna, linha = divmod(numero, 3)
        x, y = MARGEM + coluna * 210, topo + 10 + linha * 18
        partes.append(
            f'<rect x="{x}" y="{y}" width="14" height="11" {estilo}/>'
            f'<text x="{x + 20}" y="{y + 10}">{escape(texto)}</text>'
        )
    # O texto do SVG não quebra linha: a fonte da malha vai numa linha, cortada se longa.
    fonte_malha = fonte if len(fonte) <= 110 else fonte[:109] + "…"
    partes.append(
        f'<text x="{MARGEM}" y="{topo + 70}" font-size="9">Fonte: malha municipal '
        f"{escape(conferencia.edicao)} — {escape(fonte_malha)}.</text>"
        f'<text x="{MARGEM}" y="{topo + 84}" font-size="9">Território: {escape(territorio)}. '
        "Projeção azimutal equivalente de Lambert (GRS80).</text>"
    )
    partes.append("</g>")
    return "".join(partes)
