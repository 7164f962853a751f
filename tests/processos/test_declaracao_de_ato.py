"""Uma declaração por ato, na fase dona: o `praticar_ato` roda o preparo da fase antes da
transição, o destino vem do resultado preparado, e quem lê o que o ato gravou chama a função
da fase. Sem a fase que calcula o ato, ele é recusado e nada fica gravado."""

import ast
from pathlib import Path
from unittest import mock

import pytest

from plebiscito.models import Resultado
from plebiscito.resultado import parecer_gravado
from processos import extensoes, transicoes
from processos.atos import ATOS
from processos.models import AtoRecusado
from tests.processos.construtores import (
    DADOS,
    dados_resultado,
    praticar,
    processo_no_estado,
    recarregar,
)

# Aprovado pela regra literal (2.000 × 2 = 4.000 > 2.719) e rejeitado (1.200 × 2 ≤ 2.719).
APROVADO = {"inscritos": 2719, "comparecimento": 2500, "sim": 2000, "nao": 450}
APROVADO |= {"brancos": 30, "nulos": 20}
REJEITADO = APROVADO | {"sim": 1200, "nao": 1250}


@pytest.fixture(autouse=True)
def sem_pdf():
    """Os PDFs são conferidos em tests/plebiscito/test_parecer_pdf.py."""
    with mock.patch("processos.services.emitir_documentos_do_ato"):
        yield


def _com_resultado(operador, numeros):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    praticar(
        processo,
        operador,
        "registrar_resultado",
        dados=dados_resultado(processo, numeros),
    )
    return processo


def _parecer(processo, operador):
    return praticar(
        processo,
        operador,
        "emitir_parecer_resultado",
        dados=dict(DADOS["emitir_parecer_resultado"][""]),
    )


@pytest.mark.parametrize(
    ("numeros", "destino", "aprovado"),
    [(APROVADO, "elaboracao_pl", True), (REJEITADO, "arquivado", False)],
)
def test_o_destino_do_parecer_vem_do_veredito_preparado_art20_p1(
    operador, numeros, destino, aprovado
):
    processo = _com_resultado(operador, numeros)

    andamento = _parecer(processo, operador)

    assert recarregar(processo).estado == destino == andamento.estado_destino
    assert parecer_gravado(andamento).aprovado is aprovado


def test_sem_a_fase_que_calcula_o_resultado_o_ato_e_recusado_e_nada_e_gravado(operador):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    dados = dados_resultado(processo, APROVADO)
    sem_plebiscito = {
        nome: [d for d in lista if not d.preparar or "plebiscito" not in d.preparar.__module__]
        for nome, lista in extensoes._declaracoes.items()
    }

    with (
        mock.patch.dict(extensoes._declaracoes, sem_plebiscito),
        pytest.raises(AtoRecusado, match="a fase que o calcula não está instalada"),
    ):
        praticar(processo, operador, "registrar_resultado", dados=dados)

    assert recarregar(processo).estado == "plebiscito_no_tre"
    assert not Resultado.objects.filter(processo=processo).exists()
    assert not processo.andamentos.filter(ato="registrar_resultado").exists()


def test_cada_ato_de_fase_declara_o_formulario_uma_vez():
    """Duas fases não disputam o formulário do mesmo ato: a tela seria a da primeira."""
    for nome in list(extensoes._declaracoes):
        formularios = [d.formulario for d in extensoes.declaracoes(nome) if d.formulario]
        assert len(formularios) <= 1, nome


def test_as_transicoes_so_movem_o_estado():
    """Nenhum código de domínio dentro das transições: cada método é só a docstring (um
    destino) ou `return destino` (o destino que o preparo do ato decidiu)."""
    arvore = ast.parse(Path(transicoes.__file__).read_text(encoding="utf-8"))
    classe = next(n for n in arvore.body if getattr(n, "name", "") == "AtosDoProcesso")
    corpos = {}
    for metodo in (n for n in classe.body if isinstance(n, ast.FunctionDef)):
        corpo = [
            ast.unparse(c)
            for c in metodo.body
            if not (isinstance(c, ast.Expr) and isinstance(c.value, ast.Constant))
        ]
        corpos[metodo.name] = corpo
    assert set(corpos) == set(ATOS)
    estranhos = {
        nome: c for nome, c in corpos.items() if c not in ([], ["pass"], ["return destino"])
    }
    assert not estranhos
