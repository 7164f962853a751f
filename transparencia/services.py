"""A fase do Art. 23 ligada aos atos do hub: o que pode ser liberado, as guardas, o preparo
(confere o item pedido) e o efeito (grava ou encerra a `Liberacao`), sempre dentro do ato
`liberar_informacao` / `revogar_liberacao` de `processos.services.praticar_ato`. Quem pode
(o Presidente; o Deputado só no processo de que é autor) é a permissão das transições,
`processos.atos.autoriza_liberacao`, conferida pelo hub antes de qualquer escrita."""

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from documentos.models import TIPOS_PUBLICOS, Documento
from processos import leitura
from processos.condicoes import condicao
from processos.models import AtoRecusado, Processo
from transparencia.models import DETALHES, ROTULO_DETALHES, Liberacao


def documentos_internos(processo: Processo):
    """Documentos do processo que não são públicos por natureza (ofícios, informes, extrato,
    cópia integral, comprovante): só chegam ao público por liberação. A versão vigente."""
    return (
        Documento.objects.filter(processo=processo)
        .exclude(tipo__in=TIPOS_PUBLICOS)
        .vigentes()
        .order_by("emitido_em", "id")
    )


def opcoes_a_liberar(processo: Processo) -> list[tuple[str, str]]:
    """(item, rótulo) do que ainda não está liberado: os detalhes e cada documento interno."""
    # As liberações já lidas na página (ou agora, fora dela): as vigentes não têm revogação.
    liberacoes = liberacoes_do_processo(processo)
    ja = {lib.documento_id for lib in liberacoes if lib.revogacao_id is None}
    opcoes = [] if None in ja else [(DETALHES, ROTULO_DETALHES)]
    for doc in documentos_internos(processo).exclude(pk__in=[d for d in ja if d]):
        opcoes.append((doc.codigo, f"{doc.titulo} — emitido em {doc.emitido_em:%d/%m/%Y}"))
    return opcoes


def opcoes_a_revogar(processo: Processo) -> list[tuple[str, str]]:
    vigentes = Liberacao.objects.vigentes().filter(processo=processo).select_related("documento")
    return [(lib.item, lib.descricao) for lib in vigentes]


@condicao("Não há documento interno nem detalhes do processo por liberar (Art. 23).")
def ha_o_que_liberar(processo) -> bool:
    liberacoes = liberacoes_do_processo(processo)
    # Os detalhes ainda não liberados já são o que liberar: sem ler os documentos internos.
    if not any(lib.documento_id is None and lib.revogacao_id is None for lib in liberacoes):
        return True
    return bool(opcoes_a_liberar(processo))


@condicao("Não há informação liberada neste processo para revogar (Art. 23).")
def ha_liberacao_vigente(processo) -> bool:
    return any(lib.revogacao_id is None for lib in liberacoes_do_processo(processo))


@leitura.por_pagina
def liberacoes_do_processo(processo: Processo) -> list[Liberacao]:
    """O histórico das liberações (vigentes e revogadas), do ato mais novo ao mais antigo."""
    return list(
        Liberacao.objects.filter(processo=processo).select_related(
            "documento", "andamento__usuario", "revogacao__usuario"
        )
    )


@liberacoes_do_processo.na_pagina
def _liberacoes_na_pagina(processo: Processo) -> list[Liberacao]:
    """Na página, lido uma vez: cada liberação nasce de um ato `liberar_informacao`, e sem ele
    entre os andamentos já lidos não há o que ler; com ele, o ato da liberação e o da
    revogação (com quem os praticou) são os mesmos andamentos da página."""
    if not leitura.praticado(processo, {"liberar_informacao"}):
        return []
    andamentos = {a.pk: a for a in leitura.andamentos(processo)}
    liberacoes = list(
        Liberacao.objects.filter(processo=processo).select_related("documento").order_by()
    )
    for liberacao in liberacoes:
        if liberacao.andamento_id in andamentos:
            liberacao.andamento = andamentos[liberacao.andamento_id]
        if liberacao.revogacao_id in andamentos:
            liberacao.revogacao = andamentos[liberacao.revogacao_id]
    # A ordem do modelo (o ato mais novo primeiro), sem juntar os andamentos na consulta.
    return sorted(liberacoes, key=lambda lib: (lib.andamento.registrado_em, lib.pk), reverse=True)


@dataclass(frozen=True)
class ItemConferido:
    """O que `liberar_informacao` e `revogar_liberacao` gravam: o item conferido contra as
    opções do processo — o código do documento interno, ou `DETALHES`."""

    item: str

    def como_dados(self) -> dict:
        return {"item": self.item}

    @classmethod
    def de_andamento(cls, andamento) -> "ItemConferido":
        return cls(andamento.dados["item"])


def _conferir_item(dados: dict, opcoes: list[tuple[str, str]], recusa: str) -> ItemConferido:
    item = str(dados.get("item") or "").strip().upper()
    item = DETALHES if item == DETALHES.upper() else item
    if item not in dict(opcoes):
        raise AtoRecusado(recusa)
    return ItemConferido(item)


def preparar_liberacao(processo: Processo, dados: dict) -> ItemConferido:
    return _conferir_item(
        dados,
        opcoes_a_liberar(processo),
        "Escolha um documento interno deste processo, ou os detalhes internos, que ainda não "
        "esteja liberado (Art. 23).",
    )


def preparar_revogacao(processo: Processo, dados: dict) -> ItemConferido:
    return _conferir_item(
        dados, opcoes_a_revogar(processo), "Escolha uma informação liberada e ainda vigente."
    )


def _documento(processo: Processo, item: str) -> Documento | None:
    if item == DETALHES:
        return None
    return Documento.objects.get(processo=processo, codigo=item)


def gravar_liberacao(andamento, conferido: ItemConferido) -> Liberacao:
    return Liberacao.objects.create(
        processo=andamento.processo,
        documento=_documento(andamento.processo, conferido.item),
        andamento=andamento,
    )


def gravar_revogacao(andamento, conferido: ItemConferido) -> Liberacao:
    documento = _documento(andamento.processo, conferido.item)
    liberacao = (
        Liberacao.objects.vigentes()
        .select_for_update()
        .get(processo=andamento.processo, documento=documento)
    )
    liberacao.revogacao = andamento
    liberacao.save(update_fields=["revogacao"])
    return liberacao


# --- leituras públicas ---------------------------------------------------------------------


def _liberado():
    return Exists(
        Liberacao.objects.vigentes().filter(documento=OuterRef("pk"), processo=OuterRef("processo"))
    )


def documentos_do_portal():
    """O que o portal serve a qualquer pessoa (Art. 23): os documentos públicos
    por natureza e os internos com liberação vigente. Todo o resto é 404 ao público."""
    return Documento.objects.filter(processo__isnull=False).filter(
        Q(tipo__in=TIPOS_PUBLICOS) | Q(_liberado())
    )


def documentos_publicos_do_processo(processo: Processo) -> list[Documento]:
    """A versão vigente de cada série pública e cada documento liberado (a versão liberada),
    com `liberado_em` (data da liberação) nos liberados."""
    publicos = list(
        Documento.objects.publicos().vigentes().filter(processo=processo).order_by("emitido_em")
    )
    liberacoes = list(
        Liberacao.objects.vigentes()
        .filter(processo=processo, documento__isnull=False)
        .select_related("documento", "andamento")
    )
    for lib in liberacoes:
        lib.documento.liberado_em = lib.andamento.data_ato
    documentos = publicos + [lib.documento for lib in liberacoes]
    return sorted(documentos, key=lambda d: (d.emitido_em, d.pk))


def detalhes_liberados(processo: Processo, andamentos=None) -> dict | None:
    """Os detalhes internos, quando liberados: o resumo e as justificativas dos atos."""
    liberacao = (
        Liberacao.objects.vigentes()
        .filter(processo=processo, documento__isnull=True)
        .select_related("andamento")
        .first()
    )
    if liberacao is None:
        return None
    if andamentos is None:
        andamentos = list(processo.andamentos.all())
    return {
        "liberado_em": liberacao.andamento.data_ato,
        "resumo": processo.resumo,
        "justificativas": [
            {
                "data": a.data_ato,
                "ato": a.ato,
                "rotulo": a.get_ato_display(),
                "texto": a.justificativa,
            }
            for a in andamentos
            if a.justificativa
        ],
    }
