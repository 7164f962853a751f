"""Admin: consulta. O resultado e as fases no TRE nascem e mudam só pelos atos."""

from django.contrib import admin

from emancipacao.admin_base import SomenteLeituraAdmin
from plebiscito.models import AcompanhamentoTre, Resultado, UnidadeVotacao


class UnidadeInline(admin.TabularInline):
    model = UnidadeVotacao
    extra = 0
    can_delete = False
    fields = [
        "ordem",
        "nome",
        "area_desmembrada",
        "inscritos",
        "comparecimento",
        "sim",
        "nao",
        "brancos",
        "nulos",
        "sede_sim",
        "sede_nao",
        "sede_brancos",
        "sede_nulos",
    ]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Resultado)
class ResultadoAdmin(SomenteLeituraAdmin):
    list_display = ["processo", "versao", "oficio_tre", "data_leitura_plenario", "abrangencia"]
    list_filter = ["abrangencia", "pergunta_sede"]
    search_fields = ["processo__nome_proposto", "oficio_tre"]
    inlines = [UnidadeInline]


@admin.register(UnidadeVotacao)
class UnidadeVotacaoAdmin(SomenteLeituraAdmin):
    list_display = ["resultado", "nome", "inscritos", "comparecimento", "sim", "nao"]
    search_fields = ["nome", "resultado__processo__nome_proposto"]


@admin.register(AcompanhamentoTre)
class AcompanhamentoTreAdmin(SomenteLeituraAdmin):
    list_display = ["processo", "fase", "data", "referencia"]
    list_filter = ["fase"]
    search_fields = ["processo__nome_proposto", "referencia"]
