"""No admin, as inscrições e os avisos sem o endereço (dado pessoal): a administração vê
quantos acompanham cada processo, o que está pendente e por que falhou. Apagar uma inscrição
é permitido (o cidadão que pede a exclusão sem ter a mensagem à mão): a busca é só pelo
endereço exato, e a lista nunca o mostra."""

from django.contrib import admin
from django.db.models import Count, Q

from acompanhamento.models import Aviso, Inscricao
from emancipacao.admin_base import SomenteLeituraAdmin


class SituacaoFilter(admin.SimpleListFilter):
    title = "situação"
    parameter_name = "situacao"

    def lookups(self, request, model_admin):
        return [("confirmada", "Confirmada"), ("pendente", "Pendente de confirmação")]

    def queryset(self, request, queryset):
        if self.value() == "confirmada":
            return queryset.filter(confirmada_em__isnull=False)
        if self.value() == "pendente":
            return queryset.filter(confirmada_em__isnull=True)
        return queryset


@admin.register(Inscricao)
class InscricaoAdmin(SomenteLeituraAdmin):
    list_display = ["id", "processo", "situacao", "criada_em", "confirmada_em", "n_avisos"]
    list_filter = [SituacaoFilter]
    # "=": só o endereço exato; nenhuma busca por parte de endereço.
    search_fields = ["=email"]
    search_help_text = "Busca pelo endereço de e-mail exato (o endereço não é exibido)."
    fields = ["processo", "criada_em", "pedida_em", "confirmada_em"]
    readonly_fields = fields
    list_select_related = ["processo"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(_avisos=Count("avisos", filter=Q(avisos__enviado_em__isnull=False)))
        )

    @admin.display(description="situação", boolean=False)
    def situacao(self, obj):
        return "Confirmada" if obj.confirmada_em else "Pendente"

    @admin.display(description="avisos enviados", ordering="_avisos")
    def n_avisos(self, obj):
        return obj._avisos

    def has_delete_permission(self, request, obj=None):
        # Apagar é o único gesto: a exclusão do dado pessoal a pedido do titular.
        return request.user.is_superuser

    def get_deleted_objects(self, objs, request):
        # Os avisos da inscrição vão com ela (não têm endereço; não se apagam sozinhos).
        apagados, contagem, _, protegidos = super().get_deleted_objects(objs, request)
        return apagados, contagem, set(), protegidos


class EnvioFilter(admin.SimpleListFilter):
    title = "envio"
    parameter_name = "envio"

    def lookups(self, request, model_admin):
        return [("enviado", "Enviado"), ("pendente", "Pendente"), ("falhou", "Com falha")]

    def queryset(self, request, queryset):
        if self.value() == "enviado":
            return queryset.filter(enviado_em__isnull=False)
        if self.value() == "pendente":
            return queryset.filter(enviado_em__isnull=True)
        if self.value() == "falhou":
            return queryset.filter(enviado_em__isnull=True, tentativas__gt=0)
        return queryset


@admin.register(Aviso)
class AvisoAdmin(SomenteLeituraAdmin):
    list_display = ["id", "processo", "andamento", "criado_em", "enviado_em", "tentativas"]
    list_display += ["ultimo_erro"]
    list_filter = [EnvioFilter]
    fields = ["inscricao", "andamento", "criado_em", "enviado_em", "tentativas", "ultimo_erro"]
    readonly_fields = fields
    list_select_related = ["andamento__processo", "inscricao__processo"]

    @admin.display(description="processo")
    def processo(self, obj):
        return obj.andamento.processo.protocolo
