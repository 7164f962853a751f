from django.contrib import admin

from emancipacao.admin_base import SomenteLeituraAdmin
from transparencia.models import Liberacao


@admin.register(Liberacao)
class LiberacaoAdmin(SomenteLeituraAdmin):
    """Somente leitura: liberar e revogar são atos do processo (Art. 23)."""

    list_display = ("processo", "descricao", "andamento", "revogacao")
    list_select_related = ("processo", "documento", "andamento", "revogacao")
    search_fields = ("processo__nome_proposto", "documento__codigo")
