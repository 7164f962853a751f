"""O adaptador dos provedores de assinatura em nuvem ICP-Brasil pela API do Cloud Signature
Consortium (CSC, v2): o certificado do signatário fica no provedor (HSM), que só assina o
resumo. O signatário autoriza a assinatura no provedor (OAuth2, escopo `credential`) e volta
com o código de autorização; o servidor troca-o por um token, lê a credencial e o certificado
(`credentials/list`, `credentials/info`) e pede a assinatura do resumo dos atributos
assinados (`signatures/signHash`). O CMS é montado aqui, em volta da assinatura devolvida,
como faz o PKCS#12 do usuário: com a autoridade de carimbo configurada, sai B-T.

Endereço e credenciais do cliente vêm das configurações (EMANCIPACAO_CSC_*), nunca do banco."""

import asyncio
import base64
import hashlib
import json
import urllib.error
import urllib.parse
import urllib.request

from asn1crypto import x509 as asn1_x509
from asn1crypto.algos import SignedDigestAlgorithm
from django.conf import settings
from pyhanko.sign import signers
from pyhanko_certvalidator.registry import SimpleCertificateStore

from documentos.assinatura.pessoal import AdaptadorComAssinante, AssinaturaRecusada

TEMPO_LIMITE = 15  # segundos, para cada pedido ao provedor
OID_SHA256 = "2.16.840.1.101.3.4.2.1"
OID_RSA = "1.2.840.113549.1.1.1"
TAMANHO_RSA = 512  # bytes reservados à assinatura na passada de medida (até RSA 4096)


def ligado() -> bool:
    return bool(settings.CSC_URL)


class ClienteCSC:
    def __init__(self, token: str):
        self._token = token
        self._base = settings.CSC_URL.rstrip("/") + "/csc/v2/"

    @staticmethod
    def _pedir(url: str, corpo: bytes, cabecalhos: dict) -> dict:
        requisicao = urllib.request.Request(url, data=corpo, headers=cabecalhos, method="POST")
        try:
            with urllib.request.urlopen(requisicao, timeout=TEMPO_LIMITE) as resposta:
                return json.loads(resposta.read())
        except urllib.error.HTTPError as erro:
            raise AssinaturaRecusada(
                f"O provedor de assinatura em nuvem recusou o pedido ({erro.code}); "
                "nada foi assinado."
            ) from erro
        except OSError as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura em nuvem não respondeu; nada foi assinado."
            ) from erro
        except ValueError as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura em nuvem devolveu uma resposta ilegível."
            ) from erro

    def chamar(self, metodo: str, dados: dict) -> dict:
        return self._pedir(
            self._base + metodo,
            json.dumps(dados).encode(),
            {"Authorization": f"Bearer {self._token}", "Content-Type": "application/json"},
        )

    @classmethod
    def autorizado(cls, codigo: str, redirecionamento: str) -> "ClienteCSC":
        corpo = urllib.parse.urlencode(
            {
                "grant_type": "authorization_code",
                "code": codigo,
                "client_id": settings.CSC_CLIENT_ID,
                "client_secret": settings.CSC_CLIENT_SECRET,
                "redirect_uri": redirecionamento,
            }
        ).encode()
        url = settings.CSC_URL.rstrip("/") + "/oauth2/token"
        resposta = cls._pedir(url, corpo, {"Content-Type": "application/x-www-form-urlencoded"})
        try:
            return cls(resposta["access_token"])
        except (KeyError, TypeError) as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura não devolveu a autorização."
            ) from erro


class _AssinanteCSC(signers.Signer):
    """O CMS é montado pelo pyHanko; só a operação com a chave vai ao provedor."""

    def __init__(self, cliente: ClienteCSC, credencial: str, cadeia: list):
        super().__init__(
            signing_cert=cadeia[0],
            cert_registry=SimpleCertificateStore.from_certs(cadeia[1:]),
            signature_mechanism=SignedDigestAlgorithm({"algorithm": "sha256_rsa"}),
        )
        self._cliente, self._credencial = cliente, credencial

    def _assinar_resumo(self, resumo: bytes) -> bytes:
        resposta = self._cliente.chamar(
            "signatures/signHash",
            {
                "credentialID": self._credencial,
                "hashes": [base64.b64encode(resumo).decode()],
                "hashAlgorithmOID": OID_SHA256,
                "signAlgo": OID_RSA,
            },
        )
        try:
            return base64.b64decode(resposta["signatures"][0], validate=True)
        except (KeyError, IndexError, TypeError, ValueError) as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura não devolveu a assinatura."
            ) from erro

    async def async_sign_raw(self, data: bytes, digest_algorithm: str, dry_run=False) -> bytes:
        if dry_run:
            return bytes(TAMANHO_RSA)
        return await asyncio.to_thread(self._assinar_resumo, hashlib.sha256(data).digest())


class AdaptadorCSC(AdaptadorComAssinante):
    """Um provedor de nuvem ICP-Brasil (API CSC v2): a primeira credencial do signatário."""

    modalidade = "icp_brasil"

    def __init__(self, codigo_autorizacao: str, redirecionamento: str):
        if not ligado():
            raise AssinaturaRecusada(
                "A assinatura em nuvem (CSC) não está ligada neste servidor (EMANCIPACAO_CSC_URL)."
            )
        cliente = ClienteCSC.autorizado(codigo_autorizacao, redirecionamento)
        credenciais = cliente.chamar("credentials/list", {}).get("credentialIDs") or []
        if not credenciais:
            raise AssinaturaRecusada(
                "O provedor de assinatura não tem certificado para esta conta; nada foi assinado."
            )
        info = cliente.chamar(
            "credentials/info",
            {"credentialID": credenciais[0], "certificates": "chain", "certInfo": True},
        )
        try:
            cadeia = [
                asn1_x509.Certificate.load(base64.b64decode(c))
                for c in info["cert"]["certificates"]
            ]
            cadeia[0].subject  # noqa: B018 — lê o certificado agora: ilegível é recusado aqui
        except (KeyError, IndexError, TypeError, ValueError) as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura devolveu um certificado ilegível."
            ) from erro
        self._assinante = _AssinanteCSC(cliente, credenciais[0], cadeia)
