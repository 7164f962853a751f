"""Art. 25: os requisitos da criação de distrito."""

from requisitos import formatacao as fmt
from requisitos.aplicacao import aplica
from requisitos.parametros import ParametrosLegais
from requisitos.veredito import (
    Requisito,
    Veredito,
    exigir_nao_negativos,
    faltam,
    plural,
)

DISTRITO_FONTE = "Órgão de informações e cartografia do Estado (Art. 25, parágrafo único)"


def _habitacoes_distrito(habitacoes: int, minimo: int) -> Requisito:
    atende = habitacoes >= minimo
    return Requisito(
        inciso="I",
        descricao="Habitações na sede da localidade",
        valor=habitacoes,
        limite=minimo,
        comparacao=">=",
        atende=atende,
        fundamento="Art. 25, I",
        mensagem=f"Sede com {plural(habitacoes, 'habitação', 'habitações')}; "
        f"{'atende ao' if atende else 'abaixo do'} mínimo de {fmt.inteiro(minimo)}.",
        fonte=DISTRITO_FONTE,
        falta="" if atende else faltam(minimo - habitacoes, "habitação", "habitações"),
    )


def _populacao_distrito(populacao: int, limite: int) -> Requisito:
    atende = populacao > limite
    return Requisito(
        inciso="II",
        descricao="População do território (habitantes)",
        valor=populacao,
        limite=limite,
        comparacao=">",
        atende=atende,
        fundamento="Art. 25, II",
        mensagem=f"População de {plural(populacao, 'habitante', 'habitantes')}; "
        f"{'superior a' if atende else 'a lei exige mais de'} {fmt.inteiro(limite)}.",
        fonte=DISTRITO_FONTE,
        falta="" if atende else faltam(limite + 1 - populacao, "habitante", "habitantes"),
    )


@aplica(
    "Art. 25, I e II",
    parametro=("distrito_habitacoes_minimas", "distrito_populacao_minima"),
    digitado="as habitações e a população informadas no simulador público; a certidão do "
    "simulador não substitui a do órgão do Estado (Art. 25, parágrafo único).",
    testes=(
        "tests.requisitos.test_regras_outras.test_art_25_habitacoes_no_minimo_50_e_populacao_superior_a_1000",
    ),
)
def avaliar_distrito(
    habitacoes_sede: int, populacao: int, parametros: ParametrosLegais
) -> Veredito:
    """Art. 25: no mínimo 50 habitações na sede (I) e população superior a 1.000 habitantes
    no território (II). ("habilitações" no texto consolidado é erro de digitação.)"""
    exigir_nao_negativos(habitacoes_sede=habitacoes_sede, populacao=populacao)
    requisitos = (
        _habitacoes_distrito(habitacoes_sede, parametros.distrito_habitacoes_minimas),
        _populacao_distrito(populacao, parametros.distrito_populacao_minima),
    )
    return Veredito(all(r.atende for r in requisitos), requisitos, parametros.como_dict())
