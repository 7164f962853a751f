"""Avaliações calculadas que substituem declarações: o Art. 2º no parecer de mérito da
criação (com o § 1º sobre cada município de origem remanescente) e a toponímia (Art. 6º)
na apresentação do Projeto de Lei. As regras são as funções puras de `requisitos`; aqui só
se reúnem os números gravados no processo e os parâmetros em vigor."""

from decimal import Decimal
from functools import lru_cache

from django.utils import timezone

from requisitos.consultas import TabelaVAIncompleta, media_va_do_exercicio
from requisitos.models import parametros_em_vigor
from requisitos.regras import DadosCriacao, DadosRemanescente, avaliar_criacao_municipio
from requisitos.toponimia import VereditoToponimo, avaliar_toponimo
from requisitos.veredito import VereditoCriacao


class FigurasInvalidas(ValueError):
    """Os números informados não permitem avaliar o Art. 2º (mensagem em pt-BR)."""


def condicoes_da_visita(processo) -> bool | None:
    """Art. 2º, V: apurado pela CRT in loco (Art. 2º, § 2º) — o registrado na visita."""
    visita = processo.andamentos.filter(ato="registrar_visita").first()
    return None if visita is None else visita.dados.get("condicoes_instalacao")


def avaliar_art2(processo, figuras: dict) -> VereditoCriacao:
    """Art. 2º, I a VI, e § 1º, com os números das certidões informados no parecer de
    mérito. A média do VA vem da tabela da SEFAZ importada (nunca digitada por processo)."""
    parametros = parametros_em_vigor(_data(processo))
    try:
        media = media_va_do_exercicio(int(figuras["exercicio_va"]), parametros)
    except TabelaVAIncompleta as exc:
        raise FigurasInvalidas(str(exc)) from exc
    remanescentes = tuple(
        DadosRemanescente(
            codigo_ibge=int(r["codigo_ibge"]),
            nome=r.get("nome", ""),
            populacao=int(r["populacao"]),
            eleitores=int(r["eleitores"]),
            casas_centro_urbano=int(r["casas_centro_urbano"]),
            valor_adicionado=Decimal(str(r["valor_adicionado"])),
        )
        for r in figuras.get("remanescentes", [])
    )
    dados = DadosCriacao(
        populacao=int(figuras["populacao"]),
        eleitores=int(figuras["eleitores"]),
        casas_centro_urbano=int(figuras["casas_centro_urbano"]),
        valor_adicionado=Decimal(str(figuras["valor_adicionado"])),
        media_va_menores=media,
        condicoes_instalacao=condicoes_da_visita(processo),
        continuidade_territorial=figuras.get("continuidade_territorial"),
        remanescentes=remanescentes,
    )
    return avaliar_criacao_municipio(dados, parametros)


def falhas(veredito: VereditoCriacao) -> list[str]:
    """Os requisitos não atendidos, com o fundamento, para a mensagem de recusa."""
    lista = [f"{r.fundamento}: {r.mensagem}" for r in veredito.requisitos if not r.atende]
    for remanescente in veredito.remanescentes:
        nome = remanescente.nome or str(remanescente.codigo_ibge)
        lista += [
            f"{nome} (remanescente, {r.fundamento}): {r.mensagem}"
            for r in remanescente.requisitos
            if not r.atende
        ]
    return lista


def avaliar_nome(processo) -> VereditoToponimo:
    return _toponimo(processo.nome_proposto, parametros_em_vigor(_data(processo)))


def _data(processo):
    """Parâmetros em vigor na data do ato em prática; fora de um ato, hoje."""
    return getattr(processo, "data_do_ato", None) or timezone.localdate()


@lru_cache(maxsize=256)
def _toponimo(nome: str, parametros) -> VereditoToponimo:
    # A comparação com os 5.570 nomes do País é pura e cara: guardada por (nome, parâmetros).
    return avaliar_toponimo(nome, parametros)
