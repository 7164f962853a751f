"""Os dados da representação que decidem a sua validade conforme o tipo (além das
assinaturas): na extinção, o fundamento, os municípios que recebem o território e, a
requerimento dos eleitores, o eleitorado do município (Art. 10), e a aprovação da Câmara
Municipal, na alteração de nome (Art. 6º, § 2º).

Cada registro é uma versão: corrigir é gravar a seguinte; a anterior fica (só acrescenta)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from processos.models import Processo


class FundamentoExtincao(models.TextChoices):
    PERDA_REQUISITOS = "I", "I — perda dos requisitos do Art. 2º, I a V"
    INUNDACAO = "II", "II — inundação ou destruição da sede"
    REQUERIMENTO = "III", "III — requerimento da maioria absoluta dos eleitores"


class DadosRepresentacaoQuerySet(models.QuerySet):
    def vigente(self, processo) -> "DadosRepresentacao | None":
        return self.filter(processo=processo).order_by("-versao").first()


class DadosRepresentacao(models.Model):
    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, related_name="dados_representacao"
    )
    versao = models.PositiveSmallIntegerField("versão", default=1)
    fundamento_extincao = models.CharField(
        "fundamento da extinção (Art. 10)",
        max_length=3,
        choices=FundamentoExtincao.choices,
        blank=True,
    )
    # Art. 10, §§ 1º e 2º: para onde vai o território do município extinto — o de sua
    # origem (I e II) ou os contíguos indicados pelos eleitores requerentes (III).
    municipios_destino = models.ManyToManyField(
        "requisitos.Municipio",
        verbose_name="municípios que recebem o território (Art. 10, §§ 1º e 2º)",
        related_name="+",
        blank=True,
    )
    eleitores_municipio = models.PositiveIntegerField(
        "eleitores do município", null=True, blank=True
    )
    eleitores_fonte = models.CharField("fonte do eleitorado", max_length=200, blank=True)
    eleitores_data = models.DateField("eleitorado apurado em", null=True, blank=True)
    camara_membros = models.PositiveSmallIntegerField(
        "membros da Câmara Municipal", null=True, blank=True
    )
    camara_votos_favoraveis = models.PositiveSmallIntegerField(
        "votos favoráveis na Câmara", null=True, blank=True
    )
    camara_sessao = models.CharField("sessão da Câmara", max_length=200, blank=True)
    camara_data = models.DateField("sessão da Câmara em", null=True, blank=True)
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="registrado por",
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
    )

    objects = DadosRepresentacaoQuerySet.as_manager()

    class Meta:
        verbose_name = "dados da representação"
        verbose_name_plural = "dados das representações"
        ordering = ["processo", "-versao"]
        constraints = [
            models.UniqueConstraint(
                fields=["processo", "versao"], name="dados_representacao_versao_unica"
            ),
            models.CheckConstraint(
                condition=Q(camara_votos_favoraveis__isnull=True)
                | Q(camara_membros__isnull=True)
                | Q(camara_votos_favoraveis__lte=F("camara_membros")),
                name="camara_votos_ate_membros",
            ),
        ]

    def __str__(self) -> str:
        return f"Dados da representação — {self.processo.protocolo} (versão {self.versao})"
