"""O diagrama de fluxo do processo: o caminho do tipo, com etapas passadas, a atual e as
futuras, e o desvio (diligência, arquivamento, sobrestamento) quando o processo está nele."""

from dataclasses import dataclass
from functools import lru_cache

from django.template.loader import render_to_string

from processos.estados import Estado
from processos.rito import DESVIOS


@dataclass(frozen=True)
class Etapa:
    codigo: str
    rotulo: str
    situacao: str  # passada | atual | futura | desvio-atual

    @property
    def simbolo(self) -> str:
        return {"passada": "✓", "atual": "▶", "futura": "○", "desvio-atual": "⚠"}[self.situacao]

    @property
    def descricao(self) -> str:
        return {
            "passada": "etapa cumprida",
            "atual": "etapa atual",
            "futura": "etapa futura",
            "desvio-atual": "situação atual, fora da linha principal",
        }[self.situacao]


def etapas(processo, andamentos) -> list[Etapa]:
    """`andamentos`: os do processo, do mais novo ao mais antigo (já carregados)."""
    caminho = processo.caminho()
    atual = processo.estado
    referencia = atual
    if atual in DESVIOS:
        # Onde o processo estava na linha principal ao entrar no desvio.
        referencia = next(
            (a.estado_origem for a in andamentos if a.estado_origem in caminho), caminho[0]
        )
    posicao = caminho.index(referencia) if referencia in caminho else 0
    lista = []
    for indice, codigo in enumerate(caminho):
        if atual in DESVIOS:
            situacao = "passada" if indice <= posicao else "futura"
        elif atual == Estado.CONCLUIDO:
            situacao = "passada"
        else:
            situacao = "passada" if indice < posicao else "atual" if indice == posicao else "futura"
        lista.append(Etapa(codigo, Estado(codigo).label, situacao))
        if atual in DESVIOS and indice == posicao:
            lista.append(Etapa(atual, Estado(atual).label, "desvio-atual"))
    return lista


@lru_cache(maxsize=256)
def desenho(etapas: tuple[Etapa, ...]) -> str:
    """O diagrama em HTML (`processos/_diagrama.html`): o mesmo para o mesmo caminho e a
    mesma posição nele, desenhado uma vez por processo do servidor — as etapas são valores
    (tipo, estado e de onde saiu para o desvio), não dados que mudem por fora delas."""
    return render_to_string("processos/_diagrama.html", {"etapas": etapas})
