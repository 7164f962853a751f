"""Carregar uma edição da malha municipal (GeoJSON + tabela de áreas oficiais e população) e
lê-la de volta para a conferência."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Subquery
from django.utils import timezone

from requisitos.models import Municipio
from territorio.models import EdicaoDaMalha, MunicipioNaMalha

if TYPE_CHECKING:
    from territorio.conferencia import MunicipioDaMalha


class MalhaRecusada(ValueError):
    pass


def ler_tabela(texto: str) -> dict[int, dict]:
    """codigo_ibge → área oficial e população (colunas do IBGE: area_km2,
    populacao_censo_2022 e/ou populacao_estimada_2025)."""
    linhas = list(csv.DictReader(io.StringIO(texto.lstrip("\ufeff"))))
    if not linhas or "codigo_ibge" not in linhas[0] or "area_km2" not in linhas[0]:
        raise MalhaRecusada(
            "A tabela precisa das colunas codigo_ibge e area_km2 (áreas oficiais do IBGE)."
        )
    tabela = {}
    for numero, linha in enumerate(linhas, start=2):
        try:
            codigo = int(linha["codigo_ibge"])
            area = Decimal(linha["area_km2"])
        except (ValueError, InvalidOperation, TypeError) as exc:
            raise MalhaRecusada(
                f"Linha {numero} da tabela: código IBGE ou área oficial ilegível."
            ) from exc
        censo = (linha.get("populacao_censo_2022") or "").strip()
        tabela[codigo] = {
            "area_oficial_km2": area,
            "populacao": int(censo) if censo else None,
            "populacao_fonte": "IBGE, Censo Demográfico 2022" if censo else "",
            "populacao_ano": 2022 if censo else None,
        }
    return tabela


@dataclass(frozen=True)
class PopulacaoLida:
    """A população de um ano lida de uma fonte do IBGE (territorio.populacao_ibge):
    código IBGE → (nome como a fonte o escreve, habitantes ou None sem número)."""

    valores: dict[int, tuple[str, int | None]]
    ano: int
    fonte: str


def conferir_populacao(populacao: PopulacaoLida, municipios: dict[int, str]) -> dict[int, int]:
    """Código → habitantes para exatamente os `municipios` (código → nome) da edição: o
    município que a fonte traz e a edição não tem, ou o da edição sem número na fonte, recusa
    a carga inteira, com os nomes."""
    desconhecidos = [
        f"{nome or codigo} ({codigo})"
        for codigo, (nome, _) in sorted(populacao.valores.items())
        if codigo not in municipios
    ]
    if desconhecidos:
        raise MalhaRecusada(
            f"A população de {populacao.ano} traz municípios que a edição da malha não tem: "
            f"{', '.join(desconhecidos)}. Confira se a estimativa e a malha são da mesma "
            "divisão territorial."
        )
    faltam = [
        f"{nome} ({codigo})"
        for codigo, nome in sorted(municipios.items(), key=lambda m: (m[1], m[0]))
        if populacao.valores.get(codigo, ("", None))[1] is None
    ]
    if faltam:
        raise MalhaRecusada(
            f"A população de {populacao.ano} não tem número para {len(faltam)} município(s) "
            f"da malha: {', '.join(faltam)}. Nada foi gravado."
        )
    return {codigo: populacao.valores[codigo][1] for codigo in municipios}


def _campos_da_populacao(populacao: PopulacaoLida, habitantes: int) -> dict:
    return {
        "populacao": habitantes,
        "populacao_fonte": populacao.fonte[:300],
        "populacao_ano": populacao.ano,
    }


def gravar_populacao(*, edicao: EdicaoDaMalha, populacao: PopulacaoLida) -> int:
    """Troca a população de todos os municípios da edição pela lida, ou nenhum (a
    geometria e a área ficam como estão); rodar de novo com os mesmos números não muda nada."""
    with transaction.atomic():
        linhas = list(
            MunicipioNaMalha.objects.select_for_update()
            .filter(edicao=edicao)
            .select_related("municipio")
        )
        if not linhas:
            raise MalhaRecusada(f"A edição {edicao.nome} da malha não tem municípios.")
        habitantes = conferir_populacao(
            populacao, {m.municipio.codigo_ibge: m.municipio.nome for m in linhas}
        )
        for linha in linhas:
            campos = _campos_da_populacao(populacao, habitantes[linha.municipio.codigo_ibge])
            for campo, valor in campos.items():
                setattr(linha, campo, valor)
        MunicipioNaMalha.objects.bulk_update(
            linhas, ["populacao", "populacao_fonte", "populacao_ano"]
        )
    return len(linhas)


def ler_feicoes(conteudo: bytes) -> tuple[dict, list[tuple[int, str, dict]]]:
    """Os metadados e as feições (código, nome, geometria GeoJSON) da malha."""
    try:
        dados = json.loads(conteudo.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise MalhaRecusada("O arquivo da malha não é um GeoJSON legível.") from exc
    if not isinstance(dados, dict) or dados.get("type") != "FeatureCollection":
        raise MalhaRecusada(
            "A malha deve ser um GeoJSON FeatureCollection, uma feição por município."
        )
    feicoes = []
    for feicao in dados.get("features") or []:
        propriedades = feicao.get("properties") or {}
        try:
            codigo = int(propriedades.get("codigo_ibge") or propriedades.get("CD_MUN"))
            geometria = _forma(feicao["geometry"])
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise MalhaRecusada(
                "Uma feição da malha não tem codigo_ibge (ou CD_MUN) ou tem geometria ilegível."
            ) from exc
        if geometria.geom_type not in ("Polygon", "MultiPolygon") or not geometria.is_valid:
            nome = propriedades.get("nome") or codigo
            raise MalhaRecusada(f"A geometria de {nome} ({codigo}) não é um polígono válido.")
        feicoes.append((codigo, propriedades.get("nome", ""), feicao["geometry"]))
    if not feicoes:
        raise MalhaRecusada("A malha não tem nenhuma feição.")
    return dados.get("metadata") or {}, feicoes


def carregar_malha(
    *,
    geojson: bytes,
    tabela: str,
    edicao: str,
    ano: int,
    fonte: str,
    populacao: PopulacaoLida | None = None,
) -> tuple[EdicaoDaMalha, int]:
    """Grava a edição, substituindo as linhas dela se já existir (idempotente); as outras
    edições e as conferências já calculadas ficam como estão. Com `populacao`, ela substitui
    a da tabela, conferida antes de gravar qualquer coisa."""
    metadados, feicoes = ler_feicoes(geojson)
    areas = ler_tabela(tabela)
    sem_area = [str(c) for c, _, _ in feicoes if c not in areas]
    if sem_area:
        raise MalhaRecusada(
            f"Municípios da malha sem área oficial na tabela: {', '.join(sem_area)}."
        )
    municipios = Municipio.objects.in_bulk([c for c, _, _ in feicoes], field_name="codigo_ibge")
    faltam = [f"{n} ({c})" for c, n, _ in feicoes if c not in municipios]
    if faltam:
        raise MalhaRecusada(
            "Municípios da malha que não estão no cadastro (rode antes `manage.py "
            f"carregar_municipios`): {', '.join(faltam)}."
        )
    if populacao is not None:
        habitantes = conferir_populacao(populacao, {c: municipios[c].nome for c, _, _ in feicoes})
        for codigo, valor in habitantes.items():
            areas[codigo].update(_campos_da_populacao(populacao, valor))
    with transaction.atomic():
        registro, _ = EdicaoDaMalha.objects.update_or_create(
            nome=edicao,
            defaults={
                "ano": ano,
                "fonte": fonte or metadados.get("fonte", "")[:300],
                "processamento": metadados.get("processamento", ""),
                "carregada_em": timezone.now(),
            },
        )
        registro.municipios.all().delete()
        MunicipioNaMalha.objects.bulk_create(
            MunicipioNaMalha(
                edicao=registro,
                municipio=municipios[codigo],
                geometria=json.dumps(geometria, separators=(",", ":")),
                **areas[codigo],
            )
            for codigo, _, geometria in feicoes
        )
    _ler_malha.cache_clear()
    return registro, len(feicoes)


def edicao_vigente() -> EdicaoDaMalha | None:
    """A edição mais recente carregada (a que a conferência de um mapa novo usa)."""
    return EdicaoDaMalha.objects.first()


def _forma(geojson: dict):
    # shapely só quando uma geometria é lida (ver territorio.contiguidade).
    from shapely.geometry import shape

    return shape(geojson)


@lru_cache(maxsize=2)
def _ler_malha(edicao_id: int, carregada_em) -> tuple[MunicipioDaMalha, ...]:
    from territorio.conferencia import MunicipioDaMalha

    linhas = MunicipioNaMalha.objects.filter(edicao_id=edicao_id).select_related("municipio")
    return tuple(
        MunicipioDaMalha(
            codigo_ibge=m.municipio.codigo_ibge,
            nome=m.municipio.nome,
            geometria=_forma(json.loads(m.geometria)),
            area_oficial_km2=float(m.area_oficial_km2),
        )
        for m in linhas
    )


def ler_malha(edicao: EdicaoDaMalha) -> list[MunicipioDaMalha]:
    """A malha da edição, lida uma vez por processo (só quando um mapa é conferido: as
    páginas comuns não a carregam)."""
    return list(_ler_malha(edicao.pk, edicao.carregada_em))


def anotacao_da_edicao_vigente():
    """A edição vigente (pk) como subconsulta, para a consulta que lê o processo da página:
    sem malha carregada, a página sabe disso sem outra consulta."""
    return Subquery(EdicaoDaMalha.objects.order_by("-ano", "-carregada_em").values("pk")[:1])


def geometrias(edicao_id: int, codigos) -> tuple[EdicaoDaMalha, dict[int, object]]:
    """A edição e, dela, código IBGE → geometria (shapely) dos municípios pedidos: só as
    linhas deles, sem carregar a malha inteira (a página do processo as lê)."""
    linhas = list(
        MunicipioNaMalha.objects.filter(
            edicao_id=edicao_id, municipio__codigo_ibge__in=list(codigos)
        ).select_related("edicao", "municipio")
    )
    edicao = linhas[0].edicao if linhas else EdicaoDaMalha.objects.get(pk=edicao_id)
    formas = {m.municipio.codigo_ibge: _forma(json.loads(m.geometria)) for m in linhas}
    return edicao, formas
