"""As tabelas que os pareceres trazem: os requisitos do Art. 2º como avaliados."""

from processos import rito
from processos.models import Andamento, Processo
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
