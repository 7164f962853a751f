"""Para onde vai o processo nos atos do hub de mais de um destino: o passo `preparar` de
`praticar_ato` (declarado em `processos/atos.py`), na linha travada e antes da transição,
que só move o estado para o destino preparado."""

from dataclasses import dataclass

from processos.estados import Estado
from processos.recusas import AtoRecusado


@dataclass(frozen=True)
class Destino:
    """Para onde o ato leva o processo; nada a acrescentar ao Andamento."""

    destino: str

    def como_dados(self) -> dict:
        return {}


def destino_do_parecer_preliminar(processo, dados: dict) -> Destino:
    """Art. 17, § 1º: a conclusão pelo arquivamento vai à deliberação da Mesa; Art. 17, § 2º:
    as demais seguem o rito (as certidões, ou o parecer de mérito onde não há)."""
    if dados["conclusao"] == "arquivamento":
        return Destino(Estado.DELIBERACAO_ARQUIVAMENTO)
    return Destino(processo.proximo(Estado.VISITA_REALIZADA))


def destino_da_deliberacao_de_arquivamento(processo, dados: dict) -> Destino:
    """Art. 17, § 1º. Decisão: o Plenário que rejeita o arquivamento manda o processo adiante,
    como o parecer que não o propôs."""
    if dados["resultado"] == "aprovado":
        return Destino(Estado.ARQUIVADO)
    return Destino(processo.proximo(Estado.VISITA_REALIZADA))


def destino_da_deliberacao_do_plenario(processo, dados: dict) -> Destino:
    """Art. 18, § 1º: aprovado o parecer de mérito, o processo vai à CCJR; rejeitado, arquiva."""
    return Destino(Estado.NA_CCJ if dados["resultado"] == "aprovado" else Estado.ARQUIVADO)


def destino_do_parecer_da_ccj(processo, dados: dict) -> Destino:
    """Art. 18, § 2º. Decisão: o parecer contrário aprovado arquiva; o favorável segue o rito
    (o PDL, ou o PL onde não há plebiscito)."""
    if dados["conclusao"] == "contrario":
        return Destino(Estado.ARQUIVADO)
    return Destino(processo.proximo(Estado.NA_CCJ))


def retorno(nome_ato: str):
    """O preparo de `desarquivar` e de `retomar` (Art. 21): o processo volta ao estado de onde
    saiu no último arquivamento ou sobrestamento, lido da trilha."""

    def preparar(processo, dados: dict) -> Destino:
        estado = processo.estado_de_retorno(nome_ato)
        if not estado:
            raise AtoRecusado("Não foi encontrado o ato de origem para retornar o processo.")
        return Destino(estado)

    preparar.__name__ = f"retorno_de_{nome_ato}"
    return preparar
