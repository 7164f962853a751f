"""Admin de consulta: documentos emitidos são imutáveis (nada se altera nem se apaga aqui);
uma nova versão só nasce de uma nova emissão."""

from django.contrib import admin

from documentos.models import Assinatura, Documento
from emancipacao.admin_base import SomenteLeituraAdmin


class AssinaturaInline(admin.TabularInline):
    model = Assinatura
    extra = 0
    fields = ["modalidade", "nome", "cargo", "assinado_em"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Documento)
class DocumentoAdmin(SomenteLeituraAdmin):
    list_display = ["codigo", "tipo", "titulo", "versao", "processo", "emitido_em", "emitente_nome"]
    list_filter = ["tipo", "emitido_em"]
    search_fields = ["codigo", "titulo", "processo__nome_proposto", "sha256"]
    date_hierarchy = "emitido_em"
    inlines = [AssinaturaInline]


@admin.register(Assinatura)
class AssinaturaAdmin(SomenteLeituraAdmin):
    list_display = ["documento", "modalidade", "nome", "cargo", "assinado_em"]
    list_filter = ["modalidade"]
    search_fields = ["nome", "documento__codigo"]
