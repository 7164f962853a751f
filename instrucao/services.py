"""Atos sobre os ofícios do Art. 2º, §§ 2º e 3º: criação junto com o parecer preliminar
(Art. 17, § 2º), aviso de recebimento (início do prazo), resposta com a certidão e reiteração
do ofício vencido (Art. 9º). Cada função: transação → trava a linha → valida → grava."""

import hashlib
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

import holidays
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone

from documentos.emissao import emitir_oficios, emitir_reiteracao
from instrucao import certidoes
from instrucao.models import (
    ORGAO_COM_ARTIGO,
    PEDIDOS_POR_TIPO,
    TERMINAIS,
    Certidao,
    FiguraCertidao,
    Oficio,
    Orgao,
    RascunhoReiteracao,
    SequenciaOficio,
)
from processos import leitura
from processos.estados import Estado
from processos.leitura import lido
from processos.models import Andamento, AtoRecusado, Processo
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


ROTULO_DO_ORGAO = dict(Orgao.choices)


def _data(dia: date | None) -> str:
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


@dataclass(frozen=True)
class LinhaOficio:
    """Um ofício como a seção "Ofícios e prazos" o mostra, com os atos que cabem nele."""

    oficio: Oficio
    texto: str
    cor: str
    vigente: bool
    vencido: bool
    versoes: tuple = ()  # as versões da certidão, da primeira à vigente
    faltam: tuple[str, ...] = ()  # números pedidos que a versão vigente não trouxe
    retificavel: bool = False

    @property
    def certidao(self):
        return self.versoes[-1] if self.versoes else None

    # Os textos da linha já escritos (issue 13: o filtro `date` e `get_orgao_display`, três
    # vezes por linha, eram a maior parte do custo da seção).
    @property
    def orgao(self) -> str:
        return ROTULO_DO_ORGAO.get(self.oficio.orgao, self.oficio.orgao)

    @property
    def datas(self) -> dict[str, str]:
        """Envio, AR e vencimento em dd/mm/aaaa ("—" quando ainda não há)."""
        o = self.oficio
        return {
            "enviado": _data(o.enviado_em),
            "recebido": _data(o.recebido_em) or "—",
            "vencimento": _data(o.vencimento) or "—",
        }

    @property
    def parcial(self) -> bool:
        return bool(self.versoes) and bool(self.faltam)

    @property
    def aguarda_ar(self) -> bool:
        return self.vigente and self.oficio.recebido_em is None

    @property
    def aguarda_resposta(self) -> bool:
        return self.vigente and not self.oficio.respondido

    @property
    def reiteravel(self) -> bool:
        return self.vigente and self.vencido

    @property
    def rascunho(self) -> RascunhoReiteracao | None:
        """Art. 21: a reiteração preparada pelo servidor, que aguarda o Presidente."""
        if not self.reiteravel:
            return None
        try:
            rascunho = self.oficio.rascunho_reiteracao
        except RascunhoReiteracao.DoesNotExist:
            return None
        return rascunho if rascunho.pendente else None


def _faltam_na_certidao(processo, certidao) -> tuple[str, ...]:
    unidades = certidoes.unidades_pedidas(processo, certidao.oficio.orgao)
    figuras = {f.chave: f for f in certidao.figuras.all()}
    faltam = [
        f"{certidoes.ROTULOS[c]} de {u.nome}"
        for u in unidades
        for c in u.campos
        if getattr(figuras.get(u.chave), c, None) is None
    ]
    if certidoes.pede_exercicio(processo, certidao.oficio.orgao) and not certidao.exercicio:
        faltam.insert(0, "o exercício do valor adicionado")
    return tuple(faltam)


# Antes das certidões, sem ato que tenha levado o processo a aguardá-las, não há ofício: os
# ofícios nascem do ato que leva a aguardando_certidoes (`oficios_do_ato`).
ANTES_DOS_OFICIOS = (
    Estado.PROTOCOLADA,
    Estado.EM_DILIGENCIA,
    Estado.EM_INSTRUCAO,
    Estado.VISITA_REALIZADA,
)


def _sem_oficios(processo) -> bool:
    return processo.estado in ANTES_DOS_OFICIOS and not any(
        a.estado_destino == Estado.AGUARDANDO_CERTIDOES for a in leitura.andamentos(processo)
    )


def linhas_do_processo(processo, hoje: date | None = None) -> list[LinhaOficio]:
    if leitura.ligada(processo) and _sem_oficios(processo):
        return []  # na página, decidido pelo estado e pelos andamentos já lidos
    # As ordens dos modelos começam pelo pai (o processo, o ofício, a certidão) e o juntariam
    # à consulta só para ordenar; aqui o processo é um só, e cada prefetch agrupa pelo pai.
    figuras = Prefetch("figuras", FiguraCertidao.objects.order_by("id"))
    versoes = Certidao.objects.order_by("versao").prefetch_related(figuras)
    oficios = list(
        processo.oficios.select_related("reitera")
        .prefetch_related(Prefetch("certidoes", versoes))
        .order_by("criado_em", "id")
    )
    reiterados = {o.reitera_id for o in oficios if o.reitera_id}
    aceita_retificacao = processo.estado in ESTADOS_QUE_ACEITAM_RETIFICACAO
    linhas = []
    for oficio in oficios:
        texto, cor = descrever_situacao(oficio, hoje)
        vencido = situacao(oficio, hoje).codigo == prazos.VENCIDO
        vigente = oficio.pk not in reiterados
        if not vigente:
            texto, cor = "Reiterado", "text-bg-secondary"
        versoes = tuple(sorted(oficio.certidoes.all(), key=lambda c: c.versao))
        oficio.processo = processo  # as unidades pedidas dependem do processo
        faltam = _faltam_na_certidao(processo, versoes[-1]) if versoes else ()
        linhas.append(
            LinhaOficio(
                oficio,
                texto,
                cor,
                vigente,
                vencido,
                versoes=versoes,
                faltam=faltam,
                retificavel=vigente and bool(versoes) and aceita_retificacao,
            )
        )
    # Art. 21: o rascunho de reiteração que cada ofício vencido pode ter, numa consulta.
    reiteraveis = [linha.oficio for linha in linhas if linha.reiteravel]
    if reiteraveis:
        prefetch_related_objects(reiteraveis, "rascunho_reiteracao__preparado_por")
    return linhas


def oficios_vigentes(processo) -> list[Oficio]:
    """O último ofício de cada cadeia de reiterações, na ordem dos ofícios; na página do
    processo, tirados das linhas da seção "Ofícios e prazos" (já lidas)."""
    if leitura.ligada(processo):
        return [linha.oficio for linha in lido(processo, linhas_do_processo) if linha.vigente]
    return list(processo.oficios.vigentes())


def orgaos_sem_resposta(processo) -> tuple[str, ...]:
    """Os órgãos que ainda não responderam ao ofício vigente (a frase "Aguardando")."""
    return tuple(dict.fromkeys(o.orgao for o in oficios_vigentes(processo) if not o.respondido))


def certidoes_que_faltam(processo) -> list[str]:
    """Art. 2º, §§ 2º e 3º: cada órgão do tipo deve ter respondido, com a certidão, ao
    ofício vigente (o último da cadeia de reiterações)."""
    vigentes = {o.orgao: o for o in oficios_vigentes(processo)}
    faltas = []
    for orgao, incisos in PEDIDOS_POR_TIPO.get(processo.tipo, ()):
        oficio = vigentes.get(orgao)
        if oficio is None or not oficio.respondido:
            faltas.append(f"Falta a certidão {ORGAO_COM_ARTIGO[orgao]} (Art. 2º, {incisos}).")
    return faltas


def _texto_das_faltas(processo) -> str:
    return " ".join(lido(processo, certidoes_que_faltam))


def certidoes_respondidas(processo) -> bool:
    """Art. 2º, §§ 2º e 3º: guarda de "Concluir certidões", calculada sobre os ofícios
    (não declarada por quem pratica o ato). A mensagem usa as mesmas faltas, lidas uma vez
    na página do processo (`processos.leitura`)."""
    return not lido(processo, certidoes_que_faltam)


certidoes_respondidas.mensagem = _texto_das_faltas


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
        _novo_oficio(
            processo,
            orgao=orgao,
            incisos=incisos,
            enviado_em=andamento.data_ato,
            usuario=andamento.usuario,
        )
        for orgao, incisos in PEDIDOS_POR_TIPO.get(processo.tipo, ())
    ]
    emitir_oficios(andamento, oficios)
    return oficios


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


@dataclass(frozen=True)
class DadosCertidao:
    """O que a resposta de um órgão traz: o PDF, o número e a data da certidão, o exercício
    (SEFAZ) e os números certificados por unidade — {"area": {"populacao": 5200}, ...}."""

    arquivo: object
    numero: str
    data: date
    figuras: dict
    exercicio: int | None = None


def _conferir_figuras(oficio: Oficio, dados: DadosCertidao) -> list[FiguraCertidao]:
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
    oficio: Oficio, dados: DadosCertidao, sha256: str, usuario, *, anterior=None, justificativa=""
) -> Certidao:
    figuras = _conferir_figuras(oficio, dados)
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
        if certidao.data > respondido_em:
            raise AtoRecusado("A data da certidão não pode ser posterior à resposta do órgão.")
        oficio.respondido_em = respondido_em
        oficio.resposta_registrada_por = usuario
        oficio.resposta_registrada_em = timezone.now()
        if observacoes.strip():
            oficio.observacoes = "\n".join(filter(None, [oficio.observacoes, observacoes.strip()]))
        oficio.save()
        _gravar_certidao(oficio, certidao, sha256, usuario)
        _movimentar(oficio)
    return oficio


# Decisão: os números certificados só mudam antes do parecer de mérito, por uma versão nova
# da certidão (a anterior fica nos autos). Emitido o parecer, o que ele avaliou fica como foi.
ESTADOS_QUE_ACEITAM_RETIFICACAO = (Estado.AGUARDANDO_CERTIDOES, Estado.AGUARDANDO_PARECER_MERITO)


def retificar_certidao(
    *, oficio_id: int, usuario, certidao: DadosCertidao, justificativa: str
) -> Certidao:
    """Uma versão nova da resposta do órgão (certidão retificadora ou complementar)."""
    sha256 = verificar_pdf(certidao.arquivo)
    if not justificativa.strip():
        raise AtoRecusado("Informe a justificativa da retificação.")
    with transaction.atomic():
        oficio = _travar(oficio_id, usuario)
        anterior = oficio.certidoes.vigentes().select_for_update(of=("self",)).first()
        if anterior is None:
            raise AtoRecusado("O ofício ainda não foi respondido; registre a resposta.")
        if oficio.reiteracoes.exists():
            raise AtoRecusado("Este ofício foi reiterado; retifique a resposta do ofício vigente.")
        if oficio.processo.estado not in ESTADOS_QUE_ACEITAM_RETIFICACAO:
            raise AtoRecusado(
                "O parecer de mérito já foi emitido com os números destas certidões; eles não "
                "podem mais ser alterados (Art. 18)."
            )
        if certidao.data < anterior.data:
            raise AtoRecusado(
                "A certidão retificadora não pode ser anterior à versão que substitui "
                f"({anterior.data:%d/%m/%Y})."
            )
        nova = _gravar_certidao(
            oficio, certidao, sha256, usuario, anterior=anterior, justificativa=justificativa
        )
        _movimentar(oficio)
    return nova


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
        RascunhoReiteracao.objects.filter(oficio=oficio, reiteracao__isnull=True)
        .select_related("preparado_por")
        .first()
    )


def preparar_reiteracao(*, oficio_id: int, usuario, enviar_em: date) -> RascunhoReiteracao:
    """Art. 21: o servidor prepara a reiteração do ofício vencido, que só o Presidente emite.
    O rascunho guarda quem, quando e a data de envio proposta; não tem número nem PDF, e o
    original segue como o ofício vigente."""
    with transaction.atomic():
        original = _travar(oficio_id, usuario)
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
        _movimentar(original)
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
        original = _travar(oficio_id, usuario)
        _exigir_reiteravel(original)
        _validar_data(enviado_em, original, "do envio da reiteração")
        reiteracao = _novo_oficio(
            original.processo,
            orgao=original.orgao,
            incisos=original.incisos,
            enviado_em=enviado_em,
            usuario=usuario,
            reitera=original,
        )
        RascunhoReiteracao.objects.filter(oficio=original, reiteracao__isnull=True).update(
            reiteracao=reiteracao
        )
        origem = original.processo.andamentos.filter(
            ato__in=ATOS_QUE_SOLICITAM, estado_destino=Estado.AGUARDANDO_CERTIDOES
        ).first()
        # Ofício registrado fora do rito (sem o ato que o originou) não tem peça a emitir.
        if origem:
            emitir_reiteracao(reiteracao, origem, usuario=usuario)
        _movimentar(reiteracao)
        return reiteracao
