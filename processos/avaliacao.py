"""Avaliações calculadas que substituem declarações no hub: a toponímia (Art. 6º) na
apresentação do Projeto de Lei e o Art. 2º, V, registrado na visita in loco. A avaliação do
Art. 2º sobre as certidões é da instrução (`instrucao.avaliacao`)."""

from functools import lru_cache

from django.utils import timezone

from processos import leitura
from requisitos.toponimia import VereditoToponimo, avaliar_toponimo


def condicoes_da_visita(processo) -> bool | None:
    """Art. 2º, V: apurado pela CRT in loco (Art. 2º, § 2º) — o registrado na visita."""
    # A última visita (ordem dos andamentos), dos andamentos já lidos pela página.
    visita = next((a for a in processo.andamentos.all() if a.ato == "registrar_visita"), None)
    return None if visita is None else visita.dados.get("condicoes_instalacao")


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
