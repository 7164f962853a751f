from django.contrib import admin

from requisitos.models import Municipio, ParametroLegal, ValorAdicionado


@admin.register(Municipio)
class MunicipioAdmin(admin.ModelAdmin):
    list_display = [
        "nome",
        "codigo_ibge",
        "area_km2",
        "populacao",
        "eleitores",
        "dados_demonstrativos",
    ]
    list_filter = ["dados_demonstrativos"]
    search_fields = ["nome", "codigo_ibge"]


@admin.register(ValorAdicionado)
class ValorAdicionadoAdmin(admin.ModelAdmin):
    list_display = ["municipio", "exercicio", "valor", "fonte"]
    list_filter = ["exercicio"]
    search_fields = ["municipio__nome"]
    autocomplete_fields = ["municipio"]


@admin.register(ParametroLegal)
class ParametroLegalAdmin(admin.ModelAdmin):
    list_display = ["nome", "valor", "vigencia_inicio", "fundamento"]
    list_filter = ["nome"]
    search_fields = ["nome", "fundamento", "observacao"]
