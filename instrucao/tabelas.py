"""As tabelas que os pareceres trazem: os requisitos do Art. 2º como avaliados — no PDF do
parecer e na seção "Requisitos" da página do processo, lidas do que o parecer gravou
(`AvaliacaoDoParecer.de_andamento`), nunca das chaves do `Andamento.dados`."""

from datetime import date

from instrucao.parecer import AvaliacaoDoParecer
from processos import leitura, rito
from processos.models import Andamento, Processo
from requisitos.municipios_br import por_codigo
from requisitos.regras import Requisito
from requisitos.veredito import numero_de_json, requisito_de_dict


def tabela_requisitos(processo: Processo, andamento: Andamento) -> list[Requisito]:
    """Os requisitos do Art. 2º tal como avaliados no parecer de mérito: o veredito de
    `requisitos.regras` gravado pelo próprio ato (com os parâmetros em vigor), e para cada
    município de origem as linhas do § 1º."""
    avaliacao = AvaliacaoDoParecer.de_andamento(andamento).veredito
    if not rito.RITOS[processo.tipo].requisitos_art2 or not avaliacao:
        return []
    linhas = [requisito_de_dict(r) for r in avaliacao["requisitos"]]
    for remanescente in avaliacao["remanescentes"]:
        nome = remanescente.get("nome") or str(remanescente["codigo_ibge"])
        for r in remanescente["requisitos"]:
            linhas.append(requisito_de_dict(r, prefixo=f"{nome}, após o desmembramento: "))
    return linhas


def avaliacao_na_pagina(processo: Processo) -> dict | None:
    """A avaliação do Art. 2º gravada no último parecer de mérito, para a seção "Requisitos"
    da página do processo (a leitura `avaliacao_art2` que o hub pede pelo registro): o
    veredito gravado com os requisitos reconstituídos para a exibição pt-BR, o Andamento, a
    data dos parâmetros e as certidões de onde vieram os números (`fontes`). None sem
    parecer com a avaliação. Na página, os andamentos são os que ela já leu."""
    for andamento in leitura.andamentos(processo):
        if andamento.ato != "emitir_parecer_merito":
            continue
        gravado = AvaliacaoDoParecer.de_andamento(andamento)
        if gravado.veredito:
            return _para_exibir(gravado, andamento)
    return None


def _para_exibir(gravado: AvaliacaoDoParecer, andamento: Andamento) -> dict:
    avaliacao = gravado.veredito
    media = dict(avaliacao.get("media_va") or {})
    if media:
        nomes = por_codigo()
        media["municipios"] = [
            m
            | {"nome": _nome(nomes, m["codigo_ibge"])}
            | {"valor_adicionado": numero_de_json(m["valor_adicionado"])}
            for m in media.get("municipios", [])
        ]
        media["media"] = numero_de_json(media["media"])
    referencia = avaliacao["parametros"].get("data_referencia")
    return avaliacao | {
        "andamento": andamento,
        "media_va": media or avaliacao.get("media_va"),
        "requisitos": [requisito_de_dict(r) for r in avaliacao["requisitos"]],
        "remanescentes": [
            rem | {"requisitos": [requisito_de_dict(r) for r in rem["requisitos"]]}
            for rem in avaliacao["remanescentes"]
        ],
        "data_parametros": date.fromisoformat(referencia) if referencia else None,
        "fontes": gravado.certidoes,
    }


def _nome(nomes: dict, codigo_ibge):
    conhecido = nomes.get(codigo_ibge)
    return conhecido.nome if conhecido else codigo_ibge
