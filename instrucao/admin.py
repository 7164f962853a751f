"""Admin da instrução: só consulta — ofícios e certidões nascem e mudam só pelos atos."""

from django.contrib import admin

from emancipacao.admin_base import SomenteLeituraAdmin
from instrucao.models import (
    AvisoPrazo,
    Certidao,
    FiguraCertidao,
    Oficio,
    PrazoDoProcesso,
    PrazosNoDia,
    RascunhoReiteracao,
    RetificacaoRecebimento,
    SemArDoProcesso,
    SemArNoDia,
    SequenciaOficio,
)


@admin.register(Oficio)
class OficioAdmin(SomenteLeituraAdmin):
    """Consulta; os ofícios nascem e mudam só pelos atos (prazo, resposta, reiteração)."""

    list_display = ["numero", "processo", "orgao", "enviado_em", "vencimento", "respondido_em"]
    list_filter = ["orgao", "enviado_em"]
    search_fields = ["numero", "processo__nome_proposto"]


@admin.register(SequenciaOficio)
class SequenciaOficioAdmin(SomenteLeituraAdmin):
    list_display = ["ano", "ultimo"]


class FiguraCertidaoInline(admin.TabularInline):
    model = FiguraCertidao
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Certidao)
class CertidaoAdmin(SomenteLeituraAdmin):
    """Consulta; a correção de uma certidão é uma versão nova, registrada pela tela."""

    list_display = ["numero", "versao", "oficio", "data", "exercicio", "registrada_em"]
    list_filter = ["oficio__orgao"]
    search_fields = ["numero", "oficio__numero", "oficio__processo__nome_proposto"]
    inlines = [FiguraCertidaoInline]


@admin.register(RascunhoReiteracao)
class RascunhoReiteracaoAdmin(SomenteLeituraAdmin):
    """Consulta; o rascunho nasce do servidor e vira reiteração só pelo Presidente (Art. 21)."""

    list_display = ["oficio", "preparado_por", "preparado_em", "reiteracao", "descartado_em"]


@admin.register(RetificacaoRecebimento)
class RetificacaoRecebimentoAdmin(SomenteLeituraAdmin):
    """Consulta; a retificação do AR é feita pela tela do ofício, com justificativa."""

    list_display = ["oficio", "recebido_em_anterior", "recebido_em", "registrada_por"]


@admin.register(AvisoPrazo)
class AvisoPrazoAdmin(SomenteLeituraAdmin):
    """Registro dos avisos de prazo enviados (`verificar_prazos`): o mesmo não sai duas vezes."""

    list_display = ["oficio", "evento", "destinatario", "enviado_em"]


@admin.register(FiguraCertidao)
class FiguraCertidaoAdmin(SomenteLeituraAdmin):
    list_display = ["certidao", "chave", "populacao", "eleitores", "valor_adicionado"]
    list_filter = ["certidao__oficio__orgao"]


@admin.register(PrazosNoDia)
class PrazosNoDiaAdmin(SomenteLeituraAdmin):
    """Consulta; mantidos pelos atos (instrucao.prazos_abertos)."""

    list_display = ["vencimento", "abertos"]


@admin.register(PrazoDoProcesso)
class PrazoDoProcessoAdmin(SomenteLeituraAdmin):
    """Consulta; mantido pelos atos (instrucao.prazos_abertos)."""

    list_display = ["processo", "vencimento"]


@admin.register(SemArNoDia)
class SemArNoDiaAdmin(SomenteLeituraAdmin):
    """Consulta; mantidos pelos atos (instrucao.prazos_abertos)."""

    list_display = ["enviado_em", "quantos"]


@admin.register(SemArDoProcesso)
class SemArDoProcessoAdmin(SomenteLeituraAdmin):
    """Consulta; mantido pelos atos (instrucao.prazos_abertos)."""

    list_display = ["processo"]
