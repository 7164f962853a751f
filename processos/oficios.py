"""Os ofícios aos órgãos do Estado (Art. 2º, §§ 2º e 3º; Art. 17, § 2º) e suas certidões.

Modelos importados ao fim de `processos.models`. Quem cria e altera ofícios são os
serviços de `processos.servicos_oficios`; aqui ficam só os dados, as invariantes que o banco
garante e as consultas reutilizáveis.
"""

from django.conf import settings
from django.db import models
from django.db.models import Count, F, Q

from processos.estados import Estado, Tipo


class Orgao(models.TextChoices):
    CARTOGRAFIA = "cartografia", "Órgão de Informação e Cartografia do Estado"
    TRE = "tre", "Tribunal Regional Eleitoral (TRE)"
    SEFAZ = "sefaz", "Órgão Fazendário Estadual (SEFAZ)"


# Para a mensagem "Falta a certidão do TRE (Art. 2º, II)".
ORGAO_COM_ARTIGO = {
    Orgao.CARTOGRAFIA: "do Órgão de Informação e Cartografia do Estado",
    Orgao.TRE: "do TRE",
    Orgao.SEFAZ: "da SEFAZ",
}

# O que cada tipo pede a cada órgão (DOMAIN §5). O inciso V (condições de instalação) é
# verificado pela própria CRT na visita (Art. 17, I). Decisões: na extinção (Art. 10, I)
# pedem-se de novo os números de I a IV; na revisão de limites só a Cartografia (área,
# mapa e memorial, Art. 8º).
PEDIDOS_POR_TIPO: dict[str, tuple[tuple[str, str], ...]] = {
    Tipo.CRIACAO: ((Orgao.CARTOGRAFIA, "I, III e VI"), (Orgao.TRE, "II"), (Orgao.SEFAZ, "IV")),
    Tipo.EXTINCAO: ((Orgao.CARTOGRAFIA, "I e III"), (Orgao.TRE, "II"), (Orgao.SEFAZ, "IV")),
    Tipo.REVISAO_LIMITES: ((Orgao.CARTOGRAFIA, "VI"),),
}

TERMINAIS = (Estado.CONCLUIDO, Estado.ARQUIVADO)


class OficioQuerySet(models.QuerySet):
    def vigentes(self):
        """O último de cada cadeia de reiterações: o que ainda espera resposta."""
        return self.filter(reiteracoes__isnull=True)

    def com_prazo_aberto(self):
        """Vigentes, sem resposta, com AR registrado, em processos em andamento."""
        return (
            self.vigentes()
            .filter(respondido_em__isnull=True, vencimento__isnull=False)
            .exclude(processo__estado__in=TERMINAIS)
        )

    def contagem_de_prazos(self, hoje, alerta):
        """Vencidos e vencendo em `alerta` dias — uma consulta, qualquer que seja o número
        de ofícios (Painel)."""
        return self.com_prazo_aberto().aggregate(
            vencidos=Count("id", filter=Q(vencimento__lt=hoje)),
            vencendo=Count("id", filter=Q(vencimento__gte=hoje, vencimento__lte=alerta)),
        )


class SequenciaOficio(models.Model):
    """Último número de ofício da CRT usado em cada ano (mesma técnica do protocolo)."""

    ano = models.PositiveSmallIntegerField(primary_key=True)
    ultimo = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "sequência de ofícios"
        verbose_name_plural = "sequências de ofícios"

    def __str__(self) -> str:
        return f"{self.ano}: {self.ultimo}"


class Oficio(models.Model):
    processo = models.ForeignKey(
        "processos.Processo", on_delete=models.PROTECT, related_name="oficios"
    )
    orgao = models.CharField("órgão", max_length=20, choices=Orgao.choices)
    incisos = models.CharField("incisos do Art. 2º", max_length=60)
    numero = models.CharField("número", max_length=30, editable=False)
    enviado_em = models.DateField("enviado em")
    recebido_em = models.DateField("recebido pelo órgão em (AR)", null=True, blank=True)
    vencimento = models.DateField("vencimento", null=True, blank=True)
    respondido_em = models.DateField("respondido em", null=True, blank=True)
    certidao = models.FileField(
        "certidão (PDF)", upload_to="certidoes/%Y/%m/", max_length=200, blank=True
    )
    sha256_certidao = models.CharField("SHA-256 da certidão", max_length=64, blank=True)
    observacoes = models.TextField("observações", blank=True)
    reitera = models.ForeignKey(
        "self",
        verbose_name="reitera o ofício",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reiteracoes",
    )
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="criado por", on_delete=models.PROTECT
    )
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    # Auditoria de cada registro posterior: quem lançou o AR e a resposta, e quando.
    recebimento_registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="AR registrado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    recebimento_registrado_em = models.DateTimeField("AR registrado em", null=True, blank=True)
    resposta_registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="resposta registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    resposta_registrada_em = models.DateTimeField("resposta registrada em", null=True, blank=True)

    objects = OficioQuerySet.as_manager()

    class Meta:
        verbose_name = "ofício"
        verbose_name_plural = "ofícios"
        ordering = ["processo", "criado_em", "id"]
        constraints = [
            models.UniqueConstraint(fields=["numero"], name="oficio_numero_unico"),
            # Uma cadeia de reiterações é linear: cada ofício é reiterado no máximo uma vez.
            models.UniqueConstraint(fields=["reitera"], name="oficio_reiterado_uma_vez"),
            models.CheckConstraint(condition=Q(orgao__in=Orgao.values), name="oficio_orgao"),
            models.CheckConstraint(
                condition=Q(recebido_em__isnull=True) | Q(recebido_em__gte=F("enviado_em")),
                name="oficio_recebido_apos_envio",
            ),
            models.CheckConstraint(
                condition=Q(respondido_em__isnull=True) | Q(respondido_em__gte=F("enviado_em")),
                name="oficio_respondido_apos_envio",
            ),
            models.CheckConstraint(
                condition=Q(recebido_em__isnull=True, vencimento__isnull=True)
                | Q(recebido_em__isnull=False, vencimento__isnull=False),
                name="oficio_vencimento_com_recebimento",
            ),
            models.CheckConstraint(
                condition=Q(respondido_em__isnull=True)
                | (~Q(certidao="") & ~Q(sha256_certidao="")),
                name="oficio_resposta_com_certidao",
            ),
        ]

    def __str__(self) -> str:
        return f"Ofício nº {self.numero} — {self.get_orgao_display()}"

    @property
    def fundamento(self) -> str:
        return f"Art. 2º, {self.incisos}"

    @property
    def respondido(self) -> bool:
        return self.respondido_em is not None


def certidoes_que_faltam(processo) -> list[str]:
    """Art. 2º, §§ 2º e 3º: cada órgão do tipo deve ter respondido, com a certidão, ao
    ofício vigente (o último da cadeia de reiterações)."""
    vigentes = {o.orgao: o for o in processo.oficios.vigentes()}
    faltas = []
    for orgao, incisos in PEDIDOS_POR_TIPO.get(processo.tipo, ()):
        oficio = vigentes.get(orgao)
        if oficio is None or not oficio.respondido:
            faltas.append(f"Falta a certidão {ORGAO_COM_ARTIGO[orgao]} (Art. 2º, {incisos}).")
    return faltas
