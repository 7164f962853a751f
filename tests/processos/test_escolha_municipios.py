"""Escolha dos municípios de origem: caixas de marcar em ordem do pt-BR (Água Boa antes de
Alta Floresta), na ficha de protocolo e no filtro da lista; rótulos de ordenação com acento."""

import re

import pytest

from requisitos.models import Municipio


@pytest.fixture
def municipios(db):
    for codigo, nome in [(5100250, "Alta Floresta"), (5100102, "Água Boa"), (5107925, "Sorriso")]:
        Municipio.objects.create(codigo_ibge=codigo, nome=nome)


def _ordem(html: str, nomes: list[str]) -> list[str]:
    return sorted(nomes, key=html.index)


def test_protocolo_lista_os_municipios_como_caixas_de_marcar_em_ordem_do_pt_br(
    client, servidor, municipios
):
    client.force_login(servidor)
    html = client.get("/processos/novo/").content.decode()
    caixas = re.findall(r'<input type="checkbox"[^>]*name="municipios_origem"', html)
    assert len(caixas) == 3
    assert _ordem(html, ["Água Boa", "Alta Floresta", "Sorriso"]) == [
        "Água Boa",
        "Alta Floresta",
        "Sorriso",
    ]
    assert "Segure Ctrl" not in html


def test_filtro_da_lista_ordena_municipios_e_rotulos_em_pt_br(client, servidor, municipios):
    client.force_login(servidor)
    html = client.get("/processos/").content.decode()
    filtro = html[html.index('name="municipio"') :]
    filtro = filtro[: filtro.index("</select>")]
    assert _ordem(filtro, ["Água Boa", "Alta Floresta", "Sorriso"]) == [
        "Água Boa",
        "Alta Floresta",
        "Sorriso",
    ]
    ordem = html[html.index('name="ordem"') :]
    ordem = ordem[: ordem.index("</select>")]
    assert "Número (decrescente)" in ordem
    assert "Última movimentação" in ordem
    assert "Nome proposto" in ordem
    assert "Numero" not in ordem and "Movimentacao" not in ordem and "---------" not in ordem
