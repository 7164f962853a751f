"""O memorial descritivo lido de volta como polígono, para compará-lo com o mapa.

Lê o que um memorial por coordenadas traz: os vértices com coordenadas geográficas em graus,
minutos e segundos (latitude S/N, longitude W/O/E/L), ou UTM ("E 612.345,67 m e N
8.700.123,45 m", com o fuso declarado no texto), e as linhas com azimute e distância a partir
do vértice anterior. Onde há coordenadas, elas valem (o azimute e a distância só situam o
ponto que não as tem). Um memorial que segue rios e estradas não se fecha assim: dele se tiram
as coordenadas citadas, e a comparação diz a distância de cada uma ao contorno do mapa."""

import re
from dataclasses import dataclass

from pyproj import Transformer
from shapely.geometry import MultiPolygon, Polygon

from territorio.conferencia import GRS80


class MemorialIlegivel(ValueError):
    pass


_NUMERO = r"\d{1,3}(?:\.\d{3})*(?:,\d+)?|\d+(?:[.,]\d+)?"
_GMS = (
    r"(?P<g{n}>\d{{1,3}})\s*°\s*(?P<m{n}>\d{{1,2}})\s*['’′]\s*"
    r"(?P<s{n}>\d{{1,2}}(?:[.,]\d+)?)\s*(?:\"|”|″|'')?\s*(?P<h{n}>[NSEWOL])\b"
)
GMS = re.compile(_GMS.format(n=""))
AZIMUTE = re.compile(
    r"azimute[^0-9]{0,30}?(?P<g>\d{1,3})\s*°\s*(?:(?P<m>\d{1,2})\s*['’′]\s*)?"
    r"(?:(?P<s>\d{1,2}(?:[.,]\d+)?)\s*(?:\"|”|″|'')?)?"
    rf"[^;]{{0,60}}?dist[âa]ncia[^0-9]{{0,20}}(?P<d>{_NUMERO})\s*m\b",
    re.IGNORECASE,
)
UTM = re.compile(
    rf"\b(?P<e1>[EN])\s*[=:]?\s*(?P<v1>{_NUMERO})\s*m?\s*(?:e|,|;)\s*"
    rf"(?P<e2>[EN])\s*[=:]?\s*(?P<v2>{_NUMERO})\s*m?\b"
)
FUSO = re.compile(r"(?:fuso|zona)\s*(?:UTM\s*)?(?P<z>2[0-2])\s*S?\b", re.IGNORECASE)
MERIDIANO = re.compile(r"meridiano\s+central\s*(?:de\s*)?-?\s*(?P<mc>5[17]|63)\s*°", re.I)
PERIMETRO = re.compile(r"(?=Perímetro\s+\d+\s*:)|(?=Excluída)")


def _decimal_br(texto: str) -> float:
    if "," in texto:
        texto = texto.replace(".", "").replace(",", ".")
    elif texto.count(".") > 1 or re.fullmatch(r"\d{1,3}(\.\d{3})+", texto):
        texto = texto.replace(".", "")
    return float(texto)


def _angulo(g, m, s) -> float:
    return int(g) + int(m or 0) / 60 + _decimal_br(s or "0") / 3600


@dataclass(frozen=True)
class Citacao:
    """Um ponto citado no texto (lon, lat) e onde ele aparece."""

    lon: float
    lat: float
    posicao: int
    trecho: str


def _fuso(texto: str) -> int | None:
    if m := FUSO.search(texto):
        return int(m["z"])
    if m := MERIDIANO.search(texto):
        return {"63": 20, "57": 21, "51": 22}[m["mc"]]
    return None


def _eventos(texto: str, fuso: int | None) -> list[tuple[int, str, tuple]]:
    """Coordenadas e azimutes na ordem em que aparecem."""
    eventos = []
    angulos = list(GMS.finditer(texto))
    i = 0
    while i + 1 < len(angulos):
        a, b = angulos[i], angulos[i + 1]
        if a["h"] in "NS" and b["h"] in "EWOL" or a["h"] in "EWOL" and b["h"] in "NS":
            lat_m, lon_m = (a, b) if a["h"] in "NS" else (b, a)
            lat = _angulo(lat_m["g"], lat_m["m"], lat_m["s"]) * (-1 if lat_m["h"] == "S" else 1)
            lon = _angulo(lon_m["g"], lon_m["m"], lon_m["s"]) * (-1 if lon_m["h"] in "WO" else 1)
            eventos.append((a.start(), "ponto", (lon, lat, texto[a.start() : b.end()])))
            i += 2
        else:
            i += 1
    utm = [m for m in UTM.finditer(texto) if {m["e1"], m["e2"]} == {"E", "N"}]
    if utm:
        if fuso is None:
            raise MemorialIlegivel(
                "O memorial traz coordenadas UTM (E e N), mas não diz o fuso (20, 21 ou 22) "
                "nem o meridiano central; acrescente, por exemplo, “fuso 21 S, SIRGAS 2000”."
            )
        para = Transformer.from_crs(31960 + fuso, 4674, always_xy=True)
        for m in utm:
            valores = {m["e1"]: _decimal_br(m["v1"]), m["e2"]: _decimal_br(m["v2"])}
            lon, lat = para.transform(valores["E"], valores["N"])
            eventos.append((m.start(), "ponto", (lon, lat, m.group(0))))
    for m in AZIMUTE.finditer(texto):
        eventos.append(
            (m.start(), "azimute", (_angulo(m["g"], m["m"], m["s"]), _decimal_br(m["d"])))
        )
    return sorted(eventos)


def _anel(texto: str, fuso: int | None) -> tuple[list[tuple[float, float]], list[Citacao]]:
    vertices: list[tuple[float, float]] = []
    citacoes: list[Citacao] = []
    pendente = None  # o ponto situado por azimute e distância, à espera de coordenadas
    for posicao, tipo, dados in _eventos(texto, fuso):
        if tipo == "azimute":
            if pendente is not None:
                vertices.append(pendente)
            if not vertices:
                continue
            lon, lat, _ = GRS80.fwd(*vertices[-1], dados[0], dados[1])
            pendente = (lon, lat)
            continue
        lon, lat, trecho = dados
        pendente = None
        citacoes.append(Citacao(lon, lat, posicao, trecho))
        if not vertices or vertices[-1] != (lon, lat):
            vertices.append((lon, lat))
    if pendente is not None:
        vertices.append(pendente)
    if len(vertices) > 1 and vertices[0] == vertices[-1]:
        vertices.pop()
    return vertices, citacoes


def ler(texto: str) -> tuple[Polygon | None, list[Citacao]]:
    """O polígono do memorial (None se os vértices não formam um) e as coordenadas citadas."""
    fuso = _fuso(texto)
    blocos = [b for b in PERIMETRO.split(texto) if b.strip()]
    cascas: list[list] = []
    furos: list[list] = []
    citacoes: list[Citacao] = []
    for bloco in blocos:
        vertices, citados = _anel(bloco, fuso)
        citacoes += citados
        if len(vertices) < 3:
            continue
        if bloco.lstrip().startswith("Excluída") and cascas:
            furos[-1].append(vertices)
        else:
            cascas.append(vertices)
            furos.append([])
    if not citacoes and not cascas:
        raise MemorialIlegivel(
            "O memorial não traz coordenadas legíveis (graus, minutos e segundos com o "
            "hemisfério, ou UTM com E e N) nem azimutes com distância."
        )
    if not cascas:
        return None, citacoes
    pedacos = [Polygon(c, f) for c, f in zip(cascas, furos, strict=True)]
    if len(pedacos) == 1:
        return pedacos[0], citacoes
    return MultiPolygon(pedacos), citacoes
