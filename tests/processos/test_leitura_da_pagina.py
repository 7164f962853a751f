"""A memória de leitura da página do processo (`processos.leitura`): as leituras caras levam
o decorador `por_pagina` e quem as chama não sabe se há página."""

import ast
from pathlib import Path

from processos import leitura

RAIZ = Path(__file__).resolve().parent.parent.parent


class _Processo:
    """Só o que a memória usa do processo: um objeto onde ela se guarda durante a página."""


def _contador():
    chamadas = []

    @leitura.por_pagina
    def lida(processo, extra=0):
        chamadas.append(("consulta", extra))
        return len(chamadas)

    @lida.na_pagina
    def _da_pagina(processo, extra=0):
        chamadas.append(("pagina", extra))
        return -len(chamadas)

    return lida, chamadas


def test_fora_da_pagina_a_leitura_consulta_a_cada_chamada():
    lida, chamadas = _contador()
    processo = _Processo()

    assert (lida(processo), lida(processo)) == (1, 2)
    assert chamadas == [("consulta", 0), ("consulta", 0)]


def test_na_pagina_a_resposta_da_pagina_e_calculada_uma_vez_por_argumento():
    lida, chamadas = _contador()
    processo = _Processo()

    with leitura.leitura_unica(processo):
        valores = [lida(processo), lida(processo), lida(processo, 7), lida(processo, extra=7)]

    assert valores == [-1, -1, -2, -3]
    assert chamadas == [("pagina", 0), ("pagina", 7), ("pagina", 7)]


def test_nada_guardado_na_pagina_sobrevive_a_ela():
    lida, chamadas = _contador()
    processo = _Processo()
    with leitura.leitura_unica(processo):
        lida(processo)

    assert lida(processo) == 2
    assert chamadas[-1] == ("consulta", 0)


def test_nenhum_modulo_fora_da_leitura_pergunta_se_ha_pagina():
    """As regras e as telas chamam as leituras; só `processos.leitura` sabe da página."""
    perguntas = []
    for caminho in RAIZ.rglob("*.py"):
        relativo = caminho.relative_to(RAIZ)
        if relativo.parts[0].startswith(".") or relativo.parts[0] == "tests":
            continue
        if relativo == Path("processos/leitura.py"):
            continue
        for no in ast.walk(ast.parse(caminho.read_text(encoding="utf-8"))):
            if isinstance(no, ast.Attribute) and no.attr in {"ligada", "_leitura_unica"}:
                perguntas.append(f"{relativo}:{no.lineno}")
            if isinstance(no, ast.Name) and no.id == "ligada":
                perguntas.append(f"{relativo}:{no.lineno}")
    assert perguntas == []
