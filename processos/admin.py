"""Admin: consulta e dados cadastrais. O estado é somente leitura — muda só pelos atos."""

from django.contrib import admin

from emancipacao.admin_base import SomenteLeituraAdmin
from processos.models import (
    Andamento,
    ExercicioPresidencia,
    Manifestacao,
    Processo,
    RegistroAcesso,
    RevisaoDoProcesso,
    SequenciaProtocolo,
)


class AndamentoInline(admin.TabularInline):
    model = Andamento
    extra = 0
    can_delete = False
    fields = ["data_ato", "ato", "estado_origem", "estado_destino", "usuario", "justificativa"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Processo)
class ProcessoAdmin(SomenteLeituraAdmin):
    """Consulta. O processo nasce pelo ato "protocolar" (numeração e Andamento) e muda só
    pelos atos — os dados, pelo "retificar_dados", que registra antes/depois e respeita os
    bloqueios do Art. 19, § 3º; uma edição aqui os contornaria."""

    list_display = ["protocolo", "tipo", "nome_proposto", "estado", "ultima_movimentacao"]
    list_filter = ["tipo", "estado", "ano", "forma_encaminhamento"]
    search_fields = ["nome_proposto", "sede_proposta", "numero", "municipios_origem__nome"]
    inlines = [AndamentoInline]
    date_hierarchy = "criado_em"

    @admin.display(description="número", ordering="numero")
    def protocolo(self, obj):
        return obj.protocolo

    def get_readonly_fields(self, request, obj=None):
        # Todos os campos, inclusive o M2M: somente leitura mesmo que alguém conceda
        # permissão de alteração.
        opcoes = self.model._meta
        return [f.name for f in opcoes.fields if not f.primary_key] + [
            f.name for f in opcoes.many_to_many
        ]


@admin.register(Andamento)
class AndamentoAdmin(SomenteLeituraAdmin):
    list_display = ["processo", "data_ato", "ato", "estado_origem", "estado_destino", "usuario"]
    list_filter = ["ato", "estado_destino"]
    search_fields = ["processo__nome_proposto", "justificativa"]
    date_hierarchy = "data_ato"


@admin.register(ExercicioPresidencia)
class ExercicioPresidenciaAdmin(admin.ModelAdmin):
    list_display = ["membro", "inicio", "fim", "ato_designacao"]
    list_filter = ["inicio"]


@admin.register(RegistroAcesso)
class RegistroAcessoAdmin(SomenteLeituraAdmin):
    list_display = ["em", "usuario", "processo", "objeto"]
    list_filter = ["em"]
    search_fields = ["usuario__username", "processo__nome_proposto"]


@admin.register(SequenciaProtocolo)
class SequenciaProtocoloAdmin(SomenteLeituraAdmin):
    """Consulta do último número de protocolo por ano; a numeração só avança pelo ato."""

    list_display = ["ano", "ultimo"]


@admin.register(Manifestacao)
class ManifestacaoAdmin(SomenteLeituraAdmin):
    list_display = ["registrada_em", "deputado", "processo"]
    search_fields = ["texto", "deputado__username", "processo__nome_proposto"]


@admin.register(RevisaoDoProcesso)
class RevisaoDoProcessoAdmin(SomenteLeituraAdmin):
    """Consulta do contador de gravações de cada processo (chave dos trechos em cache)."""

    list_display = ["processo", "valor"]
