"""A linha do tempo e o extrato falam em palavras: nenhum nome de campo
("numero_oficio", "participacao icms total") e nenhum número como o banco o guarda
("12.340000") — do protocolo à lei, num processo de criação levado pelo rito inteiro."""

import re

import pytest

from documentos.conteudo import linhas_do_andamento
from processos.linha_do_tempo import descrever_dado, rotulo_declarado
from tests.processos.construtores import avancar, protocolar


@pytest.fixture
def ate_a_lei(operador):
    return avancar(protocolar(operador), operador, "concluido")


def _rotulos_e_valores(processo) -> list[tuple[str, str, str]]:
    return [
        (andamento.ato, str(rotulo), str(valor))
        for andamento in processo.andamentos.all()
        for rotulo, valor in linhas_do_andamento(andamento)
    ]


@pytest.mark.django_db
def test_nenhum_rotulo_e_um_nome_de_campo(ate_a_lei):
    linhas = _rotulos_e_valores(ate_a_lei)
    assert len({ato for ato, _, _ in linhas}) >= 5, "o rito inteiro grava dados em vários atos"

    for andamento in ate_a_lei.andamentos.all():
        for chave, valor in (andamento.dados or {}).items():
            if isinstance(valor, dict | list):
                continue  # os estruturados têm seção própria, fora da linha do tempo
            assert rotulo_declarado(andamento.ato, chave), (andamento.ato, chave)


@pytest.mark.django_db
def test_nenhum_numero_como_o_banco_o_guarda(ate_a_lei):
    for ato, rotulo, valor in _rotulos_e_valores(ate_a_lei):
        assert not re.fullmatch(r"-?\d+\.\d+", valor), (ato, rotulo, valor)


@pytest.mark.django_db
def test_a_pagina_do_processo_mostra_o_oficio_ao_tre_em_palavras(client, servidor, ate_a_lei):
    client.force_login(servidor)

    html = client.get(f"/processos/{ate_a_lei.slug}/").content.decode()

    assert "Ofício ao TRE nº:" in html
    assert "numero oficio" not in html.lower()


@pytest.mark.parametrize(
    ("gravado", "exibido"),
    [("12.340000", "12,34"), ("-3.5", "-3,5"), ("1234.5", "1.234,5"), (2029, 2029)],
)
def test_numeros_gravados_sao_escritos_em_pt_br(gravado, exibido):
    assert descrever_dado("apresentar_pl", "participacao_icms_total", gravado)[1] == exibido
