"""O sistema de coordenadas de um mapa enviado (o `.prj` do shapefile, o "crs" de um GeoJSON
antigo) e a conversão para longitude/latitude SIRGAS 2000, o sistema da malha do IBGE.

Aceitos: SIRGAS 2000 e WGS 84 em longitude/latitude, e as zonas UTM que cobrem Mato Grosso
(20S, 21S e 22S) em SIRGAS 2000 (EPSG 31980 a 31982) ou WGS 84 (EPSG 32720 a 32722). O
SIRGAS 2000 e o WGS 84 diferem menos de um metro: nenhuma figura da conferência muda."""

from functools import lru_cache

import numpy
import shapely
from pyproj import CRS, Transformer
from pyproj.exceptions import CRSError

from territorio.leitura.desenho import GeometriaRecusada

LONLAT_SIRGAS = 4674
EM_GRAUS = {4674: "SIRGAS 2000", 4326: "WGS 84", 4618: "SAD 69 (convertido)"}
UTM = {
    31980: "SIRGAS 2000 / UTM zona 20S",
    31981: "SIRGAS 2000 / UTM zona 21S",
    31982: "SIRGAS 2000 / UTM zona 22S",
    32720: "WGS 84 / UTM zona 20S",
    32721: "WGS 84 / UTM zona 21S",
    32722: "WGS 84 / UTM zona 22S",
}
ACEITOS = (
    "SIRGAS 2000 ou WGS 84 em longitude/latitude, ou SIRGAS 2000 / UTM zona 20S, 21S ou 22S "
    "(EPSG 31980 a 31982)"
)


def _epsg(crs: CRS) -> int | None:
    """O código EPSG do sistema, também quando o `.prj` vem no dialeto da ESRI."""
    codigo = crs.to_epsg(min_confidence=70)
    if codigo is not None:
        return codigo
    datum = (crs.datum.name if crs.datum else "").upper()
    if crs.is_projected and crs.utm_zone and crs.utm_zone.endswith("S"):
        zona = int(crs.utm_zone[:-1])
        if "SIRGAS" in datum:
            return 31960 + zona
        if "WORLD GEODETIC SYSTEM 1984" in datum or "WGS" in datum:
            return 32700 + zona
    if crs.is_geographic:
        if "SIRGAS" in datum:
            return 4674
        if "WORLD GEODETIC SYSTEM 1984" in datum or "WGS" in datum:
            return 4326
    return None


@lru_cache(maxsize=32)
def _identificar(texto: str) -> tuple[int | None, str]:
    """O EPSG e o nome do sistema do texto; a identificação no banco do PROJ leva ~0,1 s, e
    os mesmos .prj voltam (cada programa de SIG grava sempre o mesmo texto)."""
    crs = CRS.from_user_input(texto)
    return _epsg(crs), crs.name


def sistema_declarado(texto: str, *, quem: str) -> int:
    """O EPSG aceito que o texto (WKT do `.prj`, ou "EPSG:31981", ou um URN do OGC) declara;
    recusa o sistema que a conferência não sabe converter sem erro de área."""
    try:
        codigo, nome = _identificar(texto.strip())
    except CRSError as exc:
        raise GeometriaRecusada(
            f"{quem} declara um sistema de coordenadas ilegível; exporte o mapa em {ACEITOS}."
        ) from exc
    if codigo in EM_GRAUS or codigo in UTM:
        return codigo
    raise GeometriaRecusada(
        f"{quem} está no sistema “{nome}”, que a conferência não converte; exporte o "
        f"mapa em {ACEITOS}."
    )


def nome_do_sistema(codigo: int) -> str:
    return UTM.get(codigo) or f"{EM_GRAUS[codigo]} (longitude/latitude)"


@lru_cache(maxsize=8)
def _transformador(codigo: int) -> Transformer:
    return Transformer.from_crs(codigo, LONLAT_SIRGAS, always_xy=True)


def para_lonlat(geometria, codigo: int):
    """A geometria em longitude/latitude SIRGAS 2000 (os vértices convertidos; os lados entre
    eles seguem retos, como em todo o desenho em lon/lat)."""
    if codigo in EM_GRAUS:
        return geometria
    transformador = _transformador(codigo)
    return shapely.transform(geometria, lambda xy: _converter(transformador, xy), include_z=False)


def _converter(transformador: Transformer, xy):
    x, y = transformador.transform(xy[:, 0], xy[:, 1])
    return numpy.column_stack([x, y])
