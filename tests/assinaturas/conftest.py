"""A ICP de teste (gerada uma vez por sessão), os servidores locais do carimbo do tempo e do
gov.br, e o selo da Assembleia instalado num arquivo PKCS#12 temporário ou num token PKCS#11
do SoftHSM2 (criado uma vez por sessão: o módulo lê a pasta dos tokens ao ser carregado)."""

import os

import pytest
from cryptography.hazmat.primitives.serialization import Encoding

from documentos.assinatura import confianca
from tests.assinaturas import softhsm
from tests.assinaturas.pki import SENHA_PKCS12, gerar
from tests.assinaturas.servidores import ServidoresDeTeste


@pytest.fixture(scope="session")
def icp():
    return gerar()


@pytest.fixture(scope="session")
def servidores(icp):
    with ServidoresDeTeste(icp).rodando() as s:
        yield s


@pytest.fixture
def raizes(db, icp):
    """A raiz da ICP de teste e a LCR da intermediária carregadas como o administrador faria."""
    confianca.carregar(icp.raiz.pem + icp.lcr.public_bytes(_PEM))


_PEM = Encoding.PEM


@pytest.fixture
def selo_instalado(settings, tmp_path, icp, servidores, raizes):
    arquivo = tmp_path / "selo.p12"
    arquivo.write_bytes(icp.selo.pkcs12())
    pin = tmp_path / "pin"
    pin.write_text(SENHA_PKCS12.decode() + "\n")
    settings.SELO_PKCS12 = str(arquivo)
    settings.SELO_PIN_ARQUIVO = str(pin)
    settings.CARIMBO_DO_TEMPO_URL = f"{servidores.url}/tsa"
    settings.GOVBR_ASSINATURA_URL = f"{servidores.url}/govbr"
    settings.GOVBR_TOKEN_URL = f"{servidores.url}/govbr/token"
    settings.GOVBR_CLIENT_ID = "cliente"
    settings.GOVBR_CLIENT_SECRET = "segredo"
    return arquivo


@pytest.fixture
def csc_ligado(settings, selo_instalado, servidores):
    settings.CSC_URL = f"{servidores.url}/csc"
    settings.CSC_CLIENT_ID = "cliente"
    settings.CSC_CLIENT_SECRET = "segredo"
    return servidores


@pytest.fixture(scope="session")
def token_softhsm(icp, tmp_path_factory):
    if motivo := softhsm.motivo_para_pular():
        pytest.skip(motivo)
    anterior = os.environ.get("SOFTHSM2_CONF")
    yield softhsm.criar(tmp_path_factory.mktemp("softhsm"), icp)
    if anterior is None:
        os.environ.pop("SOFTHSM2_CONF", None)
    else:
        os.environ["SOFTHSM2_CONF"] = anterior


@pytest.fixture
def selo_no_token(settings, tmp_path, icp, servidores, raizes, token_softhsm):
    """O selo no token; o PKCS#12 configurado ao lado é o de outra pessoa (o token vence)."""
    arquivo = tmp_path / "outro.p12"
    arquivo.write_bytes(icp.relator.pkcs12())
    pin = tmp_path / "pin-do-token"
    pin.write_text(token_softhsm.pin + "\n")
    settings.SELO_PKCS12 = str(arquivo)
    settings.SELO_PKCS11_BIBLIOTECA = token_softhsm.modulo
    settings.SELO_PKCS11_TOKEN = token_softhsm.rotulo_token
    settings.SELO_PKCS11_ROTULO = token_softhsm.rotulo_chave
    settings.SELO_PIN_ARQUIVO = str(pin)
    settings.CARIMBO_DO_TEMPO_URL = f"{servidores.url}/tsa"
    return token_softhsm
