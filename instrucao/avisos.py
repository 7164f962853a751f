"""Os avisos por e-mail dos prazos dos ofícios (Art. 2º, § 3º), gravados um a um para que
nenhum evento seja anunciado duas vezes à mesma pessoa (`instrucao.notificacoes`)."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class EventoPrazo(models.TextChoices):
    """Os eventos do prazo do Art. 2º, § 3º que `verificar_prazos` anuncia (mesmos códigos de
    `requisitos.prazos`)."""

    VENCE_EM_BREVE = "vence_em_breve", "vence em breve"
    VENCIDO = "vencido", "vencido"


class AvisoPrazo(models.Model):
    """Cada evento de prazo de um ofício anunciado por e-mail a cada destinatário. A linha
    só é gravada depois que o e-mail saiu; a restrição única impede anunciar o mesmo evento do
    mesmo ofício, para o mesmo vencimento, duas vezes à mesma pessoa (execuções repetidas pelo
    cron). O vencimento entra na chave: retificado o AR, o prazo recalculado é avisado."""

    oficio = models.ForeignKey(
        "instrucao.Oficio", on_delete=models.PROTECT, related_name="avisos_de_prazo"
    )
    evento = models.CharField("evento", max_length=20, choices=EventoPrazo.choices)
    destinatario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="destinatário",
        on_delete=models.PROTECT,
        related_name="+",
    )
    email = models.EmailField("enviado para", max_length=254)
    dia = models.DateField("dia da verificação")
    vencimento = models.DateField("vencimento avisado")
    enviado_em = models.DateTimeField("enviado em", auto_now_add=True)

    class Meta:
        verbose_name = "aviso de prazo"
        verbose_name_plural = "avisos de prazo"
        ordering = ["enviado_em", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["oficio", "evento", "destinatario", "vencimento"],
                name="aviso_prazo_uma_vez_por_vencimento",
            ),
            models.CheckConstraint(
                condition=Q(evento__in=EventoPrazo.values), name="aviso_prazo_evento"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_evento_display()}: Ofício nº {self.oficio.numero} → {self.email}"
