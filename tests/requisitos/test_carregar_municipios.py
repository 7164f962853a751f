"""Dados de referência: os 142 municípios de Mato Grosso."""

from datetime import date

import pytest
from django.core.management import CommandError, call_command

from requisitos.models import Municipio


@pytest.mark.django_db
def test_carrega_142_municipios_inclusive_boa_esperanca_do_norte():
    call_command("carregar_municipios")
    assert Municipio.objects.count() == 142
    boa = Municipio.objects.get(codigo_ibge=5101837)
    assert boa.nome == "Boa Esperança do Norte"
    assert boa.instalado_em == date(2025, 1, 1)
    assert Municipio.objects.filter(nome="Cuiabá", codigo_ibge=5103403).exists()
    call_command("carregar_municipios")  # idempotente
    assert Municipio.objects.count() == 142


@pytest.mark.django_db
def test_csv_latin1_com_ponto_e_virgula_atualiza_numeros_com_fonte(tmp_path):
    call_command("carregar_municipios")
    arquivo = tmp_path / "ibge.csv"
    arquivo.write_bytes(
        "codigo_ibge;populacao;populacao_fonte;populacao_data\n"
        "5103403;650912;IBGE Censo 2022 - população residente;2022-08-01\n".encode("latin-1")
    )
    call_command("carregar_municipios", csv=arquivo)
    cuiaba = Municipio.objects.get(codigo_ibge=5103403)
    assert cuiaba.populacao == 650912
    assert cuiaba.populacao_fonte == "IBGE Censo 2022 - população residente"


@pytest.mark.django_db
def test_csv_com_linha_ruim_nao_grava_nada(tmp_path):
    call_command("carregar_municipios")
    arquivo = tmp_path / "tre.csv"
    arquivo.write_text(
        "codigo_ibge,eleitores\n5103403,450000\n9999999,10\n5100102,muitos\n", encoding="utf-8"
    )
    with pytest.raises(CommandError) as erro:
        call_command("carregar_municipios", csv=arquivo)
    assert "linha 3" in str(erro.value) and "linha 4" in str(erro.value)
    assert Municipio.objects.get(codigo_ibge=5103403).eleitores is None
