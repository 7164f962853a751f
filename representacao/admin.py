"""Admin da representação: consulta. A lista de signatários e as importações só crescem pelas
telas e pelo comando (quem e quando ficam gravados); o admin não cria, altera nem apaga."""

from django.contrib import admin

from emancipacao.admin_base import SomenteLeituraAdmin
from representacao.models import (
    CorrecaoSignatario,
    DadosRepresentacao,
    DocumentoRepresentacao,
    ImportacaoAssinaturas,
    Signatario,
)

# --- signatários (Art. 13) ------------------------------------------------------------------


@admin.register(CorrecaoSignatario)
class CorrecaoSignatarioAdmin(SomenteLeituraAdmin):
    list_display = ["signatario", "acao", "por", "em"]
    list_filter = ["acao", "em"]


@admin.register(Signatario)
class SignatarioAdmin(SomenteLeituraAdmin):
    list_display = [
        "processo",
        "ordem",
        "nome",
        "titulo_eleitor",
        "titulo_valido",
        "repete_ordem",
        "reside_na_area",
        "firma_reconhecida",
        "criado_em",
    ]
    list_filter = ["titulo_valido", "reside_na_area", "firma_reconhecida", "criado_em"]
    search_fields = ["nome", "titulo_eleitor", "processo__nome_proposto"]
    list_select_related = ["processo"]
    raw_id_fields = ["processo", "importacao", "criado_por"]


@admin.register(ImportacaoAssinaturas)
class ImportacaoAssinaturasAdmin(SomenteLeituraAdmin):
    list_display = ["processo", "arquivo", "linhas", "importadas", "por", "em"]
    list_filter = ["em"]
    search_fields = ["arquivo", "sha256", "processo__nome_proposto"]
    list_select_related = ["processo", "por"]


# --- fim dos signatários --------------------------------------------------------------------


# --- documentos do Art. 15 ------------------------------------------------------------------


@admin.register(DocumentoRepresentacao)
class DocumentoRepresentacaoAdmin(SomenteLeituraAdmin):
    """Sem o campo do arquivo: o admin o mostraria como link para a pasta de mídia, e o
    arquivo só é servido pela tela do processo, com permissão e hash conferidos."""

    list_display = [
        "processo",
        "item",
        "versao",
        "nome_original",
        "tipo_conteudo",
        "tamanho",
        "enviado_por",
        "enviado_em",
        "anulado_em",
    ]
    list_filter = ["item", "tipo_conteudo", "enviado_em", "anulado_em"]
    search_fields = ["nome_original", "sha256", "processo__nome_proposto"]
    list_select_related = ["processo", "enviado_por"]
    exclude = ["arquivo"]
    readonly_fields = ["caminho_armazenado"]

    @admin.display(description="arquivo armazenado")
    def caminho_armazenado(self, documento):
        return documento.arquivo.name


# --- dados por tipo (Arts. 6º, § 2º; 10, III) -----------------------------------------------


@admin.register(DadosRepresentacao)
class DadosRepresentacaoAdmin(SomenteLeituraAdmin):
    """Consulta: cada correção é uma nova versão, gravada pela tela do processo."""

    list_display = ["processo", "versao", "fundamento_extincao", "registrado_por", "registrado_em"]
    list_filter = ["fundamento_extincao"]
    search_fields = ["processo__nome_proposto", "eleitores_fonte", "camara_sessao"]
