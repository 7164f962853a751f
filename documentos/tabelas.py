"""As tabelas que os pareceres trazem: os requisitos do Art. 2º como avaliados e as três
leituras do resultado do plebiscito."""

from datetime import date

from plebiscito.regras import ResultadoPlebiscito, Votacao, apurar
from processos import rito
from processos.models import Andamento, Processo
from requisitos.models import parametros_em_vigor
from requisitos.parametros import REGRAS_PLEBISCITO
from requisitos.regras import Requisito
from requisitos.veredito import requisito_de_dict


def tabela_requisitos(processo: Processo, andamento: Andamento) -> list[Requisito]:
    """Os requisitos do Art. 2º tal como avaliados no parecer de mérito: o veredito de
    `requisitos.regras` gravado pelo próprio ato (com os parâmetros em vigor), e para cada
    município de origem as linhas do § 1º."""
    avaliacao = andamento.dados.get("avaliacao_art2")
    if not rito.RITOS[processo.tipo].requisitos_art2 or not avaliacao:
        return []
    linhas = [requisito_de_dict(r) for r in avaliacao["requisitos"]]
    for remanescente in avaliacao["remanescentes"]:
        nome = remanescente.get("nome") or str(remanescente["codigo_ibge"])
        for r in remanescente["requisitos"]:
            linhas.append(requisito_de_dict(r, prefixo=f"{nome}, após o desmembramento: "))
    return linhas


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
