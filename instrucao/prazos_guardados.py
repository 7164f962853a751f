"""As tabelas dos prazos abertos somados (Art. 2º, § 3º), mantidas pelos atos: quantos
ofícios com prazo aberto vencem em cada dia, e o prazo mais próximo de cada processo; e
quantos ofícios sem AR (o prazo ainda não corre) foram enviados em cada dia, com as parcelas
de cada processo. Quem as mantém e as lê: `instrucao.prazos_abertos`."""

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


class SemArNoDia(models.Model):
    """Quantos ofícios sem AR (vigentes, sem resposta, de processo não terminal: o prazo
    ainda não corre) foram enviados em `enviado_em`: o total que Prazos mostra."""

    enviado_em = models.DateField(primary_key=True)
    quantos = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "ofícios sem AR enviados no dia"
        verbose_name_plural = "ofícios sem AR por dia de envio"

    def __str__(self) -> str:
        return f"{self.enviado_em:%d/%m/%Y}: {self.quantos}"


class SemArDoProcesso(models.Model):
    """As datas de envio dos ofícios sem AR do processo, uma por ofício — as parcelas do
    processo em `SemArNoDia`. Sem ofício sem AR, o processo não tem linha."""

    processo = models.OneToOneField(
        "processos.Processo",
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="oficios_sem_ar",
    )
    enviados = models.JSONField(default=list)

    class Meta:
        verbose_name = "ofícios sem AR do processo"
        verbose_name_plural = "ofícios sem AR dos processos"

    def __str__(self) -> str:
        return f"{self.processo_id}: {len(self.enviados)}"
