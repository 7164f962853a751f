"""Avisos de prazo dos ofícios por e-mail (Art. 2º, § 3º: as certidões vêm em 30 dias do
recebimento, "sob pena de responsabilidade"): `manage.py verificar_prazos`, rodado pelo cron.

Cada servidor da CRT e o Presidente recebem um resumo só com o que é novo para eles: ofício
que passou a vencer em até `DIAS_ALERTA` dias ou que venceu. Cada evento anunciado fica em
`AvisoPrazo` (ofício, evento, destinatário, vencimento), com restrição única: a mesma
execução repetida não anuncia de novo; o AR retificado muda o vencimento, e o prazo
recalculado é anunciado.

Falha parcial (decisão): um destinatário por vez, numa transação que trava a linha do
usuário, relê o que falta anunciar a ele, envia e só então grava os avisos. Se o SMTP
falhar, a transação desfaz e nada fica marcado — a próxima execução tenta de novo só para
quem não recebeu; os que já receberam não recebem outra vez. A trava serializa duas
execuções simultâneas (cron sobreposto): a segunda espera e, relendo, não acha nada novo.
O único caso de e-mail repetido é o servidor SMTP aceitar a mensagem e o banco cair antes
do commit — preferível a um vencimento não avisado.
"""

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse

from emancipacao import url_publica as endereco
from instrucao.models import AvisoPrazo, Oficio
from instrucao.services import descrever_situacao, situacao
from processos.papeis import GRUPOS, PRESIDENTE, SERVIDOR
from requisitos import prazos

logger = logging.getLogger(__name__)

EVENTOS = (prazos.VENCIDO, prazos.VENCE_EM_BREVE)


@dataclass(frozen=True)
class Evento:
    """Um ofício vigente e sem resposta no dia: vencido ou vencendo em até DIAS_ALERTA."""

    oficio: Oficio
    codigo: str
    dias: int
    texto: str

    @property
    def chave(self) -> tuple[int, str, date]:
        return (self.oficio.pk, self.codigo, self.oficio.vencimento)


@dataclass
class Resultado:
    dia: date
    eventos: int = 0
    emails: int = 0
    avisos: int = 0
    falhas: list[str] = field(default_factory=list)

    def resumo(self) -> str:
        texto = (
            f"Prazos dos ofícios em {self.dia:%d/%m/%Y}: "
            f"{_n(self.eventos, 'ofício vencido ou vencendo', 'ofícios vencidos ou vencendo')} "
            f"em até {prazos.DIAS_ALERTA} dias; "
        )
        if not self.emails and not self.falhas:
            return texto + "nada novo a avisar, nenhum e-mail enviado."
        texto += (
            f"{_n(self.emails, 'e-mail enviado', 'e-mails enviados')} com "
            f"{_n(self.avisos, 'aviso novo', 'avisos novos')}"
        )
        if self.falhas:
            texto += (
                f"; {_n(len(self.falhas), 'falha', 'falhas')} de envio, que a próxima "
                "execução tenta de novo"
            )
        return texto + "."


def _n(quantidade: int, singular: str, plural: str) -> str:
    return f"{quantidade} {singular if quantidade == 1 else plural}"


def eventos_do_dia(dia: date) -> list[Evento]:
    """Ofícios vigentes, sem resposta, de processos em andamento, vencidos ou vencendo até
    `dia + DIAS_ALERTA` (a mesma janela do Painel e da página de Prazos)."""
    limite = dia + timedelta(days=prazos.DIAS_ALERTA)
    oficios = (
        Oficio.objects.com_prazo_aberto()
        .filter(vencimento__lte=limite)
        .select_related("processo")
        .order_by("vencimento", "id")
    )
    eventos = []
    for oficio in oficios:
        codigo, dias = situacao(oficio, dia)
        if codigo in EVENTOS:
            eventos.append(Evento(oficio, codigo, dias, descrever_situacao(oficio, dia)[0]))
    return eventos


def destinatarios():
    """Art. 21: a CRT — cada servidor (entre eles o membro em exercício da Presidência) e o
    Presidente —, ativos e com e-mail. Mesa e Deputados não operam ofícios."""
    return (
        get_user_model()
        .objects.filter(is_active=True, groups__name__in=[GRUPOS[SERVIDOR], GRUPOS[PRESIDENTE]])
        .exclude(email="")
        .distinct()
        .order_by("id")
    )


def url_publica(caminho: str) -> str:
    return endereco.url_publica() + caminho


def _por_processo(eventos: list[Evento]) -> list[dict]:
    grupos = defaultdict(list)
    for evento in eventos:
        grupos[evento.oficio.processo].append(evento)
    return [
        {
            "processo": processo,
            "url": url_publica(reverse("processos:detalhe", args=[processo.slug])),
            "eventos": itens,
        }
        for processo, itens in grupos.items()
    ]


def mensagem(usuario, eventos: list[Evento], dia: date, connection=None) -> EmailMessage:
    vencidos = sum(e.codigo == prazos.VENCIDO for e in eventos)
    vencendo = len(eventos) - vencidos
    partes = [_n(vencidos, "vencido", "vencidos")] * bool(vencidos) + [
        f"{vencendo} vencendo em até {prazos.DIAS_ALERTA} dias"
    ] * bool(vencendo)
    contexto = {
        "usuario": usuario,
        "nome": usuario.get_full_name() or usuario.get_username(),
        "dia": dia,
        "processos": _por_processo(eventos),
        "dias_alerta": prazos.DIAS_ALERTA,
        "url_prazos": url_publica(reverse("instrucao:prazos")),
    }
    return EmailMessage(
        subject=f"Prazos dos ofícios da CRT em {dia:%d/%m/%Y}: {' e '.join(partes)}",
        body=render_to_string("instrucao/email/prazos.txt", contexto),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[usuario.email],
        headers={"Auto-Submitted": "auto-generated"},
        connection=connection,
    )


def _avisar(usuario, eventos: list[Evento], dia: date, connection) -> int:
    """Envia a um destinatário o que ainda não lhe foi anunciado; grava só se o envio deu
    certo (a exceção do SMTP desfaz a transação). Devolve quantos avisos foram enviados."""
    User = get_user_model()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=usuario.pk).exists()
        ja = set(
            AvisoPrazo.objects.filter(
                destinatario=usuario, oficio__in=[e.oficio.pk for e in eventos]
            ).values_list("oficio_id", "evento", "vencimento")
        )
        novos = [e for e in eventos if e.chave not in ja]
        if not novos:
            return 0
        mensagem(usuario, novos, dia, connection).send()
        AvisoPrazo.objects.bulk_create(
            AvisoPrazo(
                oficio=e.oficio,
                evento=e.codigo,
                destinatario=usuario,
                email=usuario.email,
                dia=dia,
                vencimento=e.oficio.vencimento,
            )
            for e in novos
        )
    return len(novos)


def verificar_prazos(*, dia: date) -> Resultado:
    resultado = Resultado(dia=dia)
    eventos = eventos_do_dia(dia)
    resultado.eventos = len(eventos)
    if not eventos:
        return resultado
    # A conexão abre só quando há o que enviar (o backend a abre e fecha em cada envio): o
    # cron de hora em hora não fala com o SMTP quando nada mudou.
    timeout = getattr(settings, "EMAIL_TIMEOUT", None) or 10
    connection = get_connection(fail_silently=False, timeout=timeout)
    for usuario in destinatarios():
        try:
            enviados = _avisar(usuario, eventos, dia, connection)
        except Exception as exc:  # SMTP, rede: o próximo destinatário ainda é tentado
            logger.exception("Falha ao enviar o aviso de prazos a %s", usuario.email)
            resultado.falhas.append(f"{usuario.email}: {exc}")
            continue
        if enviados:
            resultado.emails += 1
            resultado.avisos += enviados
    return resultado
