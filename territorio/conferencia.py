"""A conferência territorial de um desenho proposto contra uma edição da malha municipal.

Funções puras (sem Django): a malha entra como uma lista de `MunicipioDaMalha`, o desenho
como geometria do shapely em longitude/latitude. Interseções e diferenças no plano lon/lat
(como o GEOS faz); áreas geodésicas no elipsoide GRS80 (o do SIRGAS 2000).

As figuras são sinais para a Cartografia e para a CRT, não veredictos: a malha do IBGE
representa os limites, mas não é o limite legal (este vem das leis do Estado e dos memoriais
descritivos). Por isso toda figura diz a edição da malha que usou.

- Área de cada origem tirada, e o percentual da área **oficial** da origem (Art. 8: a
  revisão de limites dispensa o plebiscito até 20 % do território do município).
- Pedaços do novo território e de cada remanescente: a continuidade territorial (Art. 2, VI,
  e Art. 1, § 1º).
- Sobreposição com municípios que não são origem, e área fora do Estado.
- Comprimento das divisas: as novas (o contorno do território por dentro das origens ou
  de um vizinho, que a lei nova terá de descrever) e as herdadas (o trecho que segue a
  divisa que as origens já têm), Art. 15, II e Art. 7º, II.
- Fragmentos abaixo de max(1 km², 0,05 % da área de referência) são resíduo de desenho ou
  de generalização da malha: aparecem à parte, não como achados.
"""

from dataclasses import dataclass, field

import shapely
from pyproj import Geod
from shapely.geometry import LineString, MultiPolygon, Polygon
from shapely.geometry.polygon import orient

GRS80 = Geod(ellps="GRS80")

# Abaixo disso a interseção é resíduo numérico do recorte, não área.
RESIDUO_KM2 = 0.001
FRAGMENTO_MINIMO_KM2 = 1.0
FRAGMENTO_FRACAO = 0.0005  # 0,05 %
# Um trecho do contorno a menos disso (graus, ~1 m) da divisa das origens segue a divisa: o
# recorte de um desenho à malha deixa os vértices sobre ela, com erro de arredondamento.
SOBRE_A_DIVISA_GRAUS = 1e-5


@dataclass(frozen=True)
class MunicipioDaMalha:
    codigo_ibge: int
    nome: str
    geometria: Polygon | MultiPolygon
    area_oficial_km2: float


@dataclass(frozen=True)
class Origem:
    codigo_ibge: int
    nome: str
    km2: float
    area_oficial_km2: float
    pct_da_origem: float
    pct_do_territorio: float
    pedacos_remanescente: int
    fragmentos_remanescente: tuple[float, ...]
    limiar_km2: float
    divisa_nova_km: float = 0.0  # a linha nova entre o território e o remanescente


@dataclass(frozen=True)
class Sobreposicao:
    codigo_ibge: int
    nome: str
    km2: float
    fragmento: bool  # abaixo do limiar do território: à parte, não como achado


@dataclass(frozen=True)
class Conferencia:
    edicao: str
    area_km2: float
    pedacos: int
    fragmentos: tuple[float, ...]
    limiar_km2: float
    origens: tuple[Origem, ...]
    sobreposicoes: tuple[Sobreposicao, ...] = field(default=())
    fora_do_estado_km2: float = 0.0
    divisas_novas_km: float = 0.0
    divisas_herdadas_km: float = 0.0

    @property
    def invasoes(self) -> tuple[Sobreposicao, ...]:
        return tuple(s for s in self.sobreposicoes if not s.fragmento)

    @property
    def continuo(self) -> bool:
        return self.pedacos == 1 and all(o.pedacos_remanescente <= 1 for o in self.origens)


def poligonos(geometria) -> list[Polygon]:
    """Os polígonos de uma geometria qualquer (pontos e linhas de um recorte ficam de fora)."""
    if geometria is None or geometria.is_empty:
        return []
    if isinstance(geometria, Polygon):
        return [geometria]
    if hasattr(geometria, "geoms"):
        return [p for g in geometria.geoms for p in poligonos(g)]
    return []


def area_de_poligono_km2(poligono: Polygon) -> float:
    """Área geodésica (GRS80): anel externo anti-horário e furos horários, para que o
    pyproj desconte os furos."""
    area, _ = GRS80.geometry_area_perimeter(orient(poligono, sign=1.0))
    return abs(area) / 1e6


def area_km2(geometria) -> float:
    return sum(area_de_poligono_km2(p) for p in poligonos(geometria))


def linhas(geometria) -> list[LineString]:
    """As linhas de uma geometria qualquer (os pontos de um recorte ficam de fora)."""
    if geometria is None or geometria.is_empty:
        return []
    if geometria.geom_type in ("LineString", "LinearRing"):
        return [LineString(geometria.coords)]
    if hasattr(geometria, "geoms"):
        return [linha for g in geometria.geoms for linha in linhas(g)]
    return []


def comprimento_km(geometria) -> float:
    """Comprimento geodésico (GRS80) das linhas da geometria."""
    return sum(GRS80.geometry_length(linha) for linha in linhas(geometria)) / 1000


def divisas(territorio, origens: list[Polygon | MultiPolygon]):
    """O contorno do território partido em (novo, herdado): herdado é o que segue, a menos
    de ~1 m, a divisa externa da união das origens; o resto é linha nova."""
    contorno = territorio.boundary
    uniao = shapely.union_all(origens)
    minx, miny, maxx, maxy = territorio.bounds
    perto = shapely.box(minx - 0.01, miny - 0.01, maxx + 0.01, maxy + 0.01)
    divisa_das_origens = uniao.boundary.intersection(perto).buffer(SOBRE_A_DIVISA_GRAUS)
    return contorno.difference(divisa_das_origens), contorno.intersection(divisa_das_origens)


def limiar_km2(area_de_referencia_km2: float) -> float:
    """max(1 km², 0,05 % da área de referência)."""
    return max(FRAGMENTO_MINIMO_KM2, FRAGMENTO_FRACAO * area_de_referencia_km2)


def separar_pedacos(geometria, limiar: float) -> tuple[list[float], list[float]]:
    """As áreas dos polígonos: os pedaços (≥ limiar) e os fragmentos (abaixo dele, acima do
    resíduo numérico), cada lista da maior para a menor."""
    areas = sorted((area_de_poligono_km2(p) for p in poligonos(geometria)), reverse=True)
    pedacos = [a for a in areas if a >= limiar]
    fragmentos = [a for a in areas if RESIDUO_KM2 <= a < limiar]
    return pedacos, fragmentos


def conferir(
    territorio, malha: list[MunicipioDaMalha], origens: list[int], *, edicao: str
) -> Conferencia:
    """Confere o desenho `territorio` contra a `malha` (a edição `edicao`)."""
    area = area_km2(territorio)
    limiar = limiar_km2(area)
    pedacos, fragmentos = separar_pedacos(territorio, limiar)
    por_codigo = {m.codigo_ibge: m for m in malha}
    faltam = [c for c in origens if c not in por_codigo]
    if faltam:
        raise ValueError(
            f"Município de origem fora da malha {edicao}: {', '.join(str(c) for c in faltam)}."
        )
    shapely.prepare(territorio)
    vizinhos = [m for m in malha if territorio.intersects(m.geometria)]
    coberto = 0.0
    resultado_origens = []
    sobreposicoes = []
    for municipio in vizinhos:
        dentro = area_km2(territorio.intersection(municipio.geometria))
        coberto += dentro
        if municipio.codigo_ibge in origens:
            continue
        if dentro >= RESIDUO_KM2:
            sobreposicoes.append(
                Sobreposicao(
                    municipio.codigo_ibge, municipio.nome, dentro, fragmento=dentro < limiar
                )
            )
    novas, herdadas = divisas(territorio, [por_codigo[c].geometria for c in origens])
    for codigo in origens:
        municipio = por_codigo[codigo]
        parte = area_km2(territorio.intersection(municipio.geometria))
        limiar_origem = limiar_km2(municipio.area_oficial_km2)
        restos, fragmentos_resto = separar_pedacos(
            municipio.geometria.difference(territorio), limiar_origem
        )
        resultado_origens.append(
            Origem(
                codigo_ibge=codigo,
                nome=municipio.nome,
                km2=parte,
                area_oficial_km2=municipio.area_oficial_km2,
                pct_da_origem=100 * parte / municipio.area_oficial_km2,
                pct_do_territorio=100 * parte / area if area else 0.0,
                pedacos_remanescente=len(restos),
                fragmentos_remanescente=tuple(fragmentos_resto),
                limiar_km2=limiar_origem,
                divisa_nova_km=comprimento_km(novas.intersection(municipio.geometria)),
            )
        )
    fora = area - coberto
    return Conferencia(
        edicao=edicao,
        area_km2=area,
        pedacos=len(pedacos),
        fragmentos=tuple(fragmentos),
        limiar_km2=limiar,
        origens=tuple(resultado_origens),
        sobreposicoes=tuple(sorted(sobreposicoes, key=lambda s: -s.km2)),
        fora_do_estado_km2=fora if fora >= RESIDUO_KM2 else 0.0,
        divisas_novas_km=comprimento_km(novas),
        divisas_herdadas_km=comprimento_km(herdadas),
    )
