"""`manage.py carregar_malha`: a malha e as áreas oficiais gravadas por município e por
edição; rodar de novo não duplica; outra edição convive; erros em pt-BR."""

import pytest
from django.core.management import CommandError, call_command

from requisitos.models import Municipio
from territorio.malha import edicao_vigente, ler_malha
from territorio.models import EdicaoDaMalha, MunicipioNaMalha

from .malha_ficticia import CODIGOS

pytestmark = pytest.mark.django_db


def test_carrega_a_malha_da_pasta_e_de_novo_nao_duplica(pasta):
    call_command("carregar_malha", str(pasta), edicao="2024", verbosity=0)
    call_command("carregar_malha", str(pasta / "malha.geojson"), edicao="2024", verbosity=0)
    assert MunicipioNaMalha.objects.count() == 3
    edicao = edicao_vigente()
    assert (edicao.nome, edicao.ano, edicao.fonte) == ("2024", 2024, "Teste")
    a = MunicipioNaMalha.objects.get(municipio__codigo_ibge=CODIGOS["A"])
    assert (str(a.area_oficial_km2), a.populacao) == ("480.500", 1000)
    assert {m.nome for m in ler_malha(edicao)} == {"Fictício A", "Fictício B", "Fictício C"}


def test_segunda_edicao_convive_com_a_primeira(pasta):
    call_command("carregar_malha", str(pasta), edicao="2022", verbosity=0)
    call_command("carregar_malha", str(pasta), edicao="2024", verbosity=0)
    assert list(EdicaoDaMalha.objects.values_list("nome", flat=True)) == ["2024", "2022"]
    assert MunicipioNaMalha.objects.count() == 6


def test_municipio_fora_do_cadastro_e_recusado_sem_gravar_nada(pasta):
    Municipio.objects.filter(codigo_ibge=CODIGOS["C"]).delete()
    with pytest.raises(
        CommandError, match="não estão no cadastro .*carregar_municipios.*C \\(5199903\\)"
    ):
        call_command("carregar_malha", str(pasta), edicao="2024", verbosity=0)
    assert not EdicaoDaMalha.objects.exists()


def test_tabela_sem_area_oficial_e_recusada(pasta):
    (pasta / "areas.csv").write_text("codigo_ibge,nome\n5199901,A\n")
    with pytest.raises(CommandError, match="codigo_ibge e area_km2"):
        call_command("carregar_malha", str(pasta), edicao="2024", verbosity=0)
    assert not EdicaoDaMalha.objects.exists()


def test_pasta_sem_geojson_e_recusada(tmp_path):
    with pytest.raises(CommandError, match="exatamente um arquivo .geojson"):
        call_command("carregar_malha", str(tmp_path), edicao="2024", verbosity=0)


def test_da_pasta_com_ano_populacao_le_a_estimativa_da_tabela(pasta):
    call_command("carregar_malha", str(pasta), edicao="2024", ano_populacao=2025, verbosity=0)
    linhas = MunicipioNaMalha.objects.all()
    assert {(m.populacao, m.populacao_ano) for m in linhas} == {(1100, 2025)}
    assert linhas[0].populacao_fonte == "IBGE, Estimativas da População 2025 (arquivo areas.csv)"
    # O outro lado: um ano que a tabela não tem recusa sem gravar a malha.
    with pytest.raises(CommandError, match="populacao_estimada_2026.*A malha não foi gravada"):
        call_command("carregar_malha", str(pasta), edicao="2026", ano_populacao=2026, verbosity=0)
    assert not EdicaoDaMalha.objects.filter(nome="2026").exists()
