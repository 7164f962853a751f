"""Base do admin para registros que o sistema só acrescenta (auditoria, documentos emitidos,
numeração): o administrador consulta, mas não cria, altera nem apaga."""

from django.contrib import admin


class SomenteLeituraAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
