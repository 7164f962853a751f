"""Um token PKCS#11 de teste no SoftHSM2 (o pacote Debian `softhsm2`), no lugar do token A3 ou
do HSM da Assembleia: uma pasta própria de tokens (SOFTHSM2_CONF), o token iniciado pelo
`softhsm2-util --init-token` e a chave e os certificados do selo da ICP de teste gravados nele
pelo python-pkcs11 — a chave como objeto sensível, que nunca sai do token. Sem o softhsm2 ou
sem o python-pkcs11, `motivo_para_pular()` diz o que falta."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization

from tests.assinaturas.pki import ICPDeTeste

MODULO = "/usr/lib/softhsm/libsofthsm2.so"
ROTULO_TOKEN = "ALMT-SELO"
ROTULO_CHAVE = "selo"
PIN = "4321"
PIN_SO = "87654321"
ID_DO_SELO = b"\x01"


@dataclass(frozen=True)
class TokenDeTeste:
    configuracao: Path
    modulo: str = MODULO
    rotulo_token: str = ROTULO_TOKEN
    rotulo_chave: str = ROTULO_CHAVE
    pin: str = PIN


def motivo_para_pular() -> str | None:
    if not shutil.which("softhsm2-util") or not Path(MODULO).is_file():
        return "SoftHSM2 não instalado (apt-get install softhsm2): sem token PKCS#11 de teste."
    if importlib.util.find_spec("pkcs11") is None:
        return "python-pkcs11 não instalado (dependencias/testes.txt)."
    return None


def _configurar(pasta: Path) -> Path:
    tokens = pasta / "tokens"
    tokens.mkdir(parents=True, exist_ok=True)
    configuracao = pasta / "softhsm2.conf"
    configuracao.write_text(
        f"directories.tokendir = {tokens}\nobjectstore.backend = file\nlog.level = ERROR\n"
    )
    return configuracao


def _gravar(icp: ICPDeTeste) -> None:
    import pkcs11
    from pkcs11 import Attribute
    from pkcs11.util.rsa import decode_rsa_private_key
    from pkcs11.util.x509 import decode_x509_certificate

    biblioteca = pkcs11.lib(MODULO)
    # Já carregado neste processo com outra pasta: relido o SOFTHSM2_CONF de agora.
    biblioteca.reinitialize()
    token = biblioteca.get_token(token_label=ROTULO_TOKEN)
    chave_der = icp.selo.chave.private_bytes(
        serialization.Encoding.DER,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    with token.open(rw=True, user_pin=PIN) as sessao:
        chave = decode_rsa_private_key(chave_der)
        chave.update(
            {
                Attribute.TOKEN: True,
                Attribute.PRIVATE: True,
                Attribute.SENSITIVE: True,
                Attribute.LABEL: ROTULO_CHAVE,
                Attribute.ID: ID_DO_SELO,
            }
        )
        sessao.create_object(chave)
        # O certificado do selo e a cadeia que o emitiu, como vêm num token A3.
        for rotulo, identidade in (
            (ROTULO_CHAVE, icp.selo),
            ("AC Intermediaria", icp.intermediaria),
            ("AC Raiz", icp.raiz),
        ):
            certificado = decode_x509_certificate(identidade.der)
            certificado.update({Attribute.TOKEN: True, Attribute.LABEL: rotulo})
            if identidade is icp.selo:
                certificado[Attribute.ID] = ID_DO_SELO
            sessao.create_object(certificado)


def criar(pasta: Path, icp: ICPDeTeste) -> TokenDeTeste:
    """O token com o selo, numa pasta própria. SOFTHSM2_CONF fica apontando para ela: o
    SoftHSM2 a lê ao ser carregado, uma vez por processo (quem chama cuida do ambiente)."""
    configuracao = _configurar(pasta)
    os.environ["SOFTHSM2_CONF"] = str(configuracao)
    subprocess.run(
        [
            *("softhsm2-util", "--init-token", "--free"),
            *("--label", ROTULO_TOKEN, "--so-pin", PIN_SO, "--pin", PIN),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "SOFTHSM2_CONF": str(configuracao)},
    )
    _gravar(icp)
    return TokenDeTeste(configuracao)
