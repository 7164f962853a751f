"""O mapa do território (Art. 15, II) lido como polígono em longitude/latitude SIRGAS 2000,
qualquer que seja o formato: GeoJSON, KML, KMZ ou shapefile em ZIP (com o `.prj`). O formato
é decidido pelo conteúdo, nunca pelo nome do arquivo."""

import io

from documentos.arquivos import mapas
from documentos.arquivos.tipos import ArquivoRecusado
from territorio.leitura.desenho import (
    DesenhoReparavel,
    GeometriaRecusada,
    Reparo,
    conferir_desenho,
)
from territorio.leitura.texto import ler_geojson, ler_kml
from territorio.leitura.zipados import ZIP, ler_zip

__all__ = [
    "DesenhoReparavel",
    "GeometriaRecusada",
    "Reparo",
    "conferir_desenho",
    "ler_geojson",
    "ler_kml",
    "ler_mapa",
    "ler_zip",
]


def ler_mapa(conteudo: bytes, *, reparar: bool = False):
    """O desenho do arquivo, lido dentro do orçamento de leitura; `reparar` confirma o
    reparo de um contorno que se cruza (sem ela, DesenhoReparavel diz o que mudaria)."""
    if not conteudo:
        raise GeometriaRecusada("O arquivo está vazio; envie o mapa de novo.")
    if conteudo.startswith(ZIP):
        return ler_zip(conteudo, reparar=reparar)
    inicio = conteudo[:64].removeprefix(b"\xef\xbb\xbf").lstrip()
    if inicio.startswith((b"{", b"[")):
        _no_orcamento(mapas.ler_geojson, conteudo)
        return ler_geojson(conteudo, reparar=reparar)
    if inicio.startswith(b"<"):
        _no_orcamento(mapas.ler_kml, conteudo)
        return ler_kml(conteudo, reparar=reparar)
    raise GeometriaRecusada(
        "O arquivo não é um mapa que a conferência lê: envie GeoJSON, KML, KMZ ou shapefile "
        "compactado em ZIP (com o .prj)."
    )


def _no_orcamento(leitor, conteudo: bytes) -> None:
    try:
        leitor(io.BytesIO(conteudo))
    except ArquivoRecusado as exc:
        raise GeometriaRecusada(str(exc)) from exc
