"""As inscrições: pedir (dupla confirmação), confirmar, cancelar, apagar as expiradas.

O pedido responde sempre a mesma mensagem neutra, inscrito ou não o endereço, e é atendido
depois da resposta (acompanhamento.views): nem o texto nem o tempo da página revelam quem
acompanha o quê. Uma enxurrada de pedidos para um endereço manda no máximo uma confirmação
por janela (`JANELA_REENVIO` por processo) e `limite_do_endereco()` no total — que conta só
as confirmações enviadas, e não os pedidos: quem pede em nome de outro não esgota a cota
dele com pedidos que nada enviariam.
"""

import hashlib
import logging
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django_ratelimit.core import get_usage

from acompanhamento import mensagens
from acompanhamento.models import JANELA_REENVIO, VALIDADE_CONFIRMACAO, Aviso, Inscricao
from processos.estados import Estado
from processos.models import Processo

logger = logging.getLogger(__name__)

GRUPO_ENDERECO = "acompanhamento.endereco"


def hash_do_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def normalizar(email: str) -> str:
    """Decisão: o endereço inteiro em minúsculas (a parte local é sensível a maiúsculas só em
    tese; na prática nenhum provedor distingue), para que a grafia não duplique a inscrição."""
    return email.strip().lower()


def chave_do_endereco(email: str) -> str:
    """O endereço como chave do limite de uso: o hash, nunca o endereço, vai para o cache."""
    return hashlib.sha256(normalizar(email).encode()).hexdigest()


@dataclass(frozen=True)
class Pedido:
    """O que o pedido fez — para os testes e os logs; a página mostra sempre o mesmo texto."""

    enviado: bool
    motivo: str


def pedir_acompanhamento(*, processo: Processo, email: str) -> Pedido:
    """Grava o pedido pendente com um token novo e envia o link de confirmação. Já
    confirmada, ou pedida há menos de `JANELA_REENVIO`, nada é enviado; com a cota do
    endereço esgotada, nada é gravado nem enviado."""
    email = normalizar(email)
    if cota_esgotada(email):
        return Pedido(False, "limite do endereço")
    token = secrets.token_urlsafe(32)
    try:
        inscricao, motivo = _gravar_pedido(processo, email, token)
    except IntegrityError:
        # Outro pedido para o mesmo endereço e processo gravou primeiro.
        return Pedido(False, "pedido simultâneo")
    if inscricao is None:
        return Pedido(False, motivo)
    enviado = mensagens.enviar_confirmacao(inscricao, token)
    if enviado:
        contar_envio(email)
    return Pedido(enviado, "enviado" if enviado else "falha no envio")


def _gravar_pedido(processo: Processo, email: str, token: str) -> tuple[Inscricao | None, str]:
    """A inscrição nova ou com o token renovado; ou None e o motivo de não enviar."""
    agora = timezone.now()
    with transaction.atomic():
        inscricao = Inscricao.objects.filter(processo=processo, email=email).first()
        if inscricao is None:
            return Inscricao.objects.create(
                processo=processo,
                email=email,
                token_hash=hash_do_token(token),
                chave=secrets.token_urlsafe(32),
                pedida_em=agora,
            ), ""
        if inscricao.confirmada_em:
            return None, "já confirmada"
        # Atualização condicional: de dois pedidos simultâneos, um só renova o token.
        renovou = Inscricao.objects.filter(
            pk=inscricao.pk,
            confirmada_em__isnull=True,
            pedida_em__lte=agora - JANELA_REENVIO,
        ).update(token_hash=hash_do_token(token), pedida_em=agora)
    return (inscricao, "") if renovou else (None, "pedida há pouco")


def _uso_da_cota(email: str, *, contar: bool) -> dict | None:
    return get_usage(
        None,
        group=GRUPO_ENDERECO,
        key=lambda _grupo, _request: chave_do_endereco(email),
        rate=limite_do_endereco(),
        increment=contar,
    )


def cota_esgotada(email: str) -> bool:
    """As confirmações já enviadas ao endereço na janela atingiram o limite."""
    uso = _uso_da_cota(email, contar=False)
    return uso is not None and uso["count"] >= uso["limit"]


def contar_envio(email: str) -> None:
    """Conta uma confirmação enviada. Dois pedidos simultâneos de processos diferentes podem
    ambos passar pela cota antes de contar: o limite é passado em no máximo um por
    processo do servidor, e só nesse instante."""
    _uso_da_cota(email, contar=True)


class LinkInvalido(Exception):
    """O link não vale (nunca valeu, já foi usado ou expirou); `inscricao`, se expirou."""

    def __init__(self, inscricao: Inscricao | None = None):
        super().__init__()
        self.inscricao = inscricao


def inscricao_a_confirmar(token: str) -> Inscricao:
    """A inscrição pendente do link, dentro da validade; senão LinkInvalido."""
    inscricao = (
        Inscricao.objects.select_related("processo")
        .filter(token_hash=hash_do_token(token), confirmada_em__isnull=True)
        .first()
    )
    if inscricao is None:
        raise LinkInvalido()
    if inscricao.pedida_em < timezone.now() - VALIDADE_CONFIRMACAO:
        raise LinkInvalido(inscricao)
    return inscricao


def confirmar_inscricao(*, token: str) -> Inscricao:
    """Confirma e apaga o token: o mesmo link, usado de novo, é recusado."""
    inscricao = inscricao_a_confirmar(token)
    agora = timezone.now()
    confirmou = Inscricao.objects.filter(
        pk=inscricao.pk, token_hash=inscricao.token_hash, confirmada_em__isnull=True
    ).update(token_hash=None, confirmada_em=agora)
    if not confirmou:
        raise LinkInvalido()  # o mesmo link, confirmado ao mesmo tempo em outra aba
    inscricao.token_hash, inscricao.confirmada_em = None, agora
    return inscricao


def inscricao_da_chave(chave: str) -> Inscricao | None:
    return Inscricao.objects.select_related("processo").filter(chave=chave).first()


def cancelar_inscricao(*, chave: str) -> Processo | None:
    """Apaga a inscrição (e os avisos dela): o endereço some do banco. None: não havia."""
    inscricao = inscricao_da_chave(chave)
    if inscricao is None:
        return None
    Inscricao.objects.filter(pk=inscricao.pk).delete()
    return inscricao.processo


def apagar_pedidos_expirados() -> int:
    """Os pedidos nunca confirmados, vencida a validade do link."""
    limite = timezone.now() - VALIDADE_CONFIRMACAO
    _, por_modelo = Inscricao.objects.filter(
        confirmada_em__isnull=True, pedida_em__lt=limite
    ).delete()
    return por_modelo.get(Inscricao._meta.label, 0)


def apagar_inscricoes_encerradas() -> int:
    """Processo concluído (lei publicada) não muda mais: enviado o último aviso, o endereço
    não tem mais finalidade e é apagado (LGPD, art. 15, I). O arquivado pode ser
    desarquivado e continua acompanhado."""
    from acompanhamento.envio import MAX_TENTATIVAS

    a_enviar = Aviso.objects.filter(
        inscricao=OuterRef("pk"), enviado_em__isnull=True, tentativas__lt=MAX_TENTATIVAS
    )
    _, por_modelo = (
        Inscricao.objects.filter(processo__estado=Estado.CONCLUIDO)
        .exclude(Exists(a_enviar))
        .delete()
    )
    return por_modelo.get(Inscricao._meta.label, 0)


def limite_do_endereco() -> str:
    """Confirmações por endereço, somados todos os processos (formato do django-ratelimit)."""
    return getattr(settings, "ACOMPANHAMENTO_LIMITE_ENDERECO", "5/h")


def limite_do_cliente() -> str:
    """Pedidos por endereço do cliente (IP). Folgado: muitos acessos móveis saem por um mesmo
    IP (CGNAT)."""
    return getattr(settings, "ACOMPANHAMENTO_LIMITE_IP", "30/h")
