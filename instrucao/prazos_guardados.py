"""As tabelas dos prazos abertos somados (Art. 2º, § 3º), mantidas pelos atos: quantos
ofícios com prazo aberto vencem em cada dia, e o prazo mais próximo de cada processo. Quem
as mantém e as lê: `instrucao.prazos_abertos`."""

from django.db import models


class PrazosNoDia(models.Model):
    """Quantos ofícios com prazo aberto vencem em `vencimento`."""

    vencimento = models.DateField(primary_key=True)
    abertos = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "prazos abertos no dia"
        verbose_name_plural = "prazos abertos por dia"

    def __str__(self) -> str:
        return f"{self.vencimento:%d/%m/%Y}: {self.abertos}"


class PrazoDoProcesso(models.Model):
    """O prazo mais próximo do processo (o menor vencimento dos seus ofícios com prazo
    aberto) e todos os vencimentos, um por ofício — as parcelas do processo em
    `PrazosNoDia`. Sem prazo aberto, o processo não tem linha."""

    processo = models.OneToOneField(
        "processos.Processo",
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="prazo_aberto",
    )
    vencimento = models.DateField("prazo mais próximo")
    vencimentos = models.JSONField(default=list)

    class Meta:
        verbose_name = "prazo mais próximo do processo"
        verbose_name_plural = "prazos mais próximos dos processos"
        # A ordem pelo prazo (painel.paginacao): pelo índice, até o fim da página.
        indexes = [models.Index(fields=["vencimento", "processo"], name="prazo_do_processo_ordem")]

    def __str__(self) -> str:
        return f"{self.processo_id}: {self.vencimento:%d/%m/%Y}"
