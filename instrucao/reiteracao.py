"""Art. 21 e Art. 9º: a reiteração do ofício vencido e sem resposta. O servidor a prepara
como rascunho (sem número nem PDF; o original segue vigente) e pode descartá-lo; o
Presidente da CRT (ou o membro em exercício) a emite — novo ofício, mesmo pedido, citando o
Art. 9º —, a partir do rascunho ou diretamente."""

from datetime import date

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from instrucao.documentos import emitir_reiteracao
from instrucao.models import Oficio, RascunhoReiteracao
from instrucao.services import (
    ATOS_QUE_SOLICITAM,
    movimentar,
    novo_oficio,
    situacao,
    travar_oficio,
    validar_data,
)
from processos.estados import Estado
from processos.models import AtoRecusado
from processos.papeis import PRESIDENTE, tem_papel
from requisitos import prazos

SO_O_PRESIDENTE_REITERA = (
    "A reiteração é emitida pelo Presidente da CRT ou pelo membro em exercício da Presidência "
    "(Art. 21); o servidor pode preparar o rascunho."
)


def _exigir_reiteravel(original: Oficio) -> None:
    if original.reiteracoes.exists():
        raise AtoRecusado("Este ofício já foi reiterado.")
    if situacao(original).codigo != prazos.VENCIDO:
        raise AtoRecusado("Só se reitera ofício vencido e sem resposta (Art. 2º, § 3º; Art. 9º).")


def rascunho_pendente(oficio: Oficio) -> RascunhoReiteracao | None:
    return (
        RascunhoReiteracao.objects.pendentes()
        .filter(oficio=oficio)
        .select_related("preparado_por")
        .first()
    )


def preparar_reiteracao(*, oficio_id: int, usuario, enviar_em: date) -> RascunhoReiteracao:
    """Art. 21: o servidor prepara a reiteração do ofício vencido, que só o Presidente emite.
    O rascunho guarda quem, quando e a data de envio proposta; não tem número nem PDF, e o
    original segue como o ofício vigente."""
    with transaction.atomic():
        original = travar_oficio(oficio_id, usuario)
        _exigir_reiteravel(original)
        existente = rascunho_pendente(original)
        if existente:
            raise AtoRecusado(
                f"Já há rascunho de reiteração preparado por {_nome(existente.preparado_por)} "
                f"em {timezone.localtime(existente.preparado_em):%d/%m/%Y}, aguardando o "
                "Presidente."
            )
        if enviar_em < timezone.localdate():
            raise AtoRecusado("A data proposta para o envio da reiteração não pode ser passada.")
        rascunho = RascunhoReiteracao.objects.create(
            oficio=original, enviar_em=enviar_em, preparado_por=usuario
        )
        movimentar(original)
    return rascunho


def descartar_rascunho(*, oficio_id: int, usuario, motivo: str) -> RascunhoReiteracao:
    """Art. 21: o rascunho pendente que não deve sair é descartado pela CRT (o servidor que o
    preparou, outro servidor ou o Presidente), com o motivo. Nada se apaga: o rascunho fica
    com quem o descartou, quando e por quê; o ofício original segue vigente e pode ganhar
    outro rascunho, ou a reiteração direta do Presidente."""
    motivo = (motivo or "").strip()
    if not motivo:
        raise AtoRecusado("Informe o motivo do descarte do rascunho.")
    with transaction.atomic():
        original = travar_oficio(oficio_id, usuario)
        rascunho = (
            RascunhoReiteracao.objects.pendentes()
            .select_for_update()
            .filter(oficio=original)
            .first()
        )
        if rascunho is None:
            raise AtoRecusado(
                "Este ofício não tem rascunho de reiteração aguardando o Presidente: ou foi "
                "emitido, ou já foi descartado."
            )
        rascunho.descartado_em = timezone.now()
        rascunho.descartado_por = usuario
        rascunho.motivo_descarte = motivo
        rascunho.save(update_fields=["descartado_em", "descartado_por", "motivo_descarte"])
        movimentar(original)
    return rascunho


def _nome(usuario) -> str:
    return usuario.get_full_name() or usuario.get_username()


def reiterar_oficio(*, oficio_id: int, usuario, enviado_em: date) -> Oficio:
    """Ofício vencido e sem resposta é reiterado: novo ofício, mesmo pedido, citando o
    Art. 9º. O original deixa de ser o vigente. Art. 21: quem emite é o Presidente (ou o
    membro em exercício), diretamente ou a partir do rascunho preparado pelo servidor."""
    if not tem_papel(usuario, PRESIDENTE):
        raise PermissionDenied(SO_O_PRESIDENTE_REITERA)
    with transaction.atomic():
        original = travar_oficio(oficio_id, usuario)
        _exigir_reiteravel(original)
        validar_data(enviado_em, original, "do envio da reiteração")
        reiteracao = novo_oficio(
            original.processo,
            orgao=original.orgao,
            incisos=original.incisos,
            enviado_em=enviado_em,
            usuario=usuario,
            reitera=original,
        )
        RascunhoReiteracao.objects.pendentes().filter(oficio=original).update(reiteracao=reiteracao)
        origem = original.processo.andamentos.filter(
            ato__in=ATOS_QUE_SOLICITAM, estado_destino=Estado.AGUARDANDO_CERTIDOES
        ).first()
        # Ofício registrado fora do rito (sem o ato que o originou) não tem peça a emitir.
        if origem:
            emitir_reiteracao(reiteracao, origem, usuario=usuario)
        movimentar(reiteracao)
        return reiteracao
