"""`carregar_malha --baixar --edicao ANO`: o shapefile da Malha Municipal Digital baixado do
serviço do IBGE (aqui, um servidor HTTP local com a malha fictícia, no mesmo caminho do
oficial), com a área oficial do .dbf; sem alcançar o serviço, a recusa diz como carregar de
um arquivo e nada é gravado."""

import io
import struct
import threading
import zipfile
from decimal import Decimal
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.management import CommandError, call_command

from requisitos.models import Municipio
from territorio.models import EdicaoDaMalha, MunicipioNaMalha

from .arquivos_de_mapa import _shp
from .malha_ficticia import CODIGOS, A, B, C

pytestmark = pytest.mark.django_db

NOMES = {"A": "Fictício Á", "B": "Fictício B", "C": "Fictício C"}
AREAS = {"A": "480.511", "B": "480.522", "C": "961.033"}


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
def servico_ibge(tmp_path, settings):
    """Um servidor HTTP local com o ZIP no caminho do serviço oficial (edição 2024)."""
    pasta = tmp_path / "ibge" / "municipio_2024" / "UFs" / "MT"
    pasta.mkdir(parents=True)
    (pasta / "MT_Municipios_2024.zip").write_bytes(zip_da_malha())
    tratador = partial(SimpleHTTPRequestHandler, directory=str(tmp_path / "ibge"))
    tratador.log_message = lambda *a: None
    servidor = ThreadingHTTPServer(("127.0.0.1", 0), tratador)
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    settings.MALHA_IBGE_URL = f"http://127.0.0.1:{servidor.server_address[1]}/"
    for nome, codigo in CODIGOS.items():
        Municipio.objects.get_or_create(codigo_ibge=codigo, defaults={"nome": NOMES[nome]})
    yield settings.MALHA_IBGE_URL
    servidor.shutdown()
    servidor.server_close()


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
