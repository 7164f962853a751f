"""Os ofícios de um processo como a página e as guardas os leem: as linhas da seção
"Ofícios e prazos" (situação, versões da certidão, números que faltam, atos que cabem em cada
um), os ofícios vigentes (o último de cada cadeia de reiterações) e as certidões que faltam
para "Concluir certidões" (Art. 2º, §§ 2º e 3º), computadas dos ofícios."""

from dataclasses import dataclass
from datetime import date

from django.db.models import OuterRef, Prefetch, Subquery, prefetch_related_objects

from instrucao import certidoes, correcao
from instrucao.models import (
    ORGAO_COM_ARTIGO,
    PEDIDOS_POR_TIPO,
    Certidao,
    FiguraCertidao,
    Oficio,
    RascunhoReiteracao,
    RetificacaoRecebimento,
)
from instrucao.services import (
    ESTADOS_QUE_ACEITAM_RETIFICACAO,
    ROTULO_DO_ORGAO,
    data_curta,
    descrever_situacao,
    situacao,
)
from processos import leitura
from processos.estados import Estado
from requisitos import prazos


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

    # Os textos da linha já escritos (o filtro `date` e `get_orgao_display`, três
    # vezes por linha, eram a maior parte do custo da seção).
    @property
    def orgao(self) -> str:
        return ROTULO_DO_ORGAO.get(self.oficio.orgao, self.oficio.orgao)

    @property
    def datas(self) -> dict[str, str]:
        """Envio, AR e vencimento em dd/mm/aaaa ("—" quando ainda não há)."""
        o = self.oficio
        return {
            "enviado": data_curta(o.enviado_em),
            "recebido": data_curta(o.recebido_em) or "—",
            "vencimento": data_curta(o.vencimento) or "—",
            # O AR como foi lançado da primeira vez, quando a CRT o retificou depois.
            "ar_lancado": data_curta(getattr(o, "ar_lancado_antes", None)),
        }

    @property
    def correcoes(self) -> list:
        """As correções de digitação desta resposta: (versão, o que mudou), da primeira à
        última — o mesmo PDF e número, com o antes → depois, quem, quando e por quê."""
        return [
            (v, correcao.alteracoes(v, anterior))
            for anterior, v in zip(self.versoes, self.versoes[1:], strict=False)
            if v.correcao_de_digitacao
        ]

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
    def ar_retificavel(self) -> bool:
        """O AR lançado pode ser corrigido enquanto o prazo importa (`retificar_recebimento`)."""
        o = self.oficio
        return self.vigente and o.recebido_em is not None and not o.respondido and not self.rascunho

    @property
    def reiteravel(self) -> bool:
        return self.vigente and self.vencido

    @property
    def rascunho(self) -> RascunhoReiteracao | None:
        """Art. 21: a reiteração preparada pelo servidor, que aguarda o Presidente."""
        if not self.reiteravel:
            return None
        # Lidos por `linhas_do_processo`, numa consulta, para cada ofício reiterável.
        pendentes = self.oficio.rascunhos_pendentes
        return pendentes[0] if pendentes else None


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


@leitura.por_pagina
def linhas_do_processo(processo, hoje: date | None = None) -> list[LinhaOficio]:
    # As ordens dos modelos começam pelo pai (o processo, o ofício, a certidão) e o juntariam
    # à consulta só para ordenar; aqui o processo é um só, e cada prefetch agrupa pelo pai.
    figuras = Prefetch("figuras", FiguraCertidao.objects.order_by("id"))
    versoes = (
        Certidao.objects.order_by("versao")
        .select_related("registrada_por")
        .prefetch_related(figuras)
    )
    # O AR retificado mostra a data lançada primeiro, na mesma consulta dos ofícios.
    primeira_retificacao = RetificacaoRecebimento.objects.filter(oficio=OuterRef("pk")).order_by(
        "registrada_em", "id"
    )
    oficios = list(
        processo.oficios.select_related("reitera")
        .annotate(
            ar_lancado_antes=Subquery(primeira_retificacao.values("recebido_em_anterior")[:1])
        )
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
        pendentes = RascunhoReiteracao.objects.pendentes().select_related("preparado_por")
        prefetch_related_objects(
            reiteraveis, Prefetch("rascunhos_reiteracao", pendentes, to_attr="rascunhos_pendentes")
        )
    return linhas


@linhas_do_processo.na_pagina
def _linhas_na_pagina(processo, hoje: date | None = None) -> list[LinhaOficio]:
    """Na página, o estado e os andamentos já lidos dizem quando ainda não há ofício."""
    if _sem_oficios(processo):
        return []
    return linhas_do_processo.consultar(processo, hoje)


@leitura.por_pagina
def oficios_vigentes(processo) -> list[Oficio]:
    """O último ofício de cada cadeia de reiterações, na ordem dos ofícios."""
    return list(processo.oficios.vigentes())


@oficios_vigentes.na_pagina
def _vigentes_das_linhas_da_pagina(processo) -> list[Oficio]:
    """Na página, tirados das linhas da seção "Ofícios e prazos" (já lidas)."""
    return [linha.oficio for linha in linhas_do_processo(processo) if linha.vigente]


@certidoes.certidoes_vigentes.na_pagina
def _certidoes_das_linhas_da_pagina(processo) -> list[Certidao]:
    """Na página, as certidões vigentes tiradas dos ofícios já lidos pela seção "Ofícios e
    prazos": a última versão da resposta ao ofício vigente de cada órgão."""
    linhas = linhas_do_processo(processo)
    substituidas = {c.substitui_id for linha in linhas for c in linha.versoes if c.substitui_id}
    return [
        certidao
        for linha in linhas
        if linha.vigente
        for certidao in linha.versoes
        if certidao.pk not in substituidas
    ]


def orgaos_sem_resposta(processo) -> tuple[str, ...]:
    """Os órgãos que ainda não responderam ao ofício vigente (a frase "Aguardando")."""
    return tuple(dict.fromkeys(o.orgao for o in oficios_vigentes(processo) if not o.respondido))


@leitura.por_pagina
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
    return " ".join(certidoes_que_faltam(processo))


def certidoes_respondidas(processo) -> bool:
    """Art. 2º, §§ 2º e 3º: guarda de "Concluir certidões", calculada sobre os ofícios
    (não declarada por quem pratica o ato). A mensagem usa as mesmas faltas, lidas uma vez
    na página do processo (`processos.leitura`)."""
    return not certidoes_que_faltam(processo)


certidoes_respondidas.mensagem = _texto_das_faltas
