"""O ato `recalcular_territorio`: a conferência do mapa do Art. 15, II refeita contra outra
edição da malha municipal, a pedido da CRT. Carregar uma edição não muda nenhuma figura já
gravada (cada uma diz a edição que usou); só este ato — com Andamento, quem e quando — põe
ao lado da conferência anterior, que fica como estava, a da edição escolhida, e a página
passa a mostrar a mais recente."""

from dataclasses import dataclass

from django import forms
from django.utils import timezone

from processos import leitura
from processos.condicoes import condicao
from processos.forms import AtoForm
from processos.models import AtoRecusado
from territorio import secao
from territorio.models import ConferenciaTerritorial, EdicaoDaMalha

ATO = "recalcular_territorio"
CAMPO = "edicao_malha"


@leitura.por_pagina
def _edicoes_por_calcular(processo) -> list[EdicaoDaMalha]:
    mapa_id, tipo = secao.mapa_do_processo(processo)
    if mapa_id is None or tipo not in secao.DESENHOS:
        return []
    return list(EdicaoDaMalha.objects.exclude(conferencias__documento_id=mapa_id))


def edicoes_por_calcular(processo) -> list[EdicaoDaMalha]:
    """As edições carregadas com que o último desenho do mapa ainda não foi conferido."""
    return _edicoes_por_calcular(processo)


@condicao(
    "Não há mapa do Art. 15, II em GeoJSON ou KML, ou ele já foi conferido com todas as "
    "edições da malha municipal carregadas."
)
def ha_edicao_por_calcular(processo) -> bool:
    return bool(edicoes_por_calcular(processo))


class RecalcularTerritorioForm(AtoForm):
    edicao_malha = forms.ChoiceField(
        label="Edição da malha municipal",
        widget=forms.RadioSelect,
        help_text="A conferência anterior continua guardada, com a edição que usou; a página "
        "passa a mostrar a nova.",
    )

    def ajustar(self):
        self.fields[CAMPO].choices = [
            (e.nome, f"Malha municipal {e.nome} ({e.fonte})")
            for e in edicoes_por_calcular(self.processo)
        ]


@dataclass(frozen=True)
class TerritorioRecalculado:
    """A conta feita uma vez no preparo: o Andamento guarda o resumo em palavras
    (`como_dados`), a conferência guarda as figuras e o mapa (`gravar`)."""

    documento: object
    edicao: EdicaoDaMalha
    figuras: dict
    svg: str
    anterior: ConferenciaTerritorial | None

    def como_dados(self) -> dict:
        dados = {
            CAMPO: self.edicao.nome,
            "mapa_versao": str(self.documento.versao),
            "area_medida_km2": _km2(self.figuras["area_km2"]),
        }
        if self.anterior is not None:
            dados["edicao_anterior"] = self.anterior.edicao.nome
            dados["area_anterior_km2"] = _km2(self.anterior.resultado["area_km2"])
        return dados


def _km2(valor) -> str:
    return f"{valor:.2f}".replace(".", ",")


def preparar(processo, dados: dict) -> TerritorioRecalculado:
    """Confere a edição escolhida e refaz a conta com o arquivo do desenho guardado."""
    nome = str(dados.get(CAMPO) or "").strip()
    edicao = next((e for e in _edicoes_por_calcular(processo) if e.nome == nome), None)
    if edicao is None:
        raise AtoRecusado(
            "Escolha uma edição da malha carregada com que o mapa ainda não foi conferido."
        )
    mapa_id, _ = secao.mapa_do_processo(processo)
    documento = processo.documentos_representacao.get(pk=mapa_id)
    with documento.arquivo.open("rb") as arquivo:
        conteudo = arquivo.read()
    # A leitura e a conta (shapely, pyproj) só quando o ato roda: ver territorio.ligacoes.
    from territorio.leitura import GeometriaRecusada
    from territorio.ligacoes import calcular, leitor

    try:
        desenho = leitor(documento.tipo_conteudo)(conteudo)
    except GeometriaRecusada as exc:
        raise AtoRecusado(str(exc)) from exc
    origens = list(processo.municipios_origem.values_list("codigo_ibge", flat=True))
    figuras, svg = calcular(desenho, edicao, origens, nome=documento.nome_original)
    anterior = (
        ConferenciaTerritorial.objects.filter(documento=documento).select_related("edicao").first()
    )
    return TerritorioRecalculado(documento, edicao, figuras, svg, anterior)


def gravar(andamento, recalculado: TerritorioRecalculado) -> ConferenciaTerritorial:
    return ConferenciaTerritorial.objects.create(
        documento=recalculado.documento,
        edicao=recalculado.edicao,
        calculada_em=timezone.now(),
        resultado=recalculado.figuras,
        mapa_svg=recalculado.svg,
    )
