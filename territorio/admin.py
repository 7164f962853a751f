"""Admin do território: consulta. A malha entra pelo comando `carregar_malha`, as origens
dos municípios pelo `carregar_origens`, e as conferências são calculadas quando o mapa é
juntado; o admin não cria, altera nem apaga."""

from django.contrib import admin

from emancipacao.admin_base import SomenteLeituraAdmin
from territorio.models import (
    ConferenciaTerritorial,
    EdicaoDaMalha,
    LeituraDoMemorial,
    MapaReparado,
    MemorialAdotado,
    MunicipioNaMalha,
    OrigemMunicipal,
)


@admin.register(EdicaoDaMalha)
class EdicaoDaMalhaAdmin(SomenteLeituraAdmin):
    list_display = ["nome", "ano", "fonte", "carregada_em"]


@admin.register(MunicipioNaMalha)
class MunicipioNaMalhaAdmin(SomenteLeituraAdmin):
    list_display = ["municipio", "edicao", "area_oficial_km2", "populacao", "populacao_ano"]
    list_filter = ["edicao"]
    exclude = ["geometria"]


@admin.register(ConferenciaTerritorial)
class ConferenciaTerritorialAdmin(SomenteLeituraAdmin):
    list_display = ["documento", "edicao", "calculada_em"]
    list_filter = ["edicao"]


@admin.register(MapaReparado)
class MapaReparadoAdmin(SomenteLeituraAdmin):
    list_display = ["documento", "nome_enviado", "sha256", "andamento"]


@admin.register(MemorialAdotado)
class MemorialAdotadoAdmin(SomenteLeituraAdmin):
    list_display = ["processo", "versao", "sha256", "sha256_do_mapa", "editado"]


@admin.register(LeituraDoMemorial)
class LeituraDoMemorialAdmin(SomenteLeituraAdmin):
    list_display = ["documento", "mapa", "lido_em"]
    exclude = ["texto"]


@admin.register(OrigemMunicipal)
class OrigemMunicipalAdmin(SomenteLeituraAdmin):
    list_display = ["municipio", "origem", "lei_de_criacao", "fonte", "carregada_em"]
    search_fields = ["municipio__nome", "origem__nome"]
