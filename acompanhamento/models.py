"""Quem acompanha um processo por e-mail, e os avisos a enviar (a "caixa de saída").

O endereço é dado pessoal (LGPD, art. 6º, I e III): guardado só para este fim, nunca
exibido (nem no admin), apagado pelo link de cancelamento que vai em toda mensagem. O
pedido não confirmado expira e é apagado pelo comando `enviar_avisos`, que apaga também as
inscrições do processo concluído depois do último aviso.
"""

from datetime import timedelta

from django.db import models
from django.db.models import Q

from processos.models import Andamento, Processo

# O link de confirmação vale 48 horas a contar do pedido; depois, o pedido é apagado.
VALIDADE_CONFIRMACAO = timedelta(hours=48)
# Um novo link para o mesmo processo e endereço só depois de 15 minutos do anterior.
JANELA_REENVIO = timedelta(minutes=15)


class Inscricao(models.Model):
    processo = models.ForeignKey(
        Processo, on_delete=models.CASCADE, related_name="inscricoes_acompanhamento"
    )
    # Guardado em minúsculas: o mesmo endereço com outra grafia é a mesma inscrição.
    email = models.EmailField("endereço de e-mail", max_length=254)
    # Dupla confirmação: só o SHA-256 do token do link vai para o banco; confirmada a
    # inscrição, o hash é apagado e o link não vale mais.
    token_hash = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # A chave do link de cancelamento, que vai em toda mensagem (por isso guardada inteira).
    chave = models.CharField(max_length=64, unique=True)
    criada_em = models.DateTimeField("criada em", auto_now_add=True)
    # Quando o último link de confirmação foi pedido: a validade e o reenvio contam daqui.
    pedida_em = models.DateTimeField("confirmação pedida em")
    confirmada_em = models.DateTimeField("confirmada em", null=True, blank=True)

    class Meta:
        verbose_name = "inscrição de acompanhamento"
        verbose_name_plural = "inscrições de acompanhamento"
        constraints = [
            models.UniqueConstraint(fields=["processo", "email"], name="inscricao_unica"),
            # Confirmada ⇔ sem token pendente.
            models.CheckConstraint(
                condition=Q(confirmada_em__isnull=True, token_hash__isnull=False)
                | Q(confirmada_em__isnull=False, token_hash__isnull=True),
                name="inscricao_confirmada_sem_token",
            ),
        ]

    def __str__(self) -> str:
        # Nunca o endereço: o __str__ aparece no admin e nos logs.
        situacao = "confirmada" if self.confirmada_em else "pendente"
        return f"Inscrição {self.pk} no processo {self.processo.protocolo} ({situacao})"


class Aviso(models.Model):
    """Uma mensagem a enviar: um andamento que mudou o estado, para uma inscrição. Gravado na
    transação do ato; enviado depois que ela confirma (ou pelo comando, se o envio falhou)."""

    inscricao = models.ForeignKey(Inscricao, on_delete=models.CASCADE, related_name="avisos")
    andamento = models.ForeignKey(Andamento, on_delete=models.CASCADE, related_name="+")
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    # Quem vai enviar marca a linha antes (ver envio.reservar): dois envios simultâneos (o do
    # ato e o do comando) não mandam a mesma mensagem duas vezes.
    reservado_em = models.DateTimeField(null=True, blank=True)
    enviado_em = models.DateTimeField("enviado em", null=True, blank=True)
    tentativas = models.PositiveSmallIntegerField("tentativas", default=0)
    # Só o tipo do erro: a mensagem de um erro SMTP pode trazer o endereço.
    ultimo_erro = models.CharField("último erro", max_length=200, blank=True)

    class Meta:
        verbose_name = "aviso por e-mail"
        verbose_name_plural = "avisos por e-mail"
        constraints = [
            # Uma mensagem por mudança de estado, nunca duas.
            models.UniqueConstraint(fields=["andamento", "inscricao"], name="aviso_unico"),
        ]
        indexes = [models.Index(fields=["enviado_em", "tentativas"], name="aviso_pendente")]

    def __str__(self) -> str:
        return f"Aviso {self.pk} — andamento {self.andamento_id}"
