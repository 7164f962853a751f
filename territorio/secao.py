"""A seção "Território" da página do processo: as figuras guardadas da última versão do mapa
do Art. 15, II, ao lado das áreas informadas e da certificada — nunca no lugar delas."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Exists, OuterRef, Subquery

from documentos.arquivos.tipos import GEOJSON, KML, KMZ, SHAPEFILE
from processos import extensoes, leitura, rito
from processos.atos import ATOS
from processos.estados import Tipo
from processos.papeis import tem_papel
from requisitos.models import parametros_em_vigor
from requisitos.regras import avaliar_revisao_limites
from territorio.malha import edicao_vigente
from territorio.models import ConferenciaTerritorial, EdicaoDaMalha

# Uma medida no mapa confere com a informada até max(1 km², 1 %) de diferença: abaixo disso,
# a diferença cabe na generalização da malha (até 0,2 % por município) e no desenho.
TOLERANCIA_KM2 = 1.0
RECALCULAR = "recalcular_territorio"
TOLERANCIA_FRACAO = 0.01


def diverge(medido_km2: float, informado_km2: float) -> bool:
    """A diferença passa de max(1 km², 1 % da área informada)."""
    tolerancia = max(TOLERANCIA_KM2, TOLERANCIA_FRACAO * abs(informado_km2))
    return abs(medido_km2 - informado_km2) > tolerancia


@dataclass(frozen=True)
class Comparacao:
    rotulo: str
    informado_km2: Decimal
    medido_km2: float
    medido_onde: str = "no mapa"

    @property
    def diverge(self) -> bool:
        return diverge(self.medido_km2, float(self.informado_km2))

    @property
    def diferenca_km2(self) -> float:
        return self.medido_km2 - float(self.informado_km2)


def comparacoes(processo, figuras: dict) -> list[Comparacao]:
    linhas = []
    if processo.area_movida_km2 is not None:
        linhas.append(
            Comparacao("Área a desmembrar informada", processo.area_movida_km2, figuras["area_km2"])
        )
    oficial = sum(o["area_oficial_km2"] for o in figuras["origens"])
    if processo.area_total_km2 and figuras["origens"]:
        linhas.append(
            Comparacao(
                "Área total informada (origens, área oficial)", processo.area_total_km2, oficial
            )
        )
    certificada = extensoes.ler("area_certificada_km2", processo)
    if certificada is not None:
        linhas.append(
            Comparacao("Área certificada pela Cartografia", certificada, figuras["area_km2"])
        )
    return linhas


# A última versão juntada e não anulada do desenho do Art. 15, II (o item pode ter vários
# arquivos vigentes: o mapa em GeoJSON e em PDF), anotada na consulta da página: sem
# desenho, a seção não consulta mais nada.
DESENHOS = (GEOJSON, KML, KMZ, SHAPEFILE)
MAPA_ID = "territorio_mapa_id"
MAPA_TIPO = "territorio_mapa_tipo"
ITEM_DO_MAPA = "mapa_territorio"


def _ultimo_mapa(campo: str):
    documentos = ConferenciaTerritorial.documento.field.related_model.objects
    return Subquery(
        documentos.filter(
            processo=OuterRef("pk"),
            item=ITEM_DO_MAPA,
            anulado_em__isnull=True,
            tipo_conteudo__in=DESENHOS,
        )
        .order_by("-pk")
        .values(campo)[:1]
    )


# Na página pública (que só anota as existências), sem conferência nenhuma não há seção.
TEM_CONFERENCIA = "territorio_tem_conferencia"


def tem_conferencia():
    return Exists(ConferenciaTerritorial.objects.filter(documento__processo=OuterRef("pk")))


def ultimo_mapa_id():
    return _ultimo_mapa("pk")


def ultimo_mapa_tipo():
    return _ultimo_mapa("tipo_conteudo")


@leitura.por_pagina
def mapa_do_processo(processo) -> tuple[int | None, str | None]:
    mapa = (
        processo.documentos_representacao.filter(
            item=ITEM_DO_MAPA, anulado_em__isnull=True, tipo_conteudo__in=DESENHOS
        )
        .order_by("-pk")
        .values_list("pk", "tipo_conteudo")
        .first()
    )
    return mapa or (None, None)


@mapa_do_processo.na_pagina
def _mapa_anotado_na_pagina(processo) -> tuple[int | None, str | None]:
    """A página interna anota o mapa na consulta do processo; a pública só anota as
    existências, e aí a seção consulta (uma vez, e a página pública fica em cache)."""
    if hasattr(processo, MAPA_ID):
        return leitura.anotado(processo, MAPA_ID), leitura.anotado(processo, MAPA_TIPO)
    return mapa_do_processo.consultar(processo)


# O mapa vigente (id e tipo), lido também pela seção do rascunho do memorial.
mapa_vigente = mapa_do_processo


@dataclass(frozen=True)
class Previa:
    """Uma regra da lei lida no desenho antes (ou ao lado) da certidão da Cartografia."""

    dispositivo: str
    texto: str
    atende: bool
    certificado: str = ""
    confere: bool | None = None  # com o certificado, quando há


def _pedacos(n: int) -> str:
    return f"{n} pedaço{'s' if n != 1 else ''}"


def previa_continuidade(processo, figuras: dict) -> Previa:
    """Art. 2º, VI (e Art. 1º, § 1º): o território e cada remanescente num pedaço só."""
    continuo = figuras["pedacos"] == 1 and all(
        o["pedacos_remanescente"] <= 1 for o in figuras["origens"]
    )
    partes = [f"território em {_pedacos(figuras['pedacos'])}"]
    partes += [
        f"remanescente de {o['nome']} em {_pedacos(o['pedacos_remanescente'])}"
        for o in figuras["origens"]
    ]
    texto = ("contínuo" if continuo else "descontínuo") + ": " + "; ".join(partes)
    certificada = extensoes.ler("continuidade_certificada", processo)
    if certificada is None:
        return Previa("Art. 2º, VI", texto, continuo)
    rotulo = "certifica a continuidade" if certificada else "certifica a descontinuidade"
    return Previa(
        "Art. 2º, VI", texto, continuo, f"a Cartografia {rotulo}", certificada == continuo
    )


def previa_art8(figuras: dict) -> list[Previa]:
    """Art. 8º: na revisão de limites, a área que sai de cada município, sobre a área
    oficial dele, contra o percentual em vigor (plebiscito dispensado até ele)."""
    parametros = parametros_em_vigor()
    previas = []
    for origem in figuras["origens"]:
        movida = Decimal(f"{origem['km2']:.3f}")
        total = Decimal(f"{origem['area_oficial_km2']:.3f}")
        veredito = avaliar_revisao_limites(min(movida, total), total, parametros)
        (requisito,) = veredito.requisitos
        texto = f"{origem['nome']}: {requisito.mensagem}"
        previas.append(Previa("Art. 8º", texto, veredito.plebiscito_dispensado))
    return previas


def previas(processo, figuras: dict) -> list[Previa]:
    lista = []
    if rito.RITOS[processo.tipo].requisitos_art2:
        lista.append(previa_continuidade(processo, figuras))
    if processo.tipo == Tipo.REVISAO_LIMITES:
        lista += previa_art8(figuras)
    return lista


def _conferencia(processo):
    mapa_id, tipo = mapa_do_processo(processo)
    if mapa_id is None or tipo not in DESENHOS:
        return None, False
    conferencia = (
        ConferenciaTerritorial.objects.filter(documento_id=mapa_id)
        .select_related("edicao", "documento")
        .first()
    )
    return conferencia, True


def figuras_do_territorio(processo, *, publica: bool = False) -> dict | None:
    """O contexto da seção (e dos PDFs): as figuras e o mapa guardados da última conferência
    do último mapa; `publica` deixa de fora o que só a CRT lê (comparações e prévias)."""
    if publica and leitura.sem(processo, TEM_CONFERENCIA):
        return None
    conferencia, com_mapa = _conferencia(processo)
    if not com_mapa:
        return None
    if conferencia is None:
        return None if publica else {"conferencia": None, "sem_malha": edicao_vigente() is None}
    figuras = conferencia.resultado
    contexto = {
        "mapa": conferencia.documento,
        "conferencia": conferencia,
        "figuras": figuras,
        "svg": conferencia.mapa_svg,
        "invasoes": [s for s in figuras["sobreposicoes"] if not s["fragmento"]],
        "fragmentos_de_sobreposicao": [s for s in figuras["sobreposicoes"] if s["fragmento"]],
        "publica": publica,
    }
    if not publica:
        contexto["comparacoes"] = comparacoes(processo, figuras)
        contexto["previas"] = previas(processo, figuras)
    return contexto


def secao_territorio(processo, usuario, *, publica: bool = False) -> dict | None:
    contexto = figuras_do_territorio(processo, publica=publica)
    if publica or not contexto or not contexto.get("conferencia"):
        return contexto
    # As conferências do mesmo desenho com outras edições (ficam guardadas) e, a quem
    # pode praticar o ato, as edições carregadas com que ele ainda não foi conferido.
    atual = contexto["conferencia"]
    contexto["anteriores"] = list(
        ConferenciaTerritorial.objects.filter(documento_id=atual.documento_id)
        .exclude(pk=atual.pk)
        .select_related("edicao")
    )
    if tem_papel(usuario, *ATOS[RECALCULAR].papeis):
        contexto["por_calcular"] = [
            e.nome for e in EdicaoDaMalha.objects.exclude(conferencias__documento=atual.documento)
        ]
        contexto["ato_recalcular"] = RECALCULAR.replace("_", "-")
    return contexto


def territorio_no_documento(processo) -> dict | None:
    """O mapa e as figuras para o parecer, o PDL, o PL e a cópia integral (só com conferência)."""
    contexto = figuras_do_territorio(processo)
    if not contexto or not contexto.get("conferencia"):
        return None
    figuras = contexto["figuras"]
    contexto["sem_achados"] = (
        not contexto["invasoes"]
        and figuras["pedacos"] == 1
        and not figuras["fora_do_estado_km2"]
        and all(o["pedacos_remanescente"] <= 1 for o in figuras["origens"])
    )
    return contexto
