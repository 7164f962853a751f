"""O adaptador dos provedores de assinatura em nuvem ICP-Brasil pela API do Cloud Signature
Consortium (CSC, v2): o certificado do signatário fica no provedor (HSM), que só assina o
resumo. O signatário autoriza a assinatura no provedor (OAuth2, escopo `credential`) e volta
com o código de autorização; o servidor troca-o por um token, lê a credencial e o certificado
(`credentials/list`, `credentials/info`) e pede a assinatura do resumo dos atributos
assinados (`signatures/signHash`). O CMS é montado aqui, em volta da assinatura devolvida,
como faz o PKCS#12 do usuário: com a autoridade de carimbo configurada, sai B-T.

A credencial com `authMode` "explicit" só assina com um SAD (Signature Activation Data): o
signatário digita o PIN e/ou o OTP numa tela do sistema, e o servidor os troca, no instante
da assinatura, por um SAD de uso único ligado ao resumo (`credentials/authorize`). O PIN e o
OTP só passam pela memória do pedido que assina: nunca são gravados nem registrados em log.

Endereço e credenciais do cliente vêm das configurações (EMANCIPACAO_CSC_*), nunca do banco."""

import asyncio
import base64
import hashlib
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from asn1crypto import x509 as asn1_x509
from asn1crypto.algos import SignedDigestAlgorithm
from django.conf import settings
from django.views.decorators.debug import sensitive_variables
from pyhanko.sign import signers
from pyhanko_certvalidator.registry import SimpleCertificateStore

from documentos.assinatura.pessoal import AdaptadorComAssinante, AssinaturaRecusada

TEMPO_LIMITE = 15  # segundos, para cada pedido ao provedor
OID_SHA256 = "2.16.840.1.101.3.4.2.1"
OID_RSA = "1.2.840.113549.1.1.1"
TAMANHO_RSA = 512  # bytes reservados à assinatura na passada de medida (até RSA 4096)


def ligado() -> bool:
    return bool(settings.CSC_URL)


def _descricao(erro: urllib.error.HTTPError) -> str:
    """A explicação do provedor (`error_description`, CSC v2), curta; sem ela, nada."""
    try:
        texto = json.loads(erro.read() or b"{}").get("error_description") or ""
    except (ValueError, AttributeError, OSError):
        return ""
    return str(texto).strip()[:300]


class ClienteCSC:
    def __init__(self, token: str):
        self.token = token
        self._base = settings.CSC_URL.rstrip("/") + "/csc/v2/"

    @staticmethod
    @sensitive_variables("corpo", "cabecalhos")
    def _pedir(url: str, corpo: bytes, cabecalhos: dict) -> dict:
        requisicao = urllib.request.Request(url, data=corpo, headers=cabecalhos, method="POST")
        try:
            with urllib.request.urlopen(requisicao, timeout=TEMPO_LIMITE) as resposta:
                return json.loads(resposta.read())
        except urllib.error.HTTPError as erro:
            descricao = _descricao(erro)
            raise AssinaturaRecusada(
                f"O provedor de assinatura em nuvem recusou o pedido ({erro.code})"
                + (f": {descricao.rstrip('.')}." if descricao else ".")
            ) from erro
        except OSError as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura em nuvem não respondeu; nada foi assinado."
            ) from erro
        except ValueError as erro:
            raise AssinaturaRecusada(
                "O provedor de assinatura em nuvem devolveu uma resposta ilegível."
            ) from erro

    @sensitive_variables("dados")
    def chamar(self, metodo: str, dados: dict) -> dict:
        return self._pedir(
            self._base + metodo,
            json.dumps(dados).encode(),
            {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
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


@dataclass(frozen=True)
class Exigencia:
    """O que a credencial "explicit" pede a cada assinatura: o rótulo do PIN e o do OTP que o
    provedor declara (vazio: não pede), e se o OTP é enviado pelo provedor (`online`)."""

    pin: str
    otp: str
    otp_online: bool = False


def exigencia(info: dict) -> Exigencia | None:
    """A autorização por assinatura que `credentials/info` declara; nenhuma fora do "explicit"."""
    if info.get("authMode") != "explicit":
        return None
    pin, otp = info.get("PIN") or {}, info.get("OTP") or {}
    pede_pin = pin.get("presence", "true") != "false" and "PIN" in info
    pede_otp = otp.get("presence", "true") != "false" and "OTP" in info
    return Exigencia(
        pin=(pin.get("label") or "PIN") if pede_pin else "",
        otp=(otp.get("label") or "Código OTP") if pede_otp else "",
        otp_online=pede_otp and otp.get("type") == "online",
    )


@dataclass(frozen=True)
class Autorizacao:
    """O PIN e o OTP digitados, só na memória do pedido que assina."""

    pin: str = ""
    otp: str = ""

    def __repr__(self) -> str:  # nunca aparecem numa página de erro ou num log
        return "Autorizacao(***)"


class AutorizacaoPorAssinatura(Exception):
    """A credencial exige PIN/OTP a cada assinatura: o signatário os digita numa tela, e a
    assinatura segue com o token e a credencial guardados aqui."""

    def __init__(self, token: str, credencial: str, exige: Exigencia):
        super().__init__("O provedor pede o PIN/OTP do certificado para esta assinatura.")
        self.token, self.credencial, self.exige = token, credencial, exige


class _AssinanteCSC(signers.Signer):
    """O CMS é montado pelo pyHanko; só a operação com a chave vai ao provedor."""

    def __init__(self, cliente: ClienteCSC, credencial: str, cadeia: list, autorizacao=None):
        super().__init__(
            signing_cert=cadeia[0],
            cert_registry=SimpleCertificateStore.from_certs(cadeia[1:]),
            signature_mechanism=SignedDigestAlgorithm({"algorithm": "sha256_rsa"}),
        )
        self._cliente, self._credencial = cliente, credencial
        self._autorizacao: Autorizacao | None = autorizacao

    @sensitive_variables("autorizacao", "pedido")
    def _sad(self, resumo_b64: str) -> dict:
        """O SAD de uma assinatura só, ligado a este resumo. O PIN/OTP é usado uma vez e
        esquecido: outra assinatura pede outra autorização."""
        autorizacao, self._autorizacao = self._autorizacao, None
        if autorizacao is None:
            return {}
        pedido = {
            "credentialID": self._credencial,
            "numSignatures": 1,
            "hashes": [resumo_b64],
            "hashAlgorithmOID": OID_SHA256,
        }
        if autorizacao.pin:
            pedido["PIN"] = autorizacao.pin
        if autorizacao.otp:
            pedido["OTP"] = autorizacao.otp
        sad = self._cliente.chamar("credentials/authorize", pedido).get("SAD")
        if not isinstance(sad, str) or not sad:
            raise AssinaturaRecusada("O provedor de assinatura não devolveu a autorização (SAD).")
        return {"SAD": sad}

    def _assinar_resumo(self, resumo: bytes) -> bytes:
        resumo_b64 = base64.b64encode(resumo).decode()
        resposta = self._cliente.chamar(
            "signatures/signHash",
            {
                "credentialID": self._credencial,
                **self._sad(resumo_b64),
                "hashes": [resumo_b64],
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


def _exigir_ligado() -> None:
    if not ligado():
        raise AssinaturaRecusada(
            "A assinatura em nuvem (CSC) não está ligada neste servidor (EMANCIPACAO_CSC_URL)."
        )


def _credencial(cliente: ClienteCSC) -> tuple[str, dict]:
    """A primeira credencial do signatário e o que o provedor diz dela (cadeia, authMode)."""
    credenciais = cliente.chamar("credentials/list", {}).get("credentialIDs") or []
    if not credenciais:
        raise AssinaturaRecusada(
            "O provedor de assinatura não tem certificado para esta conta; nada foi assinado."
        )
    return credenciais[0], _info(cliente, credenciais[0])


def _info(cliente: ClienteCSC, credencial: str) -> dict:
    return cliente.chamar(
        "credentials/info", {"credentialID": credencial, "certificates": "chain", "certInfo": True}
    )


def _cadeia(info: dict) -> list:
    try:
        cadeia = [
            asn1_x509.Certificate.load(base64.b64decode(c)) for c in info["cert"]["certificates"]
        ]
        cadeia[0].subject  # noqa: B018 — lê o certificado agora: ilegível é recusado aqui
    except (KeyError, IndexError, TypeError, ValueError) as erro:
        raise AssinaturaRecusada(
            "O provedor de assinatura devolveu um certificado ilegível."
        ) from erro
    return cadeia


class AdaptadorCSC(AdaptadorComAssinante):
    """Um provedor de nuvem ICP-Brasil (API CSC v2): a primeira credencial do signatário."""

    modalidade = "icp_brasil"

    def __init__(self, cliente: ClienteCSC, credencial: str, info: dict, autorizacao=None):
        self._assinante = _AssinanteCSC(cliente, credencial, _cadeia(info), autorizacao)


def adaptador(codigo_autorizacao: str, redirecionamento: str) -> AdaptadorCSC:
    """A volta do provedor: o código trocado pelo token e a credencial lida. A credencial
    "explicit" não assina sem o PIN/OTP: `AutorizacaoPorAssinatura` leva à tela que os pede
    (com o OTP `online`, o provedor o envia ao signatário agora)."""
    _exigir_ligado()
    cliente = ClienteCSC.autorizado(codigo_autorizacao, redirecionamento)
    credencial, info = _credencial(cliente)
    if exige := exigencia(info):
        if exige.otp_online:
            cliente.chamar("credentials/sendOTP", {"credentialID": credencial})
        raise AutorizacaoPorAssinatura(cliente.token, credencial, exige)
    return AdaptadorCSC(cliente, credencial, info)


def adaptador_autorizado(token: str, credencial: str, autorizacao: Autorizacao) -> AdaptadorCSC:
    """Depois da tela do PIN/OTP: a mesma credencial, que pede o SAD ao assinar."""
    _exigir_ligado()
    cliente = ClienteCSC(token)
    return AdaptadorCSC(cliente, credencial, _info(cliente, credencial), autorizacao)
