"""Art. 13: o mínimo de assinaturas da representação."""

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


@aplica(
    "Art. 13",
    parametro="assinaturas_minimas",
    testes=("tests.requisitos.test_regra_assinaturas.test_assinaturas_minimas_nas_fronteiras",),
)
def avaliar_assinaturas(aptas: int, parametros: ParametrosLegais) -> Veredito:
    """Art. 13: representação assinada por, no mínimo, 100 eleitores residentes ou
    domiciliados na área, com firmas reconhecidas — `aptas ≥ assinaturas_minimas`, onde
    `aptas` conta cada título válido uma só vez."""
    exigir_nao_negativos(aptas=aptas)
    minimo = parametros.assinaturas_minimas
    atende = aptas >= minimo
    requisito = Requisito(
        inciso="",
        descricao="Eleitores residentes na área, com firma reconhecida",
        valor=aptas,
        limite=minimo,
        comparacao=">=",
        atende=atende,
        fundamento="Art. 13",
        mensagem=f"{plural(aptas, 'assinatura apta', 'assinaturas aptas')}; o mínimo é "
        f"{fmt.inteiro(minimo)}.",
        fonte="Representação (lista de signatários)",
        falta="" if atende else faltam(minimo - aptas, "assinatura", "assinaturas"),
    )
    return Veredito(atende, (requisito,), parametros.como_dict())
