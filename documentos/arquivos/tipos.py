"""Os tipos de arquivo que o sistema aceita, a recusa e o resultado da conferência."""

from typing import NamedTuple

# Tipos de conteúdo (MIME), decididos pelo conteúdo do arquivo, nunca pela extensão.
PDF = "application/pdf"
JPEG = "image/jpeg"
PNG = "image/png"
GEOJSON = "application/geo+json"
KML = "application/vnd.google-earth.kml+xml"
KMZ = "application/vnd.google-earth.kmz"
# O shapefile não tem tipo registrado na IANA: o ZIP com o .shp (e o .prj) ganha um nome
# próprio para que a lista dos aceitos e a tela o distingam do ZIP qualquer.
SHAPEFILE = "application/x-shapefile+zip"


class ArquivoRecusado(ValueError):
    """O arquivo não pode ser juntado; a mensagem (pt-BR) diz o que enviar."""


class Conteudo(NamedTuple):
    tipo: str
    paginas: int | None
