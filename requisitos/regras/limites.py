"""Art. 8º: a revisão de limites e a dispensa do plebiscito."""

from decimal import Decimal

from requisitos import formatacao as fmt
from requisitos.aplicacao import aplica
from requisitos.parametros import ParametrosLegais
from requisitos.regras.fontes import CARTOGRAFIA
from requisitos.veredito import (
    Requisito,
    VereditoRevisao,
    exigir_nao_negativos,
)


@aplica(
    "Art. 8º",
    parametro="percentual_area_revisao",
    digitado="a área a desmembrar e a área total do município, informadas no protocolo (a "
    "conferência do mapa com a malha do IBGE é mostrada ao lado, como sinal, não como certidão).",
    testes=(
        "tests.requisitos.test_regras_outras.test_art_8_plebiscito_dispensado_ate_20_por_cento_da_area",
    ),
)
def avaliar_revisao_limites(
    area_movida_km2: Decimal, area_total_km2: Decimal, parametros: ParametrosLegais
) -> VereditoRevisao:
    """Art. 8º: na revisão de limites, o plebiscito é dispensado se a retificação não
    desmembrar área superior a 20 % do território do município:
    `area_movida × 100 ≤ 20 × area_total`."""
    exigir_nao_negativos(area_movida_km2=area_movida_km2, area_total_km2=area_total_km2)
    if area_total_km2 <= 0:
        raise ValueError("A área total do município deve ser maior que zero.")
    if area_movida_km2 > area_total_km2:
        raise ValueError("A área desmembrada não pode ser maior que a área do município.")
    percentual = parametros.percentual_area_revisao
    dispensado = area_movida_km2 * 100 <= percentual * area_total_km2
    limite = area_total_km2 * percentual / 100
    proporcao = fmt.percentual(area_movida_km2, area_total_km2)
    movida = fmt.decimal(area_movida_km2, 3)
    if dispensado:
        mensagem = f"Área desmembrada de {movida} km² ({proporcao} do território), não superior "
        mensagem += f"a {percentual} %: consulta plebiscitária dispensada."
    else:
        mensagem = f"Área desmembrada de {movida} km² ({proporcao} do território), superior a "
        mensagem += f"{percentual} %: a consulta plebiscitária é necessária."
    requisito = Requisito(
        inciso="caput",
        descricao=f"Área desmembrada (km²), até {percentual} % do território",
        valor=area_movida_km2,
        limite=limite,
        comparacao="<=",
        atende=dispensado,
        fundamento="Art. 8º",
        mensagem=mensagem,
        fonte=CARTOGRAFIA,
        falta=""
        if dispensado
        else f"Para dispensar o plebiscito, a área não poderia passar de "
        f"{fmt.decimal(limite, 3)} km².",
    )
    return VereditoRevisao(dispensado, (requisito,), parametros.como_dict(), (), dispensado)
