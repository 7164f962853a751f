"""Atos sobre os ofícios do Art. 2º, §§ 2º e 3º: criação junto com o parecer preliminar
(Art. 17, § 2º), aviso de recebimento (início do prazo), resposta com a certidão e reiteração
do ofício vencido (Art. 9º). Cada função: transação → trava a linha → valida → grava."""

import hashlib
from dataclasses import dataclass
from datetime import date, timedelta

import holidays
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from documentos.emissao import emitir_reiteracao
from processos.estados import Estado
from processos.models import Andamento, AtoRecusado, Processo
from processos.oficios import PEDIDOS_POR_TIPO, TERMINAIS, Oficio, SequenciaOficio
from processos.papeis import PRESIDENTE, SERVIDOR, tem_papel
from processos.sequencias import proximo_numero
from requisitos import prazos
from requisitos.models import parametros_em_vigor

TAMANHO_MAXIMO_CERTIDAO = 20 * 1024 * 1024
# Uma certidão tem poucas folhas; 500 cobre a de um órgão que junte anexos.
LIMITE_PAGINAS_CERTIDAO = 500
# Atos que levam o processo a aguardando_certidoes (Art. 17, § 2º: "o fará imediatamente").
ATOS_QUE_SOLICITAM = frozenset({"emitir_parecer_preliminar", "deliberar_arquivamento"})


def feriados_br_mt(*anos: int):
    """Feriados nacionais e de Mato Grosso (pacote `holidays`), para o vencimento."""
    return holidays.country_holidays("BR", subdiv="MT", years=anos)


def calcular_vencimento(recebido_em: date) -> date:
    """Art. 2º, § 3º, com o prazo do parâmetro legal em vigor na data do recebimento."""
    dias = parametros_em_vigor(recebido_em).prazo_oficio_dias
    ultimo_ano = (recebido_em + timedelta(days=dias + 31)).year
    anos = range(recebido_em.year, ultimo_ano + 1)
    return prazos.vencimento(recebido_em, dias, feriados_br_mt(*anos))


def situacao(oficio: Oficio, hoje: date | None = None) -> prazos.SituacaoPrazo:
    hoje = hoje or timezone.localdate()
    return prazos.situacao_prazo(oficio.vencimento, hoje, oficio.respondido_em)


def _dias(n: int) -> str:
    return "1 dia" if n == 1 else f"{n} dias"


def descrever_situacao(oficio: Oficio, hoje: date | None = None) -> tuple[str, str]:
    """Texto e cor da situação do prazo; o texto basta sem a cor (UX, acessibilidade)."""
    codigo, dias = situacao(oficio, hoje)
    if codigo == prazos.RESPONDIDO:
        return f"Respondido em {oficio.respondido_em:%d/%m/%Y}", "text-bg-success"
    if codigo == prazos.AGUARDANDO_RECEBIMENTO:
        return "Aguardando o aviso de recebimento (AR)", "text-bg-light border"
    if codigo == prazos.VENCIDO:
        return f"Vencido há {_dias(dias)}", "text-bg-danger"
    if codigo == prazos.VENCE_EM_BREVE:
        return ("Vence hoje" if dias == 0 else f"Vence em {_dias(dias)}"), "text-bg-warning"
    return f"No prazo (faltam {_dias(dias)})", "text-bg-info"


@dataclass(frozen=True)
class LinhaOficio:
    """Um ofício como a seção "Ofícios e prazos" o mostra, com os atos que cabem nele."""

    oficio: Oficio
    texto: str
    cor: str
    vigente: bool
    vencido: bool

    @property
    def aguarda_ar(self) -> bool:
        return self.vigente and self.oficio.recebido_em is None

    @property
    def aguarda_resposta(self) -> bool:
        return self.vigente and not self.oficio.respondido

    @property
    def reiteravel(self) -> bool:
        return self.vigente and self.vencido


def linhas_do_processo(processo, hoje: date | None = None) -> list[LinhaOficio]:
    oficios = list(processo.oficios.select_related("reitera"))
    reiterados = {o.reitera_id for o in oficios if o.reitera_id}
    linhas = []
    for oficio in oficios:
        texto, cor = descrever_situacao(oficio, hoje)
        vencido = situacao(oficio, hoje).codigo == prazos.VENCIDO
        vigente = oficio.pk not in reiterados
        if not vigente:
            texto, cor = "Reiterado", "text-bg-secondary"
        linhas.append(LinhaOficio(oficio, texto, cor, vigente, vencido))
    return linhas


def _exigir_crt(usuario) -> None:
    if not tem_papel(usuario, SERVIDOR, PRESIDENTE):
        raise PermissionDenied("Somente a CRT registra os atos dos ofícios.")


def _novo_oficio(processo, *, orgao, incisos, enviado_em, usuario, reitera=None) -> Oficio:
    sequencial = proximo_numero(SequenciaOficio, enviado_em.year)
    return Oficio.objects.create(
        processo=processo,
        orgao=orgao,
        incisos=incisos,
        numero=f"{sequencial}/{enviado_em.year}-CRT",
        enviado_em=enviado_em,
        reitera=reitera,
        criado_por=usuario,
        observacoes=(
            f"Reitera o Ofício nº {reitera.numero}, de {reitera.enviado_em:%d/%m/%Y} "
            "(Art. 9º: nenhuma autoridade poderá negar-se a fornecer as certidões)."
            if reitera
            else ""
        ),
    )


def oficios_do_ato(andamento: Andamento) -> list[Oficio]:
    """Chamada por `praticar_ato`, na transação do ato: ao ir para aguardando_certidoes, a
    CRT endereça de imediato os ofícios aos órgãos (Art. 17, § 2º). Um processo que volta a
    essa etapa (desarquivado, retomado) mantém os ofícios que já tem."""
    processo = andamento.processo
    if (
        andamento.ato not in ATOS_QUE_SOLICITAM
        or andamento.estado_destino != Estado.AGUARDANDO_CERTIDOES
        or processo.oficios.exists()
    ):
        return []
    return [
        _novo_oficio(
            processo,
            orgao=orgao,
            incisos=incisos,
            enviado_em=andamento.data_ato,
            usuario=andamento.usuario,
        )
        for orgao, incisos in PEDIDOS_POR_TIPO.get(processo.tipo, ())
    ]


def _travar(oficio_id: int, usuario) -> Oficio:
    _exigir_crt(usuario)
    oficio = Oficio.objects.select_for_update().select_related("processo").get(pk=oficio_id)
    if oficio.processo.estado in TERMINAIS:
        raise AtoRecusado("O processo está encerrado; os ofícios não recebem novos registros.")
    return oficio


def _validar_data(data: date, oficio: Oficio, descricao: str) -> None:
    if data > timezone.localdate():
        raise AtoRecusado(f"A data {descricao} não pode ser futura.")
    if data < oficio.enviado_em:
        raise AtoRecusado(
            f"A data {descricao} não pode ser anterior ao envio do ofício "
            f"({oficio.enviado_em:%d/%m/%Y})."
        )


def registrar_recebimento(*, oficio_id: int, usuario, recebido_em: date) -> Oficio:
    """O AR inicia o prazo de 30 dias (Art. 2º, § 3º): o vencimento é calculado e gravado."""
    with transaction.atomic():
        oficio = _travar(oficio_id, usuario)
        if oficio.recebido_em:
            raise AtoRecusado(f"O recebimento já foi registrado em {oficio.recebido_em:%d/%m/%Y}.")
        _validar_data(recebido_em, oficio, "do recebimento (AR)")
        if oficio.respondido_em and recebido_em > oficio.respondido_em:
            raise AtoRecusado(
                "A data do recebimento (AR) não pode ser posterior à resposta do órgão "
                f"({oficio.respondido_em:%d/%m/%Y})."
            )
        oficio.recebido_em = recebido_em
        oficio.vencimento = calcular_vencimento(recebido_em)
        oficio.recebimento_registrado_por = usuario
        oficio.recebimento_registrado_em = timezone.now()
        oficio.save(
            update_fields=[
                "recebido_em",
                "vencimento",
                "recebimento_registrado_por",
                "recebimento_registrado_em",
            ]
        )
        _movimentar(oficio)
    return oficio


def _movimentar(oficio: Oficio) -> None:
    """Um registro no ofício é movimentação do processo (lista, painel, ordenação)."""
    Processo.objects.filter(pk=oficio.processo_id).update(ultima_movimentacao=timezone.now())


def verificar_pdf(arquivo) -> str:
    """Certidão em PDF conferido pelo conteúdo (não pela extensão) e pelo tamanho: o pypdf
    tem de abri-lo, com 1 a 500 páginas — começar por "%PDF-" não basta. Devolve o SHA-256
    do arquivo."""
    # A mesma conferência dos PDFs do Art. 15 (import tardio: o hub não importa as fases
    # no carregamento do módulo).
    from representacao.arquivos import ArquivoRecusado, conferir_pdf

    if arquivo.size > TAMANHO_MAXIMO_CERTIDAO:
        raise AtoRecusado("O arquivo passa de 20 MB; envie a certidão em PDF de até 20 MB.")
    arquivo.seek(0)
    if arquivo.read(5) != b"%PDF-":
        raise AtoRecusado("O arquivo não é um PDF; envie a certidão em PDF.")
    try:
        conferir_pdf(arquivo, limite_paginas=LIMITE_PAGINAS_CERTIDAO)
    except ArquivoRecusado as exc:
        raise AtoRecusado(f"Certidão recusada: {exc}") from exc
    arquivo.seek(0)
    resumo = hashlib.sha256()
    for bloco in arquivo.chunks():
        resumo.update(bloco)
    arquivo.seek(0)
    return resumo.hexdigest()


def registrar_resposta(
    *, oficio_id: int, usuario, respondido_em: date, certidao, observacoes: str = ""
) -> Oficio:
    """A resposta do órgão, com a certidão (Art. 2º, § 2º), no ofício vigente."""
    sha256 = verificar_pdf(certidao)
    with transaction.atomic():
        oficio = _travar(oficio_id, usuario)
        if oficio.respondido_em:
            raise AtoRecusado(f"O ofício já foi respondido em {oficio.respondido_em:%d/%m/%Y}.")
        reiteracao = oficio.reiteracoes.first()
        if reiteracao:
            raise AtoRecusado(
                f"Este ofício foi reiterado pelo Ofício nº {reiteracao.numero}; registre a "
                "resposta no ofício vigente."
            )
        _validar_data(respondido_em, oficio, "da resposta")
        # Decisão: o órgão não responde antes de receber o ofício — a resposta não antecede
        # o AR (o envio já é conferido em _validar_data). O mesmo dia é aceito.
        if oficio.recebido_em and respondido_em < oficio.recebido_em:
            raise AtoRecusado(
                "A data da resposta não pode ser anterior ao recebimento do ofício (AR) "
                f"({oficio.recebido_em:%d/%m/%Y})."
            )
        oficio.respondido_em = respondido_em
        oficio.resposta_registrada_por = usuario
        oficio.resposta_registrada_em = timezone.now()
        oficio.sha256_certidao = sha256
        if observacoes.strip():
            oficio.observacoes = "\n".join(filter(None, [oficio.observacoes, observacoes.strip()]))
        nome = f"certidao-{oficio.orgao}-{oficio.numero.replace('/', '-')}.pdf"
        oficio.certidao.save(nome, certidao, save=False)
        try:
            oficio.save()
        except Exception:
            oficio.certidao.delete(save=False)
            raise
        _movimentar(oficio)
    return oficio


def reiterar_oficio(*, oficio_id: int, usuario, enviado_em: date) -> Oficio:
    """Ofício vencido e sem resposta é reiterado: novo ofício, mesmo pedido, citando o
    Art. 9º. O original deixa de ser o vigente."""
    with transaction.atomic():
        original = _travar(oficio_id, usuario)
        if original.reiteracoes.exists():
            raise AtoRecusado("Este ofício já foi reiterado.")
        if situacao(original).codigo != prazos.VENCIDO:
            raise AtoRecusado(
                "Só se reitera ofício vencido e sem resposta (Art. 2º, § 3º; Art. 9º)."
            )
        _validar_data(enviado_em, original, "do envio da reiteração")
        reiteracao = _novo_oficio(
            original.processo,
            orgao=original.orgao,
            incisos=original.incisos,
            enviado_em=enviado_em,
            usuario=usuario,
            reitera=original,
        )
        origem = original.processo.andamentos.filter(
            ato__in=ATOS_QUE_SOLICITAM, estado_destino=Estado.AGUARDANDO_CERTIDOES
        ).first()
        # Ofício registrado fora do rito (sem o ato que o originou) não tem peça a emitir.
        if origem:
            emitir_reiteracao(reiteracao, origem, usuario=usuario)
        _movimentar(reiteracao)
        return reiteracao
