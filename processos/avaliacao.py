"""Avaliações calculadas que substituem declarações no hub: a toponímia (Art. 6º) na
apresentação do Projeto de Lei e o Art. 2º, V, registrado na visita in loco. A avaliação do
Art. 2º sobre as certidões é da instrução (`instrucao.avaliacao`)."""

from dataclasses import dataclass
from functools import lru_cache

from django.utils import timezone

from processos import leitura, rito
from processos.estados import TIPOS_COM_NOME_NOVO
from processos.recusas import AtoRecusado
from requisitos.toponimia import VereditoToponimo, avaliar_toponimo
from requisitos.veredito import como_dict


def condicoes_da_visita(processo) -> bool | None:
    """Art. 2º, V: apurado pela CRT in loco (Art. 2º, § 2º) — o registrado na visita."""
    # A última visita (ordem dos andamentos), dos andamentos já lidos pela página.
    visita = next((a for a in processo.andamentos.all() if a.ato == "registrar_visita"), None)
    return None if visita is None else visita.dados.get("condicoes_instalacao")


def conferir_visita(processo, dados: dict) -> None:
    """O preparo de `registrar_visita`: onde o rito exige os requisitos do Art. 2º, a visita
    in loco registra o resultado da verificação das condições de instalação (Art. 2º, V)."""
    if rito.RITOS[processo.tipo].requisitos_art2 and dados.get("condicoes_instalacao") is None:
        raise AtoRecusado("Informe o resultado da verificação in loco do Art. 2º, V.")


@dataclass(frozen=True)
class NomeDoProjeto:
    """O que `apresentar_pl` grava sobre o nome (Art. 6º): a toponímia calculada."""

    toponimia: dict

    def como_dados(self) -> dict:
        return {"toponimia": self.toponimia}


def preparar_nome_do_projeto(processo, dados: dict) -> NomeDoProjeto | None:
    """O preparo de `apresentar_pl` nos tipos com nome novo (Art. 6º): repetição, datas e
    palavras são calculadas (condições da transição); a vedação de nome de pessoa viva não é
    decidível pelo sistema e exige a declaração de quem apresenta."""
    if processo.tipo not in TIPOS_COM_NOME_NOVO:
        return None
    if not dados.get("declara_pessoa_viva"):
        raise AtoRecusado(
            "Declare que o nome não é de pessoa viva (Art. 6º): o sistema não o decide."
        )
    return NomeDoProjeto(como_dict(avaliar_nome(processo)))


@leitura.por_pagina
def avaliar_nome(processo) -> VereditoToponimo:
    return _toponimo(processo.nome_proposto, leitura.parametros(processo, _data(processo)))


def _data(processo):
    """Parâmetros em vigor na data do ato em prática; fora de um ato, hoje."""
    return getattr(processo, "data_do_ato", None) or timezone.localdate()


@lru_cache(maxsize=256)
def _toponimo(nome: str, parametros) -> VereditoToponimo:
    # A comparação com os 5.570 nomes do País é pura e cara: guardada por (nome, parâmetros).
    return avaliar_toponimo(nome, parametros)
