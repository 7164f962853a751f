"""Um processo qualquer dos testes do hub pronto para o recálculo territorial: a origem dele
num quadrado da malha fictícia (edição 2024), o desenho juntado e conferido, e a edição 2025
carregada — o ato `recalcular_territorio` passa a caber."""

import json

from shapely.geometry import box, mapping

from requisitos.models import Municipio
from territorio.malha import carregar_malha
from tests.representacao.construtores import juntar

from .malha_ficticia import CODIGOS, A, B, C

DENTRO_DE_A = mapping(box(-54.95, -11.95, -54.85, -11.85))


def _carregar(codigos: list[int], edicao: str) -> None:
    feicoes = [
        {"type": "Feature", "properties": {"codigo_ibge": str(c)}, "geometry": mapping(g)}
        for c, g in zip(codigos, (A, B, C), strict=True)
    ]
    geojson = json.dumps({"type": "FeatureCollection", "features": feicoes}).encode()
    tabela = "codigo_ibge,area_km2\n" + "".join(f"{c},480.500\n" for c in codigos)
    carregar_malha(geojson=geojson, tabela=tabela, edicao=edicao, ano=int(edicao), fonte="Teste")


def preparar_recalculo(processo, usuario) -> None:
    origem = processo.municipios_origem.order_by("pk").first().codigo_ibge
    for codigo in (CODIGOS["B"], CODIGOS["C"]):
        Municipio.objects.get_or_create(codigo_ibge=codigo, defaults={"nome": f"Fictício {codigo}"})
    codigos = [origem, CODIGOS["B"], CODIGOS["C"]]
    _carregar(codigos, "2024")
    feicao = {"type": "Feature", "properties": {}, "geometry": DENTRO_DE_A}
    conteudo = json.dumps({"type": "FeatureCollection", "features": [feicao]}).encode()
    juntar(processo, usuario, "mapa_territorio", conteudo, "mapa.geojson")
    _carregar(codigos, "2025")
