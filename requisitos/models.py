"""Dados de referência (municípios de MT, valor adicionado) e parâmetros legais versionados."""

from datetime import date

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from requisitos.parametros import DEFINICOES, ParametrosLegais, converter_valor


class Municipio(models.Model):
    """Município de Mato Grosso. Cada número traz sua fonte e data."""

    codigo_ibge = models.PositiveIntegerField("código IBGE", unique=True)
    nome = models.CharField("nome", max_length=120)
    area_km2 = models.DecimalField(
        "área (km²)", max_digits=12, decimal_places=3, null=True, blank=True
    )
    area_fonte = models.CharField("fonte da área", max_length=200, blank=True)
    populacao = models.PositiveIntegerField("população", null=True, blank=True)
    populacao_fonte = models.CharField("fonte da população", max_length=200, blank=True)
    populacao_data = models.DateField("data de referência da população", null=True, blank=True)
    eleitores = models.PositiveIntegerField("eleitores", null=True, blank=True)
    eleitores_fonte = models.CharField("fonte do eleitorado", max_length=200, blank=True)
    eleitores_data = models.DateField("data do eleitorado", null=True, blank=True)
    instalado_em = models.DateField("instalado em", null=True, blank=True)
    dados_demonstrativos = models.BooleanField(
        "números demonstrativos",
        default=False,
        help_text="Marque quando os números não vêm de fonte oficial (dados de demonstração).",
    )

    class Meta:
        verbose_name = "município de Mato Grosso"
        verbose_name_plural = "municípios de Mato Grosso"
        ordering = ["nome"]

    def __str__(self) -> str:
        return self.nome


class ValorAdicionado(models.Model):
    """Valor adicionado de um município num exercício, da tabela da SEFAZ (Art. 2º, IV)."""

    municipio = models.ForeignKey(
        Municipio, on_delete=models.PROTECT, related_name="valores_adicionados"
    )
    exercicio = models.PositiveIntegerField("exercício")
    valor = models.DecimalField("valor adicionado (R$)", max_digits=18, decimal_places=2)
    fonte = models.CharField("fonte", max_length=200, default="SEFAZ-MT")

    class Meta:
        verbose_name = "valor adicionado"
        verbose_name_plural = "valores adicionados"
        ordering = ["-exercicio", "valor"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipio", "exercicio"], name="va_um_por_municipio_exercicio"
            ),
            models.CheckConstraint(condition=models.Q(valor__gte=0), name="va_nao_negativo"),
        ]

    def __str__(self) -> str:
        return f"{self.municipio} — {self.exercicio}"


class ParametroLegalQuerySet(models.QuerySet):
    def em_vigor(self, data: date | None = None) -> ParametrosLegais:
        """Os parâmetros em vigor na data (hoje, se omitida): para cada nome, o registro de
        maior início de vigência que não seja posterior à data; na falta, o padrão legal."""
        data = data or timezone.localdate()
        registros = self.filter(vigencia_inicio__lte=data).order_by("nome", "vigencia_inicio")
        return parametros_dos_registros(registros, data)


def parametros_dos_registros(registros, data: date) -> ParametrosLegais:
    """Os parâmetros em vigor na data a partir de registros já lidos, em ordem de nome e de
    início de vigência (a leitura única da página lê todos uma vez, para qualquer data)."""
    valores = {}
    for registro in registros:
        if registro.vigencia_inicio <= data:
            valores[registro.nome] = converter_valor(registro.nome, registro.valor)
    return ParametrosLegais(**valores, data_referencia=data)


class ParametroLegal(models.Model):
    """Um valor de parâmetro legal, com fonte e início de vigência.
    Versionado: uma alteração é um novo registro com nova data; o antigo permanece."""

    nome = models.CharField(
        "parâmetro", max_length=40, choices=[(n, d.descricao) for n, d in DEFINICOES.items()]
    )
    valor = models.CharField("valor", max_length=60)
    vigencia_inicio = models.DateField("início de vigência")
    fundamento = models.CharField("fonte legal", max_length=300)
    observacao = models.TextField("observação", blank=True)

    objects = ParametroLegalQuerySet.as_manager()

    class Meta:
        verbose_name = "parâmetro legal"
        verbose_name_plural = "parâmetros legais"
        ordering = ["nome", "-vigencia_inicio"]
        constraints = [
            models.UniqueConstraint(
                fields=["nome", "vigencia_inicio"], name="parametro_uma_versao_por_data"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_nome_display()}: {self.valor} (desde {self.vigencia_inicio:%d/%m/%Y})"

    def clean(self):
        # Alterar uma versão mudaria em silêncio as avaliações posteriores à sua data; a
        # correção é uma nova versão. O banco tem a mesma barreira (migração 0003).
        if self.pk is not None:
            raise ValidationError(
                "Parâmetro legal gravado não se altera: cadastre uma nova versão, com a fonte "
                "e o início de vigência."
            )
        if self.nome not in DEFINICOES:
            return
        try:
            self.valor = str(converter_valor(self.nome, self.valor))
        except ValueError as exc:
            raise ValidationError({"valor": str(exc)}) from exc
        ultima = self.historico().first()
        if ultima and self.vigencia_inicio and self.vigencia_inicio <= ultima.vigencia_inicio:
            raise ValidationError(
                {
                    "vigencia_inicio": "A nova versão deve começar depois da última deste "
                    f"parâmetro ({ultima.valor}, desde {ultima.vigencia_inicio:%d/%m/%Y})."
                }
            )

    def historico(self) -> models.QuerySet:
        """Todas as versões deste parâmetro, da mais recente à mais antiga."""
        return ParametroLegal.objects.filter(nome=self.nome).order_by("-vigencia_inicio")


def parametros_em_vigor(data: date | None = None) -> ParametrosLegais:
    return ParametroLegal.objects.em_vigor(data)
