"""As regras entre campos que o esquema OpenAPI não exprime, para o schemathesis: o caso gerado
como válido é ajustado a elas antes da chamada — Sim + Não + brancos + nulos = comparecimento
≤ inscritos e nomes de unidade distintos (Art. 11), a área desmembrada não maior que a total
(Art. 8º), o exercício OU a média do VA, com a tabela da SEFAZ do exercício importada (Art.
2º, IV) —, pelos mesmos números e nunca fora da faixa do esquema. A recusa de cada regra (400
no campo) tem os seus testes.

O teste (tests/test_esquema_da_api.py) importa este módulo; na linha de comando, contra um
servidor com os dados de demonstração (a tabela fictícia de 2024):

    SCHEMATHESIS_HOOKS=tests.ganchos_schemathesis st run http://127.0.0.1:8000/api/schema/ \\
        --checks all
"""

from decimal import Decimal

import schemathesis

EXERCICIO_COM_TABELA = 2024  # o da tabela fictícia (demonstração e semear_tabela_va)
MAXIMO_PESSOAS = 1_000_000_000


def _decimal(valor) -> Decimal:
    return Decimal(str(valor))


def _criacao_municipio(corpo: dict) -> None:
    if "exercicio" in corpo and "media_va_menores" in corpo:
        del corpo["exercicio"]
    if "exercicio" in corpo:
        corpo["exercicio"] = EXERCICIO_COM_TABELA
    elif "media_va_menores" not in corpo:
        corpo["media_va_menores"] = "1000.00"
    vistos, remanescentes = set(), []
    for remanescente in corpo.get("remanescentes", []):
        if remanescente["codigo_ibge"] not in vistos:
            vistos.add(remanescente["codigo_ibge"])
            remanescentes.append(remanescente)
    if "remanescentes" in corpo:
        corpo["remanescentes"] = remanescentes


def _votacao_coerente(unidade: dict) -> None:
    votos = ("sim", "nao", "brancos", "nulos")
    while sum(int(unidade[v]) for v in votos) > MAXIMO_PESSOAS:
        for v in votos:
            unidade[v] = int(unidade[v]) // 2
    unidade["comparecimento"] = sum(int(unidade[v]) for v in votos)
    unidade["inscritos"] = max(int(unidade["inscritos"]), unidade["comparecimento"])


def _plebiscito(corpo: dict) -> None:
    nomes = set()
    for i, unidade in enumerate(corpo["unidades"]):
        _votacao_coerente(unidade)
        nome = " ".join(unidade["nome"].split())
        if nome.casefold() in nomes:
            unidade["nome"] = f"{unidade['nome'][:100]} {i}"
        nomes.add(" ".join(unidade["nome"].split()).casefold())
    corpo["unidades"][0]["area_desmembrada"] = True


def _revisao_limites(corpo: dict) -> None:
    movida, total = corpo["area_movida_km2"], corpo["area_total_km2"]
    if _decimal(movida) > _decimal(total):
        corpo["area_movida_km2"], corpo["area_total_km2"] = total, movida


# Um quadrado sobre o município fictício A (tests/territorio/malha_ficticia.py), que o teste
# do esquema carrega como a malha em uso: o mapa gerado ao acaso não é um território.
MAPA_VALIDO = (
    b'{"type":"Polygon","coordinates":[[[-54.95,-11.95],[-54.85,-11.95],[-54.85,-11.85],'
    b"[-54.95,-11.85],[-54.95,-11.95]]]}"
)
ORIGEM_VALIDA = 5199901


def _territorio(corpo: dict) -> None:
    # Só os campos do esquema: as partes extras de nome arbitrário (até com NUL) são recusadas
    # antes da view (emancipacao.entrada), o que o caso "válido" não espera.
    for chave in set(corpo) - {"arquivo", "origens", "reparar", "memorial"}:
        del corpo[chave]
    corpo["arquivo"] = MAPA_VALIDO
    corpo["origens"] = [ORIGEM_VALIDA]
    corpo["memorial"] = ""


REGRAS_ENTRE_CAMPOS = {
    "/api/v1/simulacoes/territorio/": _territorio,
    "/api/v1/simulacoes/criacao-municipio/": _criacao_municipio,
    "/api/v1/simulacoes/plebiscito/": _plebiscito,
    "/api/v1/simulacoes/revisao-limites/": _revisao_limites,
}


@schemathesis.hook
def map_case(context, case):
    ajuste = REGRAS_ENTRE_CAMPOS.get(case.path)
    valido = case.meta is not None and case.meta.generation.mode.is_positive
    if ajuste and valido and isinstance(case.body, dict):
        ajuste(case.body)
    return case
