"""Os signatários da representação (Art. 13) e as importações da lista.

A lista é a prova de quem assinou, e nada nela se apaga: cada linha guarda quem a registrou e
quando, e cada importação guarda o arquivo (nome e SHA-256). Uma linha digitada errado se
corrige, ou se anula (fica riscada, com o motivo, e não conta); cada correção e anulação fica
em `CorrecaoSignatario`, com o antes e o depois, a justificativa, quem e quando.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from processos.busca import SemAcento
from processos.models import Processo


class ImportacaoAssinaturas(models.Model):
    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, related_name="importacoes_assinaturas"
    )
    arquivo = models.CharField("arquivo original", max_length=255)
    sha256 = models.CharField("SHA-256 do arquivo", max_length=64)
    linhas = models.PositiveIntegerField("linhas de dados")
    importadas = models.PositiveIntegerField("assinaturas importadas")
    por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    em = models.DateTimeField("importada em", auto_now_add=True)

    class Meta:
        verbose_name = "importação de assinaturas"
        verbose_name_plural = "importações de assinaturas"
        ordering = ["-em", "-id"]
        constraints = [
            # O mesmo arquivo duas vezes no mesmo processo só repetiria todas as linhas.
            models.UniqueConstraint(
                fields=["processo", "sha256"], name="importacao_arquivo_unico_por_processo"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.arquivo} — {self.processo.protocolo}"


class Signatario(models.Model):
    processo = models.ForeignKey(Processo, on_delete=models.PROTECT, related_name="signatarios")
    ordem = models.PositiveIntegerField("nº na lista")
    nome = models.CharField("nome", max_length=200)
    # Os 12 algarismos quando o título confere na forma; senão, o texto como consta da lista.
    titulo_eleitor = models.CharField("título de eleitor", max_length=40)
    titulo_valido = models.BooleanField("título válido")
    # Título válido já listado: o nº da primeira linha com ele (a repetição conta uma vez).
    repete_ordem = models.PositiveIntegerField("repete o título do nº", null=True, blank=True)
    zona = models.CharField("zona eleitoral", max_length=4, blank=True)
    secao = models.CharField("seção eleitoral", max_length=4, blank=True)
    reside_na_area = models.BooleanField("reside na área")
    firma_reconhecida = models.BooleanField("firma reconhecida")
    importacao = models.ForeignKey(
        ImportacaoAssinaturas,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="signatarios",
    )
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    criado_em = models.DateTimeField("registrado em", auto_now_add=True)
    # A linha anulada (lançada por engano) fica na lista, riscada, com o motivo; não conta.
    anulado_em = models.DateTimeField("anulada em", null=True, blank=True)
    motivo_anulacao = models.TextField("motivo da anulação", blank=True)
    # O nome sem acento nem caixa, gravado pelo banco: a busca interna confere cada candidato
    # do índice de trigramas sem normalizar o nome de novo (representacao.busca).
    nome_da_busca = models.GeneratedField(
        expression=SemAcento("nome"), output_field=models.TextField(), db_persist=True
    )

    class Meta:
        verbose_name = "signatário da representação"
        verbose_name_plural = "signatários da representação"
        ordering = ["processo", "ordem"]
        constraints = [
            models.UniqueConstraint(fields=["processo", "ordem"], name="signatario_ordem_unica"),
            # Cada título válido tem uma só linha "original" no processo; as demais o repetem.
            models.UniqueConstraint(
                fields=["processo", "titulo_eleitor"],
                condition=Q(titulo_valido=True, repete_ordem__isnull=True, anulado_em__isnull=True),
                name="signatario_titulo_valido_unico",
            ),
            models.CheckConstraint(
                condition=Q(repete_ordem__isnull=True) | Q(titulo_valido=True),
                name="signatario_so_titulo_valido_repete",
            ),
            models.CheckConstraint(condition=~Q(nome=""), name="signatario_com_nome"),
        ]

    def __str__(self) -> str:
        return f"{self.ordem}. {self.nome} — {self.processo.protocolo}"

    @property
    def anulado(self) -> bool:
        return self.anulado_em is not None

    @property
    def duplicado(self) -> bool:
        return self.repete_ordem is not None

    @property
    def titulo_formatado(self) -> str:
        """ "0012 3456 1805", como impresso no título; o inválido, como veio."""
        t = self.titulo_eleitor
        return f"{t[:4]} {t[4:8]} {t[8:]}" if self.titulo_valido else t


class CorrecaoSignatario(models.Model):
    """A correção ou a anulação de uma linha da lista (Art. 13): os dados da linha antes e
    depois (como se leem), a justificativa, quem e quando."""

    class Acao(models.TextChoices):
        CORRIGIR = "corrigir", "Correção"
        ANULAR = "anular", "Anulação"

    signatario = models.ForeignKey(Signatario, on_delete=models.PROTECT, related_name="correcoes")
    acao = models.CharField("ação", max_length=10, choices=Acao.choices)
    antes = models.JSONField("dados antes")
    depois = models.JSONField("dados depois")
    justificativa = models.TextField("justificativa")
    por = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    em = models.DateTimeField("em", auto_now_add=True)
    # O ato "Corrigir lista de signatários" que a registrou na linha do tempo (vazio nas
    # gravadas antes de a correção ser um ato).
    andamento = models.OneToOneField(
        "processos.Andamento",
        verbose_name="andamento",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="correcao_de_signatario",
    )

    class Meta:
        verbose_name = "correção de signatário"
        verbose_name_plural = "correções de signatários"
        ordering = ["-em", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(justificativa=""), name="correcao_signatario_com_justificativa"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_acao_display()} do nº {self.signatario.ordem}"
