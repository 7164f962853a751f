"""As tabelas que os pareceres trazem: os requisitos do Art. 2º como avaliados e as três
leituras do resultado do plebiscito."""

from dataclasses import fields
from datetime import date
from decimal import Decimal, InvalidOperation

from plebiscito.regras import ResultadoPlebiscito, Votacao, apurar
from processos import rito
from processos.models import Andamento, Processo
from requisitos.models import parametros_em_vigor
from requisitos.parametros import REGRAS_PLEBISCITO
from requisitos.regras import Requisito


def tabela_requisitos(processo: Processo, andamento: Andamento) -> list[Requisito]:
    """Os requisitos do Art. 2º tal como avaliados no parecer de mérito: o veredito de
    `requisitos.regras` gravado pelo próprio ato (com os parâmetros em vigor), e para cada
    município de origem as linhas do § 1º."""
    avaliacao = andamento.dados.get("avaliacao_art2")
    if not rito.RITOS[processo.tipo].requisitos_art2 or not avaliacao:
        return []
    linhas = [_requisito(r) for r in avaliacao["requisitos"]]
    for remanescente in avaliacao["remanescentes"]:
        nome = remanescente.get("nome") or str(remanescente["codigo_ibge"])
        for r in remanescente["requisitos"]:
            linhas.append(_requisito(r, prefixo=f"{nome}, após o desmembramento: "))
    return linhas


def _requisito(dados: dict, prefixo: str = "") -> Requisito:
    campos = {f.name for f in fields(Requisito)}
    valores = {k: v for k, v in dados.items() if k in campos}
    valores["valor"] = _numero(valores.get("valor"))
    valores["limite"] = _numero(valores.get("limite"))
    valores["descricao"] = prefixo + valores["descricao"]
    return Requisito(**valores)


def _numero(valor):
    """Os números voltam do JSON como texto (Decimal) ou int."""
    if isinstance(valor, str):
        try:
            return Decimal(valor)
        except InvalidOperation:
            return valor
    return valor


def resultado_do_plebiscito(
    registro: Andamento | None, data: date
) -> tuple[ResultadoPlebiscito, str] | None:
    """As três leituras sobre os números registrados pela Mesa (Art. 20), com a regra em
    vigor na data do parecer."""
    if registro is None:
        return None
    dados = registro.dados
    votacao = Votacao(
        *(int(dados[c]) for c in ("inscritos", "comparecimento", "sim", "nao", "brancos", "nulos"))
    )
    regra = parametros_em_vigor(data).regra_plebiscito
    return apurar(votacao, regra), REGRAS_PLEBISCITO[regra]
