"""A seção "Território" da página do processo: as figuras guardadas da última versão do mapa
do Art. 15, II, ao lado das áreas informadas e da certificada — nunca no lugar delas."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import OuterRef, Subquery

from documentos.arquivos.tipos import GEOJSON, KML, KMZ, SHAPEFILE
from processos import extensoes, leitura
from territorio.malha import edicao_vigente
from territorio.models import ConferenciaTerritorial

# Uma medida no mapa confere com a informada até max(1 km², 1 %) de diferença: abaixo disso,
# a diferença cabe na generalização da malha (até 0,2 % por município) e no desenho.
TOLERANCIA_KM2 = 1.0
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


# A última versão não anulada do mapa do Art. 15, II (id e tipo), anotada na consulta da
# página: sem mapa ou com um mapa em PDF, a seção não consulta mais nada.
MAPA_ID = "territorio_mapa_id"
MAPA_TIPO = "territorio_mapa_tipo"
ITEM_DO_MAPA = "mapa_territorio"


def _ultimo_mapa(campo: str):
    documentos = ConferenciaTerritorial.documento.field.related_model.objects
    return Subquery(
        documentos.filter(processo=OuterRef("pk"), item=ITEM_DO_MAPA, anulado_em__isnull=True)
        .order_by("-versao")
        .values(campo)[:1]
    )


def ultimo_mapa_id():
    return _ultimo_mapa("pk")


def ultimo_mapa_tipo():
    return _ultimo_mapa("tipo_conteudo")


def _mapa(processo) -> tuple[int | None, str | None]:
    if leitura.ligada(processo):
        return leitura.anotado(processo, MAPA_ID), leitura.anotado(processo, MAPA_TIPO)
    mapa = (
        processo.documentos_representacao.filter(item=ITEM_DO_MAPA, anulado_em__isnull=True)
        .order_by("-versao")
        .values_list("pk", "tipo_conteudo")
        .first()
    )
    return mapa or (None, None)


# O mapa vigente (id e tipo), lido também pela seção do rascunho do memorial.
mapa_vigente = _mapa


def secao_territorio(processo, usuario, *, publica: bool = False) -> dict | None:
    if publica:
        return None
    mapa_id, tipo = _mapa(processo)
    if mapa_id is None or tipo not in (GEOJSON, KML, KMZ, SHAPEFILE):
        return None
    conferencia = (
        ConferenciaTerritorial.objects.filter(documento_id=mapa_id)
        .select_related("edicao", "documento")
        .first()
    )
    if conferencia is None:
        return {"conferencia": None, "sem_malha": edicao_vigente() is None}
    figuras = conferencia.resultado
    return {
        "mapa": conferencia.documento,
        "conferencia": conferencia,
        "figuras": figuras,
        "invasoes": [s for s in figuras["sobreposicoes"] if not s["fragmento"]],
        "fragmentos_de_sobreposicao": [s for s in figuras["sobreposicoes"] if s["fragmento"]],
        "comparacoes": comparacoes(processo, figuras),
    }
