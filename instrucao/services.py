"""Atos sobre os ofícios do Art. 2º, §§ 2º e 3º: criação junto com o parecer preliminar
(Art. 17, § 2º), aviso de recebimento (início do prazo), resposta com a certidão e reiteração
do ofício vencido (Art. 9º; em `instrucao.reiteracao`). Cada função: transação → trava a linha
→ valida → grava. A leitura dos ofícios do processo (a seção da página, as certidões que
faltam) está em `instrucao.situacao_dos_oficios`."""

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

import holidays
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from documentos.arquivos import ArquivoRecusado, conferir_pdf, resumo_sha256
from documentos.assinatura.entrada import conferir_assinaturas, gravar_relatorio
from instrucao import certidoes, prazos_abertos
from instrucao.documentos import emitir_oficios
from instrucao.models import (
    PEDIDOS_POR_TIPO,
    TERMINAIS,
    Certidao,
    FiguraCertidao,
    Oficio,
    Orgao,
    RascunhoReiteracao,
    RetificacaoRecebimento,
    SequenciaOficio,
)
from processos import versao
from processos.estados import Estado
from processos.models import Andamento, AtoRecusado, Processo
from processos.papeis import PRESIDENTE, SERVIDOR, tem_papel
from processos.sequencias import proximo_numero
from processos.versao import MENSAGEM_REGISTRO_NOVO
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


ROTULO_DO_ORGAO = dict(Orgao.choices)


def data_curta(dia: date | None) -> str:
    return f"{dia:%d/%m/%Y}" if dia else ""


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


def _exigir_crt(usuario) -> None:
    if not tem_papel(usuario, SERVIDOR, PRESIDENTE):
        raise PermissionDenied("Somente a CRT registra os atos dos ofícios.")


def novo_oficio(processo, *, orgao, incisos, enviado_em, usuario, reitera=None) -> Oficio:
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


def oficios_do_ato(andamento: Andamento, _preparado=None) -> list[Oficio]:
    """Efeito dos atos que levam a aguardando_certidoes, na transação do ato: a CRT endereça
    de imediato os ofícios aos órgãos (Art. 17, § 2º), cada um com o seu PDF. Um processo
    que volta a essa etapa (desarquivado, retomado) mantém os ofícios que já tem."""
    processo = andamento.processo
    if (
        andamento.ato not in ATOS_QUE_SOLICITAM
        or andamento.estado_destino != Estado.AGUARDANDO_CERTIDOES
        or processo.oficios.exists()
    ):
        return []
    oficios = [
        novo_oficio(
            processo,
            orgao=orgao,
            incisos=incisos,
            enviado_em=andamento.data_ato,
            usuario=andamento.usuario,
        )
        for orgao, incisos in PEDIDOS_POR_TIPO.get(processo.tipo, ())
    ]
    emitir_oficios(andamento, oficios)
    # Nascem sem AR: contados na hora em Prazos (instrucao.prazos_abertos).
    prazos_abertos.sincronizar(processo.pk)
    return oficios


def travar_oficio(oficio_id: int, usuario) -> Oficio:
    _exigir_crt(usuario)
    oficio = Oficio.objects.select_for_update().select_related("processo").get(pk=oficio_id)
    if oficio.processo.estado in TERMINAIS:
        raise AtoRecusado("O processo está encerrado; os ofícios não recebem novos registros.")
    return oficio


def validar_data(data: date, oficio: Oficio, descricao: str) -> None:
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
        oficio = travar_oficio(oficio_id, usuario)
        if oficio.recebido_em:
            raise AtoRecusado(f"O recebimento já foi registrado em {oficio.recebido_em:%d/%m/%Y}.")
        validar_data(recebido_em, oficio, "do recebimento (AR)")
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
        movimentar(oficio)
    return oficio


def retificar_recebimento(
    *,
    oficio_id: int,
    usuario,
    recebido_em: date,
    justificativa: str,
    versao_vista: int | None = None,
) -> RetificacaoRecebimento:
    """O AR lançado com a data errada é corrigido pela CRT, com justificativa: o vencimento
    é recalculado da data certa (Art. 2º, § 3º) e a correção fica registrada com as datas
    anteriores. Só enquanto o prazo importa — ofício vigente, sem resposta — e sem rascunho
    de reiteração pendente (que foi preparado sobre o vencimento antigo)."""
    justificativa = (justificativa or "").strip()
    if not justificativa:
        raise AtoRecusado("Informe a justificativa da retificação do AR.")
    with transaction.atomic():
        oficio = travar_oficio(oficio_id, usuario)
        if oficio.recebido_em is None:
            raise AtoRecusado("O recebimento (AR) ainda não foi registrado: registre-o.")
        # A página mostrou o AR até a retificação `versao_vista` (0 = nenhuma); outra
        # gravada depois seria sobrescrita em silêncio.
        ultima = oficio.retificacoes_recebimento.order_by("-pk").values_list("pk", flat=True)
        if versao_vista is not None and (ultima.first() or 0) != versao_vista:
            raise AtoRecusado(
                MENSAGEM_REGISTRO_NOVO.format(o_que="o recebimento (AR) deste ofício")
            )
        if oficio.respondido_em:
            raise AtoRecusado(
                f"O órgão já respondeu em {oficio.respondido_em:%d/%m/%Y}: o prazo está "
                "encerrado e o AR não se retifica."
            )
        if oficio.reiteracoes.exists():
            raise AtoRecusado("Este ofício já foi reiterado (Art. 9º): o AR não se retifica.")
        if RascunhoReiteracao.objects.pendentes().filter(oficio=oficio).exists():
            raise AtoRecusado(
                "Há rascunho de reiteração deste ofício aguardando o Presidente, preparado "
                "sobre o vencimento atual: descarte-o antes de retificar o AR."
            )
        if recebido_em == oficio.recebido_em:
            raise AtoRecusado(
                f"O AR já está registrado em {recebido_em:%d/%m/%Y}: informe a data correta."
            )
        validar_data(recebido_em, oficio, "do recebimento (AR)")
        retificacao = RetificacaoRecebimento.objects.create(
            oficio=oficio,
            recebido_em_anterior=oficio.recebido_em,
            vencimento_anterior=oficio.vencimento,
            recebido_em=recebido_em,
            vencimento=calcular_vencimento(recebido_em),
            justificativa=justificativa,
            registrada_por=usuario,
        )
        oficio.recebido_em = retificacao.recebido_em
        oficio.vencimento = retificacao.vencimento
        oficio.save(update_fields=["recebido_em", "vencimento"])
        movimentar(oficio)
    return retificacao


def movimentar(oficio: Oficio) -> None:
    """Um registro no ofício é movimentação do processo (lista, painel, ordenação) e pode
    abrir ou fechar um prazo (instrucao.prazos_abertos)."""
    Processo.objects.filter(pk=oficio.processo_id).update(ultima_movimentacao=timezone.now())
    prazos_abertos.sincronizar(oficio.processo_id)
    # A página do processo mostra o ofício logo depois (trechos em cache pela revisão).
    versao.tocar(oficio.processo_id)


def verificar_pdf(arquivo) -> str:
    """Certidão em PDF conferido pelo conteúdo (não pela extensão) e pelo tamanho: o pypdf
    tem de abri-lo, com 1 a 500 páginas — começar por "%PDF-" não basta. Devolve o SHA-256
    do arquivo."""
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
    resumo = resumo_sha256(arquivo)
    arquivo.seek(0)
    return resumo


@dataclass(frozen=True)
class DadosCertidao:
    """O que a resposta de um órgão traz: o PDF, o número e a data da certidão, o exercício
    (SEFAZ) e os números certificados por unidade — {"area": {"populacao": 5200}, ...}."""

    arquivo: object
    numero: str
    data: date
    figuras: dict
    exercicio: int | None = None


def conferir_figuras(oficio: Oficio, dados: DadosCertidao) -> list[FiguraCertidao]:
    """Os números pedidos a este órgão neste processo, e só eles; inteiros e Decimal não
    negativos (o banco confere de novo). Uma resposta parcial é aceita."""
    processo = oficio.processo
    unidades = {u.chave: u for u in certidoes.unidades_pedidas(processo, oficio.orgao)}
    nome_orgao = oficio.get_orgao_display()
    for chave, campos in dados.figuras.items():
        unidade = unidades.get(chave)
        if unidade is None:
            raise AtoRecusado(f"O ofício ao {nome_orgao} não pede números dessa unidade.")
        estranhos = set(campos) - set(unidade.campos)
        if estranhos:
            rotulos = ", ".join(sorted(certidoes.ROTULOS.get(c, c) for c in estranhos))
            raise AtoRecusado(
                f"O {nome_orgao} não certifica {rotulos} neste processo; informe só o que o "
                "ofício pede."
            )
        for campo, valor in campos.items():
            if valor is None:
                continue
            if campo in certidoes.BOOLEANOS:
                if not isinstance(valor, bool):
                    raise AtoRecusado(f"{unidade.nome}: {certidoes.ROTULOS[campo]} é sim ou não.")
            elif isinstance(valor, bool) or not isinstance(valor, int | Decimal):
                raise AtoRecusado(f"{unidade.nome}: {certidoes.ROTULOS[campo]} não é um número.")
            elif valor < 0:
                raise AtoRecusado(
                    f"{unidade.nome}: {certidoes.ROTULOS[campo]} não pode ser negativo."
                )
    if dados.exercicio is not None and not certidoes.pede_exercicio(processo, oficio.orgao):
        raise AtoRecusado(f"O ofício ao {nome_orgao} não pede o exercício do valor adicionado.")
    return [
        FiguraCertidao(
            chave=chave,
            municipio=unidades[chave].municipio,
            **{c: v for c, v in campos.items() if v is not None},
        )
        for chave, campos in dados.figuras.items()
        if any(v is not None for v in campos.values())
    ]


def _gravar_certidao(
    oficio: Oficio,
    dados: DadosCertidao,
    sha256: str,
    usuario,
    *,
    relatorio,
    anterior=None,
    justificativa="",
) -> Certidao:
    figuras = conferir_figuras(oficio, dados)
    if not dados.numero.strip():
        raise AtoRecusado("Informe o número da certidão.")
    if dados.data > timezone.localdate():
        raise AtoRecusado("A data da certidão não pode ser futura.")
    if dados.data < oficio.enviado_em:
        raise AtoRecusado(
            "A data da certidão não pode ser anterior ao envio do ofício "
            f"({oficio.enviado_em:%d/%m/%Y})."
        )
    versao = anterior.versao + 1 if anterior else 1
    certidao = Certidao(
        oficio=oficio,
        versao=versao,
        substitui=anterior,
        numero=dados.numero.strip(),
        data=dados.data,
        sha256=sha256,
        exercicio=dados.exercicio,
        justificativa=justificativa.strip(),
        registrada_por=usuario,
    )
    nome = f"certidao-{oficio.orgao}-{oficio.numero.replace('/', '-')}-v{versao}.pdf"
    certidao.arquivo.save(nome, dados.arquivo, save=False)
    try:
        certidao.save()
        # O relatório das assinaturas (validadas antes da trava) fica ao lado do arquivo, pelo
        # SHA-256, e aparece na seção dos ofícios; só com a certidão gravada.
        gravar_relatorio(relatorio, processo=oficio.processo)
        for figura in figuras:
            figura.certidao = certidao
            figura.full_clean(exclude=["certidao"], validate_constraints=False)
        FiguraCertidao.objects.bulk_create(figuras)
    except Exception:
        certidao.arquivo.delete(save=False)
        raise
    return certidao


def registrar_resposta(
    *, oficio_id: int, usuario, respondido_em: date, certidao: DadosCertidao, observacoes=""
) -> Oficio:
    """A resposta do órgão no ofício vigente: a certidão (Art. 2º, § 2º) com os números que
    ela atesta, que a avaliação do Art. 2º e o Projeto de Lei lerão."""
    sha256 = verificar_pdf(certidao.arquivo)
    relatorio = conferir_assinaturas(certidao.arquivo)
    with transaction.atomic():
        oficio = travar_oficio(oficio_id, usuario)
        if oficio.respondido_em:
            raise AtoRecusado(f"O ofício já foi respondido em {oficio.respondido_em:%d/%m/%Y}.")
        reiteracao = oficio.reiteracoes.first()
        if reiteracao:
            raise AtoRecusado(
                f"Este ofício foi reiterado pelo Ofício nº {reiteracao.numero}; registre a "
                "resposta no ofício vigente."
            )
        validar_data(respondido_em, oficio, "da resposta")
        # Decisão: o órgão não responde antes de receber o ofício — a resposta não antecede
        # o AR (o envio já é conferido em validar_data). O mesmo dia é aceito.
        if oficio.recebido_em and respondido_em < oficio.recebido_em:
            raise AtoRecusado(
                "A data da resposta não pode ser anterior ao recebimento do ofício (AR) "
                f"({oficio.recebido_em:%d/%m/%Y})."
            )
        if certidao.data > respondido_em:
            raise AtoRecusado("A data da certidão não pode ser posterior à resposta do órgão.")
        oficio.respondido_em = respondido_em
        oficio.resposta_registrada_por = usuario
        oficio.resposta_registrada_em = timezone.now()
        if observacoes.strip():
            oficio.observacoes = "\n".join(filter(None, [oficio.observacoes, observacoes.strip()]))
        oficio.save()
        _gravar_certidao(oficio, certidao, sha256, usuario, relatorio=relatorio)
        movimentar(oficio)
    return oficio


# Decisão: os números certificados só mudam antes do parecer de mérito, por uma versão nova
# da certidão (a anterior fica nos autos). Emitido o parecer, o que ele avaliou fica como foi.
ESTADOS_QUE_ACEITAM_RETIFICACAO = (Estado.AGUARDANDO_CERTIDOES, Estado.AGUARDANDO_PARECER_MERITO)


def travar_certidao_vigente(oficio_id: int, usuario, versao_vista: int | None):
    """O ofício e a versão vigente da certidão, travados, quando os números ainda podem
    mudar: ofício vigente, respondido, e o parecer de mérito ainda não emitido."""
    oficio = travar_oficio(oficio_id, usuario)
    anterior = oficio.certidoes.vigentes().select_for_update(of=("self",)).first()
    if anterior is None:
        raise AtoRecusado("O ofício ainda não foi respondido; registre a resposta.")
    if versao_vista is not None and anterior.pk != versao_vista:
        raise AtoRecusado(MENSAGEM_REGISTRO_NOVO.format(o_que="a certidão deste ofício"))
    if oficio.reiteracoes.exists():
        raise AtoRecusado("Este ofício foi reiterado; retifique a resposta do ofício vigente.")
    if oficio.processo.estado not in ESTADOS_QUE_ACEITAM_RETIFICACAO:
        raise AtoRecusado(
            "O parecer de mérito já foi emitido com os números destas certidões; eles não "
            "podem mais ser alterados (Art. 18)."
        )
    return oficio, anterior


def retificar_certidao(
    *,
    oficio_id: int,
    usuario,
    certidao: DadosCertidao,
    justificativa: str,
    versao_vista: int | None = None,
) -> Certidao:
    """Uma versão nova da resposta do órgão (certidão retificadora ou complementar).
    `versao_vista` é a certidão vigente que a página mostrou: outra versão gravada depois
    recusa esta, em vez de ser substituída em silêncio."""
    sha256 = verificar_pdf(certidao.arquivo)
    if not justificativa.strip():
        raise AtoRecusado("Informe a justificativa da retificação.")
    relatorio = conferir_assinaturas(certidao.arquivo)
    with transaction.atomic():
        oficio, anterior = travar_certidao_vigente(oficio_id, usuario, versao_vista)
        if certidao.data < anterior.data:
            raise AtoRecusado(
                "A certidão retificadora não pode ser anterior à versão que substitui "
                f"({anterior.data:%d/%m/%Y})."
            )
        nova = _gravar_certidao(
            oficio,
            certidao,
            sha256,
            usuario,
            relatorio=relatorio,
            anterior=anterior,
            justificativa=justificativa,
        )
        movimentar(oficio)
    return nova
