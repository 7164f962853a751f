"""Os documentos que instruem a representação (Art. 15), como os autos em papel: um item
pode ter vários arquivos (as fotografias, o mapa e o memorial), cada um numerado no item e
com as suas versões; a versão anterior continua nos autos, e nada se apaga — o documento
errado é anulado, com justificativa, e segue visível no histórico."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact
from django.utils import timezone

from documentos.models import ArquivoGuardado
from processos.models import Processo
from representacao.checklist import EXTENSOES, NOMES_DOS_TIPOS, ROTULOS


def caminho_do_arquivo(documento: "DocumentoRepresentacao", _nome_enviado: str) -> str:
    """Nome gerado, com a extensão do tipo conferido: o nome escolhido por quem enviou não
    chega ao armazenamento (nem "../", nem um nome que colida com outro)."""
    extensao = EXTENSOES[documento.tipo_conteudo]
    return f"representacao/{timezone.localdate().year}/{uuid.uuid4().hex}.{extensao}"


class DocumentoRepresentacaoQuerySet(models.QuerySet):
    def do_processo(self, processo):
        return self.filter(processo=processo).select_related("enviado_por", "anulado_por")

    def nao_anulados(self):
        return self.filter(anulado_em__isnull=True)


class DocumentoRepresentacao(ArquivoGuardado):
    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, related_name="documentos_representacao"
    )
    item = models.CharField("item do Art. 15", max_length=40, choices=ROTULOS)
    # O arquivo dentro do item (1, 2, 3…): cada um tem as suas versões.
    numero = models.PositiveIntegerField("arquivo nº", default=1)
    versao = models.PositiveIntegerField("versão")
    nome_original = models.CharField("nome do arquivo enviado", max_length=200)
    tipo_conteudo = models.CharField("tipo do conteúdo", max_length=60, choices=NOMES_DOS_TIPOS)
    paginas = models.PositiveIntegerField("páginas", null=True, blank=True)
    enviado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="enviado por",
        on_delete=models.PROTECT,
        related_name="+",
    )
    enviado_em = models.DateTimeField("enviado em")
    anulado_em = models.DateTimeField("anulado em", null=True, blank=True)
    anulado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="anulado por",
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    justificativa_anulacao = models.TextField("justificativa da anulação", blank=True)

    objects = DocumentoRepresentacaoQuerySet.as_manager()

    PASTA = "representacao"

    class Meta:
        verbose_name = "documento do Art. 15"
        verbose_name_plural = "documentos do Art. 15"
        ordering = ["processo", "item", "numero", "-versao"]
        constraints = [
            models.UniqueConstraint(
                fields=["processo", "item", "numero", "versao"],
                name="documento_art15_versao_unica_no_arquivo",
            ),
            models.CheckConstraint(
                condition=Q(versao__gte=1), name="documento_art15_versao_positiva"
            ),
            models.CheckConstraint(
                condition=Q(numero__gte=1), name="documento_art15_numero_positivo"
            ),
            models.CheckConstraint(
                condition=Exact(Length("sha256"), 64), name="documento_art15_sha256_completo"
            ),
            models.CheckConstraint(
                condition=Q(tipo_conteudo__in=list(NOMES_DOS_TIPOS)),
                name="documento_art15_tipo_aceito",
            ),
            models.CheckConstraint(condition=Q(tamanho__gt=0), name="documento_art15_nao_vazio"),
            # Anulação completa ou nenhuma: quem, quando e por quê, juntos.
            models.CheckConstraint(
                condition=Q(
                    anulado_em__isnull=True, anulado_por__isnull=True, justificativa_anulacao=""
                )
                | (
                    Q(anulado_em__isnull=False, anulado_por__isnull=False)
                    & ~Q(justificativa_anulacao="")
                ),
                name="documento_art15_anulacao_completa",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"{self.get_item_display()} — arquivo {self.numero}, versão {self.versao} "
            f"({self.processo.protocolo})"
        )

    def caminho_do_arquivo(self, nome_enviado: str) -> str:
        return caminho_do_arquivo(self, nome_enviado)

    def objeto_na_varredura(self) -> str:
        return f"Documento do Art. 15 {self.pk}"

    @property
    def anulado(self) -> bool:
        return self.anulado_em is not None
