"""Admin de consulta: documentos emitidos são imutáveis (nada se altera nem se apaga aqui);
uma nova versão só nasce de uma nova emissão."""

from django.contrib import admin

from documentos.models import (
    AnexoDoAto,
    Assinatura,
    Documento,
    FalhaIntegridade,
    MaterialDeConfianca,
    NivelExigido,
    RelatorioAssinaturas,
    SerieDocumento,
    TarefaDocumento,
)
from emancipacao.admin_base import SomenteLeituraAdmin


class AssinaturaInline(admin.TabularInline):
    model = Assinatura
    extra = 0
    fields = ["modalidade", "campo", "nome", "cargo", "nivel", "assinado_em"]
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
    list_display = ["documento", "modalidade", "campo", "nome", "nivel", "assinado_em"]
    list_filter = ["modalidade"]
    search_fields = ["nome", "documento__codigo"]


@admin.register(FalhaIntegridade)
class FalhaIntegridadeAdmin(SomenteLeituraAdmin):
    """Arquivos que não conferem com o SHA-256 registrado (ou sumiram), como detectados na
    leitura ou pelo `manage.py verificar_integridade`: o que restaurar da cópia de segurança."""

    list_display = ["objeto", "situacao", "arquivo", "porta", "detectada_em"]
    list_filter = ["porta", "detectada_em"]
    search_fields = ["objeto", "arquivo", "sha256_registrado", "sha256_encontrado"]
    date_hierarchy = "detectada_em"

    @admin.display(description="situação")
    def situacao(self, falha):
        return falha.descricao


@admin.register(SerieDocumento)
class SerieDocumentoAdmin(SomenteLeituraAdmin):
    """A trava de cada série (ver `emissao._versao_anterior`): só consulta."""

    list_display = ["serie"]
    search_fields = ["serie"]


@admin.register(TarefaDocumento)
class TarefaDocumentoAdmin(SomenteLeituraAdmin):
    """As emissões em segundo plano (a cópia integral, o selo): quem pediu e quando — também o
    selo pedido de novo depois de uma falha —, em que pé está, por que falhou; para o suporte.
    O executor é quem as muda (`processar_tarefas`)."""

    list_display = [
        "processo",
        "tipo",
        "documento",
        "estado",
        "etapa",
        "solicitada_por",
        "criada_em",
    ]
    list_filter = ["tipo", "estado", "criada_em"]
    search_fields = ["processo__nome_proposto", "mensagem"]
    date_hierarchy = "criada_em"


@admin.register(AnexoDoAto)
class AnexoDoAtoAdmin(SomenteLeituraAdmin):
    """O PDF que a lei prevê juntado a um ato (a ata, o parecer da CCJR, o ofício do TRE, o
    relatório da visita): nasce com o ato e não muda."""

    list_display = ["andamento", "descricao", "nome_original", "paginas", "sha256"]
    search_fields = ["nome_original", "sha256", "andamento__processo__nome_proposto"]


@admin.register(MaterialDeConfianca)
class MaterialDeConfiancaAdmin(SomenteLeituraAdmin):
    """As raízes e LCRs carregadas por `manage.py carregar_raizes_confiaveis` (o comando é a
    porta de entrada: ele confere o arquivo antes de gravar)."""

    list_display = ["tipo", "descricao", "sha256", "carregado_em"]
    list_filter = ["tipo"]
    search_fields = ["descricao", "sha256"]
    exclude = ["der"]


@admin.register(RelatorioAssinaturas)
class RelatorioAssinaturasAdmin(SomenteLeituraAdmin):
    """O que as assinaturas de um PDF recebido diziam no envio."""

    list_display = ["sha256", "validado_em", "todas_validas"]
    search_fields = ["sha256"]


@admin.register(NivelExigido)
class NivelExigidoAdmin(admin.ModelAdmin):
    """Somente acréscimo, como os parâmetros legais: a mudança do nível exigido é uma versão
    nova, com fonte e início de vigência; a gravada não se altera nem se apaga."""

    list_display = ["tipo_documento", "nivel", "vigencia_inicio", "fundamento"]
    list_filter = ["tipo_documento", "nivel"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
