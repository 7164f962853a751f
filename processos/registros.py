"""Registros ao redor do processo: Presidência em exercício (Art. 21), manifestações e
vistas dos Deputados (Art. 22). Importados por `processos.models` para o Django."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class ExercicioPresidenciaQuerySet(models.QuerySet):
    def vigentes(self, data):
        return self.filter(Q(fim__isnull=True) | Q(fim__gte=data), inicio__lte=data)


class ExercicioPresidencia(models.Model):
    """Art. 21: membro da CRT em exercício da Presidência, na ausência do Presidente."""

    membro = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    inicio = models.DateField("início")
    fim = models.DateField("fim", null=True, blank=True)
    ato_designacao = models.CharField("ato de designação", max_length=200)

    objects = ExercicioPresidenciaQuerySet.as_manager()

    class Meta:
        verbose_name = "exercício da Presidência"
        verbose_name_plural = "exercícios da Presidência"
        constraints = [
            models.CheckConstraint(
                condition=Q(fim__isnull=True) | Q(fim__gte=models.F("inicio")),
                name="exercicio_fim_apos_inicio",
            )
        ]

    def __str__(self) -> str:
        return f"{self.membro} em exercício desde {self.inicio:%d/%m/%Y}"


class Manifestacao(models.Model):
    """Art. 22: o Deputado tem "direito a voz e sem direito a voto" — Decisão: a voz é uma
    manifestação registrada no processo; nenhum ato, nenhum voto."""

    processo = models.ForeignKey(
        "processos.Processo", on_delete=models.PROTECT, related_name="manifestacoes"
    )
    deputado = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    texto = models.TextField("manifestação")
    registrada_em = models.DateTimeField("registrada em", auto_now_add=True)

    class Meta:
        verbose_name = "manifestação de Deputado"
        verbose_name_plural = "manifestações de Deputados"
        ordering = ["-registrada_em", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(texto=""), name="manifestacao_com_texto")
        ]

    def __str__(self) -> str:
        return f"{self.deputado} em {self.processo.protocolo}"


class RegistroAcesso(models.Model):
    """Art. 22: cada vista de processo ou documento por Deputado fica registrada."""

    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    processo = models.ForeignKey(
        "processos.Processo", on_delete=models.PROTECT, related_name="acessos"
    )
    objeto = models.CharField("o que foi visto", max_length=120, default="processo")
    em = models.DateTimeField("em", auto_now_add=True)

    class Meta:
        verbose_name = "registro de acesso"
        verbose_name_plural = "registros de acesso"
        ordering = ["-em"]

    def __str__(self) -> str:
        return f"{self.usuario} viu {self.objeto} de {self.processo.protocolo}"
