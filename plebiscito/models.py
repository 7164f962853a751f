"""O resultado do plebiscito por unidade de votação (Art. 11, § 1º; Art. 12, I; Art. 20) e o
acompanhamento das fases no TRE (Art. 19, § 2º).

Cada linha nasce de um ato do processo (o Andamento que a registrou); nada aqui é editado
depois: a retificação do resultado é uma nova versão, e a anterior continua registrada.
"""

from django.db import models
from django.db.models import F, Q

from plebiscito.regras import Unidade, Votacao
from processos.models import Andamento, Processo
from requisitos.models import Municipio


class ResultadoQuerySet(models.QuerySet):
    def vigente(self, processo) -> "Resultado | None":
        """A versão mais alta é a que vale; as anteriores ficam como histórico."""
        return self.filter(processo=processo).order_by("-versao").first()


class Resultado(models.Model):
    """O resultado comunicado pelo TRE e lido em Plenário (Art. 20), numa versão."""

    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, related_name="resultados_plebiscito"
    )
    versao = models.PositiveSmallIntegerField("versão")
    andamento = models.OneToOneField(
        Andamento,
        verbose_name="ato que registrou",
        on_delete=models.PROTECT,
        related_name="resultado_plebiscito",
    )
    oficio_tre = models.CharField("ofício do TRE", max_length=200)
    data_oficio_tre = models.DateField("data do ofício do TRE")
    data_leitura_plenario = models.DateField("lido em Plenário em")
    # Tempus regit actum: a regra do plebiscito é a em vigor na data da consulta (Art. 11).
    data_consulta = models.DateField("data da consulta", null=True, blank=True)
    abrangencia = models.CharField("abrangência em vigor no registro", max_length=30)
    # Fusão: a cédula tem duas perguntas, a fusão e a sede (Art. 4º, parágrafo único).
    pergunta_sede = models.BooleanField("com a pergunta sobre a sede", default=False)

    objects = ResultadoQuerySet.as_manager()

    class Meta:
        verbose_name = "resultado do plebiscito"
        verbose_name_plural = "resultados do plebiscito"
        ordering = ["processo", "-versao"]
        constraints = [
            models.UniqueConstraint(
                fields=["processo", "versao"], name="resultado_versao_unica_por_processo"
            ),
            models.CheckConstraint(condition=Q(versao__gt=0), name="resultado_versao_positiva"),
        ]

    def __str__(self) -> str:
        return f"Resultado do plebiscito — {self.processo.protocolo} (versão {self.versao})"

    def unidades_puras(self) -> list[Unidade]:
        """As unidades como valores das regras puras (`plebiscito.regras`)."""
        return [u.como_unidade(self.pergunta_sede) for u in self.unidades.all()]


class UnidadeVotacao(models.Model):
    """Uma unidade de votação: a área a desmembrar ou um município envolvido."""

    resultado = models.ForeignKey(Resultado, on_delete=models.PROTECT, related_name="unidades")
    ordem = models.PositiveSmallIntegerField("ordem")
    # "area" ou "m<código IBGE>": identifica a unidade mesmo se o nome proposto mudar depois.
    chave = models.CharField("chave", max_length=20)
    nome = models.CharField("unidade", max_length=200)
    municipio = models.ForeignKey(
        Municipio,
        verbose_name="município",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    area_desmembrada = models.BooleanField("é a área consultada")
    inscritos = models.PositiveIntegerField("eleitores inscritos")
    comparecimento = models.PositiveIntegerField("comparecimento")
    sim = models.PositiveIntegerField("Sim")
    nao = models.PositiveIntegerField("Não")
    brancos = models.PositiveIntegerField("brancos")
    nulos = models.PositiveIntegerField("nulos")
    sede_sim = models.PositiveIntegerField("sede: Sim", null=True, blank=True)
    sede_nao = models.PositiveIntegerField("sede: Não", null=True, blank=True)
    sede_brancos = models.PositiveIntegerField("sede: brancos", null=True, blank=True)
    sede_nulos = models.PositiveIntegerField("sede: nulos", null=True, blank=True)

    class Meta:
        verbose_name = "unidade de votação"
        verbose_name_plural = "unidades de votação"
        ordering = ["resultado", "ordem"]
        constraints = [
            models.UniqueConstraint(fields=["resultado", "nome"], name="unidade_nome_unico"),
            models.UniqueConstraint(fields=["resultado", "chave"], name="unidade_chave_unica"),
            models.UniqueConstraint(fields=["resultado", "ordem"], name="unidade_ordem_unica"),
            # O boletim do TRE fecha (Art. 11):
            # sim + não + brancos + nulos = comparecimento ≤ inscritos.
            models.CheckConstraint(
                condition=Q(comparecimento=F("sim") + F("nao") + F("brancos") + F("nulos")),
                name="unidade_votos_somam_comparecimento",
            ),
            models.CheckConstraint(
                condition=Q(comparecimento__lte=F("inscritos")),
                name="unidade_comparecimento_ate_inscritos",
            ),
            models.CheckConstraint(
                condition=Q(
                    sede_sim__isnull=True,
                    sede_nao__isnull=True,
                    sede_brancos__isnull=True,
                    sede_nulos__isnull=True,
                )
                | Q(
                    comparecimento=F("sede_sim")
                    + F("sede_nao")
                    + F("sede_brancos")
                    + F("sede_nulos")
                ),
                name="unidade_sede_soma_comparecimento",
            ),
        ]

    def __str__(self) -> str:
        return self.nome

    def como_unidade(self, pergunta_sede: bool) -> Unidade:
        sede = None
        if pergunta_sede:
            sede = Votacao(
                self.inscritos,
                self.comparecimento,
                self.sede_sim,
                self.sede_nao,
                self.sede_brancos,
                self.sede_nulos,
            )
        votacao = Votacao(
            self.inscritos, self.comparecimento, self.sim, self.nao, self.brancos, self.nulos
        )
        return Unidade(self.nome, self.area_desmembrada, votacao, sede)


class FaseTre(models.TextChoices):
    RESOLUCAO = "resolucao", "Resolução do TRE"
    DATA_MARCADA = "data_marcada", "Data marcada"
    REALIZADO = "realizado", "Plebiscito realizado"
    APURADO = "apurado", "Resultado apurado"
    HOMOLOGADO = "homologado", "Resultado homologado"
    RECUSADO = "recusado", "Realização recusada pelo TRE"


class AcompanhamentoTre(models.Model):
    """Uma fase do plebiscito no TRE, registrada pela CRT (Art. 19, § 2º)."""

    processo = models.ForeignKey(Processo, on_delete=models.PROTECT, related_name="fases_tre")
    andamento = models.OneToOneField(
        Andamento, on_delete=models.PROTECT, related_name="fase_tre", verbose_name="ato"
    )
    fase = models.CharField("fase", max_length=20, choices=FaseTre.choices)
    data = models.DateField("data da fase")
    referencia = models.CharField("referência (resolução, ofício, processo)", max_length=200)
    observacao = models.TextField("observação", blank=True)

    class Meta:
        verbose_name = "fase do plebiscito no TRE"
        verbose_name_plural = "fases do plebiscito no TRE"
        ordering = ["processo", "-data", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(fase__in=FaseTre.values), name="fase_tre_valida"),
        ]

    def __str__(self) -> str:
        return f"{self.get_fase_display()} — {self.data:%d/%m/%Y}"
