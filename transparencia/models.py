"""A liberação de informação ao público (Art. 23).

Uma linha por liberação: o processo, o que foi liberado (um documento interno ou os detalhes
internos do processo: resumo e justificativas dos atos), o Andamento do ato que a fez e, quando
revogada, o Andamento da revogação. Nada se apaga: a revogação só preenche `revogacao`, e a
mesma informação pode ser liberada de novo numa nova linha.
"""

from django.db import models
from django.db.models import Q

from documentos.models import Documento
from processos.models import Andamento, Processo

DETALHES = "detalhes"
ROTULO_DETALHES = "Detalhes internos do processo (resumo do pedido e justificativas dos atos)"


class LiberacaoQuerySet(models.QuerySet):
    def vigentes(self):
        return self.filter(revogacao__isnull=True)


class Liberacao(models.Model):
    processo = models.ForeignKey(Processo, on_delete=models.PROTECT, related_name="liberacoes")
    # Vazio: os detalhes internos do processo.
    documento = models.ForeignKey(
        Documento,
        verbose_name="documento",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="liberacoes",
    )
    andamento = models.OneToOneField(
        Andamento,
        verbose_name="liberada pelo ato",
        on_delete=models.PROTECT,
        related_name="liberacao",
    )
    revogacao = models.OneToOneField(
        Andamento,
        verbose_name="revogada pelo ato",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="liberacao_revogada",
    )

    objects = LiberacaoQuerySet.as_manager()

    class Meta:
        verbose_name = "liberação de informação (Art. 23)"
        verbose_name_plural = "liberações de informação (Art. 23)"
        ordering = ["-andamento__registrado_em", "-id"]
        constraints = [
            # Uma liberação vigente por item: liberar o que já está liberado não faz sentido.
            models.UniqueConstraint(
                fields=["processo", "documento"],
                condition=Q(revogacao__isnull=True, documento__isnull=False),
                name="liberacao_vigente_unica_por_documento",
            ),
            models.UniqueConstraint(
                fields=["processo"],
                condition=Q(revogacao__isnull=True, documento__isnull=True),
                name="liberacao_vigente_unica_dos_detalhes",
            ),
            models.CheckConstraint(
                condition=~Q(revogacao=models.F("andamento")),
                name="liberacao_revogada_por_outro_ato",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.processo.protocolo} — {self.descricao}"

    @property
    def item(self) -> str:
        return self.documento.codigo if self.documento_id else DETALHES

    @property
    def descricao(self) -> str:
        if self.documento_id is None:
            return ROTULO_DETALHES
        return f"{self.documento.titulo} (código {self.documento.codigo})"

    @property
    def vigente(self) -> bool:
        return self.revogacao_id is None
