"""O território de um processo em GeoJSON (`/api/v1/processos/<numero>/territorio/`): a
geometria do mapa do Art. 15, II guardado (a versão vigente de cada arquivo do item, unidos),
com a área e a edição da malha da conferência guardada. Lido do arquivo juntado, não
redesenhado; nos moldes da API de dados abertos (só leitura, ETag, limite por endereço).

A leitura do mapa (shapely, pyproj, ~30 MB) é importada dentro das funções: as URLs importam
este módulo, e o worker que serve as páginas não a carrega."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer

from processos.models import Processo
from territorio import serializers as s
from territorio.models import ConferenciaTerritorial
from territorio.secao import ITEM_DO_MAPA
from transparencia.api import NUMERO, RESPOSTAS_ERRO, DadosAbertosAPIView, _erro

# ~1 cm em graus: o GeoJSON não carrega a precisão de ponto flutuante do arquivo inteiro.
CASAS = 7


class GeoJSONRenderer(JSONRenderer):
    media_type = "application/geo+json"
    format = "geojson"


def _mapas_vigentes(processo):
    """A última versão não anulada de cada arquivo do item do mapa."""
    documentos = processo.documentos_representacao.filter(
        item=ITEM_DO_MAPA, anulado_em__isnull=True
    ).order_by("numero", "-versao")
    vigentes = {}
    for documento in documentos:
        vigentes.setdefault(documento.numero, documento)
    return list(vigentes.values())


def _geometria(documento):
    from territorio.leitura import GeometriaRecusada, ler_mapa

    try:
        with documento.arquivo.open("rb") as arquivo:
            return ler_mapa(arquivo.read())
    except (GeometriaRecusada, OSError):
        return None  # o mapa em PDF ou imagem não tem geometria legível


def _pela_regra_da_mao_direita(desenho):
    """RFC 7946, 3.1.6: anel externo anti-horário, furos horários."""
    from shapely.geometry import MultiPolygon
    from shapely.geometry.polygon import orient

    from territorio.conferencia import poligonos

    pedacos = [orient(p, sign=1.0) for p in poligonos(desenho)]
    return pedacos[0] if len(pedacos) == 1 else MultiPolygon(pedacos)


class SempreGeoJSON(BaseContentNegotiation):
    """Uma só representação: o GeoJSON é JSON, e quem pede application/json o lê igual."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class TerritorioDoProcessoAPI(DadosAbertosAPIView):
    renderer_classes = [GeoJSONRenderer]
    content_negotiation_class = SempreGeoJSON

    @extend_schema(
        summary="Território do processo (GeoJSON)",
        operation_id="processos_territorio",
        description=(
            "A geometria do mapa do território (LC 23/1992-MT, Art. 15, II) juntado ao "
            "processo `numero`, como uma Feature GeoJSON (RFC 7946, lon/lat SIRGAS 2000), com "
            "a área geodésica e a edição da malha municipal da última conferência guardada. "
            "404 quando o processo não tem mapa em formato geográfico (GeoJSON, KML, KMZ ou "
            "shapefile)."
        ),
        parameters=[
            OpenApiParameter(
                "numero",
                {"type": "string", "pattern": f"^{NUMERO.pattern}$"},
                OpenApiParameter.PATH,
                description="Número do processo: 0001-2026.",
            )
        ],
        responses={200: s.TerritorioFeicao, 304: None, **RESPOSTAS_ERRO},
        tags=["Processos (dados abertos)"],
    )
    def get(self, request, numero: str):
        import shapely
        from shapely.geometry import mapping

        from territorio.conferencia import area_km2

        if not NUMERO.fullmatch(numero):
            raise _erro(
                "Número de processo inválido: use o formato 0001-2026 (número com 4 a 6 "
                "dígitos, hífen, ano com 4 dígitos)."
            )
        sequencial, ano = (int(parte) for parte in numero.split("-"))
        processo = Processo.objects.filter(numero=sequencial, ano=ano).first()
        if processo is None:
            raise exceptions.NotFound(f"Processo {numero} não encontrado.")
        mapas = [(d, _geometria(d)) for d in _mapas_vigentes(processo)]
        mapas = [(d, g) for d, g in mapas if g is not None]
        if not mapas:
            raise exceptions.NotFound(
                f"O processo {numero} não tem mapa do território (Art. 15, II) em formato "
                "geográfico (GeoJSON, KML, KMZ ou shapefile)."
            )
        desenho = shapely.union_all([g for _, g in mapas])
        conferencia = (
            ConferenciaTerritorial.objects.filter(documento__in=[d for d, _ in mapas])
            .select_related("edicao")
            .first()
        )
        feicao = {
            "type": "Feature",
            "geometry": mapping(
                _pela_regra_da_mao_direita(shapely.set_precision(desenho, 10**-CASAS))
            ),
            "properties": {
                "processo": numero,
                "nome_proposto": processo.nome_proposto,
                "versoes_do_mapa": [d.versao for d, _ in mapas],
                "area_km2": round(area_km2(desenho), 3),
                "edicao_da_malha": conferencia.edicao.nome if conferencia else None,
            },
        }
        return self.responder(request, feicao)
