"""A entrada e a saída da API do simulador territorial e do território de um processo, no
esquema OpenAPI (os nomes dos campos são os de territorio.simulacao.como_dados)."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers as s

from emancipacao.numeros import InteiroDoMultipart
from territorio.simulacao import MEMORIAL_MAXIMO

CODIGO_IBGE = {"min_value": 1_000_000, "max_value": 9_999_999}
ORIGENS_MAXIMAS = 20


@extend_schema_field(OpenApiTypes.BINARY)
class ArquivoEnviado(s.FileField):
    """O arquivo na entrada: no esquema, bytes (format binary), não o endereço de um
    arquivo guardado."""


class SimulacaoTerritorialEntrada(s.Serializer):
    arquivo = ArquivoEnviado(
        help_text=(
            "O mapa: GeoJSON, KML, KMZ ou shapefile em ZIP (com o .prj: SIRGAS 2000 ou WGS 84 "
            "em lon/lat, UTM 20S a 22S). O tipo é lido do conteúdo."
        )
    )
    origens = s.ListField(
        child=InteiroDoMultipart(**CODIGO_IBGE),
        min_length=1,
        max_length=ORIGENS_MAXIMAS,
        help_text="Códigos IBGE dos municípios de origem (o campo repetido, um por código).",
    )
    reparar = s.BooleanField(
        default=False,
        help_text="Confirma o reparo do contorno que se cruza (a resposta 400 diz a área "
        "antes e depois).",
    )
    memorial = s.CharField(
        required=False,
        allow_blank=True,
        max_length=MEMORIAL_MAXIMO,
        help_text="Um memorial descritivo por coordenadas, para comparar com o mapa.",
    )


class OrigemSaida(s.Serializer):
    codigo_ibge = s.IntegerField()
    nome = s.CharField()
    km2 = s.FloatField(help_text="Área tirada da origem (km², geodésica GRS80).")
    area_oficial_km2 = s.FloatField(help_text="Área oficial do IBGE da origem.")
    pct_da_origem = s.FloatField(help_text="% da área oficial da origem (Art. 8º).")
    pct_do_territorio = s.FloatField()
    pedacos_remanescente = s.IntegerField(help_text="Continuidade (Art. 1º, § 1º).")
    fragmentos_remanescente_km2 = s.ListField(child=s.FloatField())
    limiar_km2 = s.FloatField()


class SobreposicaoSaida(s.Serializer):
    codigo_ibge = s.IntegerField()
    nome = s.CharField()
    km2 = s.FloatField()
    pct_do_territorio = s.FloatField()
    fragmento = s.BooleanField(help_text="Abaixo de max(1 km², 0,05 %): resíduo, não achado.")


class PontoCitadoSaida(s.Serializer):
    trecho = s.CharField()
    lon = s.FloatField()
    lat = s.FloatField()
    distancia_m = s.FloatField(help_text="Distância ao contorno do mapa (m).")


class ComparacaoMemorialSaida(s.Serializer):
    fecha_poligono = s.BooleanField()
    area_memorial_km2 = s.FloatField(allow_null=True)
    diferenca_km2 = s.FloatField(allow_null=True)
    hausdorff_m = s.FloatField(allow_null=True)
    iou = s.FloatField(allow_null=True, help_text="Interseção sobre união.")
    pontos_citados = PontoCitadoSaida(many=True)
    maior_distancia_m = s.FloatField(allow_null=True)


class SimulacaoTerritorialSaida(s.Serializer):
    edicao_da_malha = s.CharField()
    fonte_da_malha = s.CharField()
    area_km2 = s.FloatField()
    pedacos = s.IntegerField(help_text="Continuidade do novo território (Art. 2º, VI).")
    fragmentos_km2 = s.ListField(child=s.FloatField())
    limiar_km2 = s.FloatField()
    continuo = s.BooleanField()
    origens = OrigemSaida(many=True)
    sobreposicoes = SobreposicaoSaida(many=True)
    fora_do_estado_km2 = s.FloatField()
    reparado = s.BooleanField()
    memorial_rascunho = s.CharField()
    comparacao_do_memorial = ComparacaoMemorialSaida(allow_null=True)


class ReparoSaida(s.Serializer):
    area_antes_km2 = s.FloatField()
    area_depois_km2 = s.FloatField()
    pedacos_depois = s.IntegerField()


class SimulacaoTerritorialErro(s.Serializer):
    detail = s.JSONField(
        required=False, help_text="A mensagem (ou a lista delas) do que não é de um campo."
    )
    arquivo = s.ListField(child=s.CharField(), required=False)
    origens = s.JSONField(
        required=False,
        help_text="As mensagens, ou as mensagens por posição na lista (um código inválido).",
    )
    memorial = s.ListField(child=s.CharField(), required=False)
    reparo = ReparoSaida(required=False, help_text="Quando o contorno se cruza.")


class TerritorioPropriedades(s.Serializer):
    processo = s.CharField()
    nome_proposto = s.CharField()
    versoes_do_mapa = s.ListField(child=s.IntegerField())
    area_km2 = s.FloatField()
    edicao_da_malha = s.CharField(allow_null=True)


class TerritorioFeicao(s.Serializer):
    type = s.ChoiceField(choices=["Feature"])
    geometry = s.DictField(help_text="Polygon ou MultiPolygon (RFC 7946, lon/lat).")
    properties = TerritorioPropriedades()
