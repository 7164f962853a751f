"""`carregar_malha --baixar --edicao ANO`: o shapefile da Malha Municipal Digital baixado do
serviço do IBGE (aqui, um servidor HTTP local com a malha fictícia, no mesmo caminho do
oficial), com a área oficial do .dbf; sem alcançar o serviço, a recusa diz como carregar de
um arquivo e nada é gravado."""

import io
import struct
import zipfile
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from requisitos.models import Municipio
from territorio.models import EdicaoDaMalha, MunicipioNaMalha

from .arquivos_de_mapa import _shp
from .malha_ficticia import CODIGOS, A, B, C
from .sidra_ficticia import resposta_sidra, servir_sidra

pytestmark = pytest.mark.django_db

NOMES = {"A": "Fictício Á", "B": "Fictício B", "C": "Fictício C"}
AREAS = {"A": "480.511", "B": "480.522", "C": "961.033"}
POPULACAO_2024 = {CODIGOS["A"]: "4100", CODIGOS["B"]: "3900", CODIGOS["C"]: "12000"}


def _dbf(linhas: list[tuple[str, str, str]]) -> bytes:
    campos = [("CD_MUN", 7), ("NM_MUN", 60), ("AREA_KM2", 12)]
    largura = 1 + sum(t for _, t in campos)
    cabecalho = 32 + 32 * len(campos) + 1
    saida = struct.pack("<B3xIHH20x", 3, len(linhas), cabecalho, largura)
    for nome, tamanho in campos:
        saida += struct.pack("<11sc4xB15x", nome.encode(), b"C", tamanho)
    saida += b"\x0d"
    for linha in linhas:
        saida += b" " + b"".join(
            v.encode("utf-8").ljust(t)[:t] for v, (_, t) in zip(linha, campos, strict=True)
        )
    return saida + b"\x1a"


def zip_da_malha() -> bytes:
    ordem = ("A", "B", "C")
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w") as pacote:
        pacote.writestr("MT_Municipios_2024.shp", _shp([A, B, C]))
        pacote.writestr(
            "MT_Municipios_2024.dbf",
            _dbf([(str(CODIGOS[n]), NOMES[n], AREAS[n]) for n in ordem]),
        )
        pacote.writestr("MT_Municipios_2024.cpg", "UTF-8")
        pacote.writestr("MT_Municipios_2024.prj", 'GEOGCS["SIRGAS 2000"]')
    return saida.getvalue()


@pytest.fixture
def servico_ibge(servidor_ibge, settings):
    """O ZIP no caminho do serviço oficial (edição 2024) e a estimativa da população de 2024
    na SIDRA, servidos no lugar do IBGE."""
    pasta = servidor_ibge / "municipio_2024" / "UFs" / "MT"
    pasta.mkdir(parents=True)
    (pasta / "MT_Municipios_2024.zip").write_bytes(zip_da_malha())
    servir_sidra(servidor_ibge, 2024, resposta_sidra(2024, POPULACAO_2024))
    for nome, codigo in CODIGOS.items():
        Municipio.objects.get_or_create(codigo_ibge=codigo, defaults={"nome": NOMES[nome]})
    return settings.MALHA_IBGE_URL


def test_baixa_a_malha_com_a_area_oficial_do_dbf(servico_ibge):
    call_command("carregar_malha", baixar=True, edicao="2024", verbosity=0)
    edicao = EdicaoDaMalha.objects.get(nome="2024")
    assert "Malha Municipal Digital 2024" in edicao.fonte and servico_ibge in edicao.fonte
    areas = dict(MunicipioNaMalha.objects.values_list("municipio__codigo_ibge", "area_oficial_km2"))
    assert areas == {CODIGOS[n]: Decimal(AREAS[n]) for n in ("A", "B", "C")}


def test_edicao_que_o_servico_nao_tem_recusa_com_o_status(servico_ibge):
    with pytest.raises(CommandError, match="respondeu 404"):
        call_command("carregar_malha", baixar=True, edicao="2031", verbosity=0)
    assert not EdicaoDaMalha.objects.exists()


def test_sem_alcancar_o_ibge_diz_como_carregar_de_um_arquivo(settings):
    settings.MALHA_IBGE_URL = "http://127.0.0.1:9/"  # porta fechada: sem serviço
    with pytest.raises(CommandError) as erro:
        call_command("carregar_malha", baixar=True, edicao="2024", verbosity=0)
    assert "Não foi possível alcançar o serviço do IBGE" in str(erro.value)
    assert "carregar_malha CAMINHO --edicao ANO" in str(erro.value)
    assert not EdicaoDaMalha.objects.exists()


def test_edicao_sem_ano_com_baixar_recusa():
    with pytest.raises(CommandError, match="a edição é o ano"):
        call_command("carregar_malha", baixar=True, edicao="atual", verbosity=0)


def test_baixa_a_populacao_da_sidra_junto_com_a_malha(servico_ibge):
    call_command("carregar_malha", baixar=True, edicao="2024", verbosity=0)
    linhas = MunicipioNaMalha.objects.select_related("municipio")
    assert {m.municipio.codigo_ibge: m.populacao for m in linhas} == {
        c: int(v) for c, v in POPULACAO_2024.items()
    }
    assert {m.populacao_ano for m in linhas} == {2024}
    fonte = linhas[0].populacao_fonte
    assert "Estimativas da População 2024" in fonte and "SIDRA, tabela 6579" in fonte
    assert "/sidra/t/6579/n6/in%20n3%2051/v/9324/p/2024" in fonte


def test_sem_alcancar_a_sidra_a_malha_nao_e_gravada_e_a_recusa_diz_como_seguir(
    servico_ibge, settings
):
    settings.POPULACAO_IBGE_URL = "http://127.0.0.1:9/values"  # porta fechada
    with pytest.raises(CommandError) as erro:
        call_command("carregar_malha", baixar=True, edicao="2024", verbosity=0)
    mensagem = str(erro.value)
    assert "Não foi possível alcançar o serviço do IBGE" in mensagem
    assert "carregar_populacao ARQUIVO --ano ANO" in mensagem
    assert "A malha não foi gravada" in mensagem and "--sem-populacao" in mensagem
    assert not EdicaoDaMalha.objects.exists()
    # O outro lado: sem a população pedida, a malha entra sem ela.
    call_command("carregar_malha", baixar=True, edicao="2024", sem_populacao=True, verbosity=0)
    assert MunicipioNaMalha.objects.count() == 3
    assert not MunicipioNaMalha.objects.filter(populacao__isnull=False).exists()


def test_ano_da_populacao_que_a_sidra_nao_tem_recusa_sem_gravar(servico_ibge):
    with pytest.raises(CommandError, match="respondeu 404 .*confira o ano da estimativa"):
        call_command("carregar_malha", baixar=True, edicao="2024", ano_populacao=2022, verbosity=0)
    assert not EdicaoDaMalha.objects.exists()


def test_populacao_sem_um_municipio_da_malha_recusa_a_carga_inteira(servico_ibge, servidor_ibge):
    faltando = {c: v for c, v in POPULACAO_2024.items() if c != CODIGOS["C"]}
    servir_sidra(servidor_ibge, 2024, resposta_sidra(2024, faltando))
    with pytest.raises(CommandError, match=r"1 município\(s\) da malha: Fictício C \(5199903\)"):
        call_command("carregar_malha", baixar=True, edicao="2024", verbosity=0)
    assert not EdicaoDaMalha.objects.exists()
