import json
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.management import call_command
from shapely.geometry import mapping

from requisitos.models import Municipio

from .malha_ficticia import CODIGOS, A, B, C


@pytest.fixture
def pasta(db, tmp_path):
    return gravar_pasta(tmp_path)


def gravar_pasta(tmp_path):
    """A malha fictícia gravada como a pasta do IBGE: um .geojson e a tabela de áreas."""
    for nome, codigo in CODIGOS.items():
        Municipio.objects.get_or_create(codigo_ibge=codigo, defaults={"nome": f"Fictício {nome}"})
    feicoes = [
        {
            "type": "Feature",
            "properties": {"codigo_ibge": str(CODIGOS[n]), "nome": n},
            "geometry": mapping(g),
        }
        for n, g in (("A", A), ("B", B), ("C", C))
    ]
    pasta = tmp_path / "malha"
    pasta.mkdir()
    (pasta / "malha.geojson").write_text(
        json.dumps(
            {"type": "FeatureCollection", "metadata": {"fonte": "Teste"}, "features": feicoes}
        )
    )
    linhas = ["codigo_ibge,nome,area_km2,populacao_censo_2022,populacao_estimada_2025"]
    linhas += [f"{c},{n},480.500,1000,1100" for n, c in CODIGOS.items()]
    (pasta / "areas.csv").write_text("\n".join(linhas) + "\n")
    return pasta


@pytest.fixture
def malha(pasta):
    """A malha fictícia carregada como a edição 2024."""
    call_command("carregar_malha", str(pasta), edicao="2024", verbosity=0)


class _TratadorCalado(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def servidor_ibge(tmp_path, settings):
    """Um servidor HTTP local no lugar dos serviços do IBGE (a malha em `<pasta>/`, a SIDRA em
    `<pasta>/sidra/`): devolve a pasta que ele serve; o teste grava nela as respostas."""
    pasta = tmp_path / "ibge"
    pasta.mkdir()
    tratador = partial(_TratadorCalado, directory=str(pasta))
    servidor = ThreadingHTTPServer(("127.0.0.1", 0), tratador)
    threading.Thread(target=servidor.serve_forever, daemon=True).start()
    settings.MALHA_IBGE_URL = f"http://127.0.0.1:{servidor.server_address[1]}/"
    settings.POPULACAO_IBGE_URL = f"{settings.MALHA_IBGE_URL}sidra"
    yield pasta
    servidor.shutdown()
    servidor.server_close()
