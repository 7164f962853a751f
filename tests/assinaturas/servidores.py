"""Servidores HTTP locais (127.0.0.1, porta livre, numa thread) que fazem as vezes da
autoridade de carimbo do tempo (RFC 3161), da API de assinatura do gov.br e de um provedor
de assinatura em nuvem pela API CSC v2: o código de produção fala HTTP com eles como falaria
com os reais, e nada sai da máquina."""

import asyncio
import base64
import json
import secrets
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

from asn1crypto import keys, tsp
from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed
from cryptography.hazmat.primitives.serialization import Encoding
from pyhanko.sign import signers
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper

from tests.assinaturas.pki import ICPDeTeste, Identidade

TOKEN = "token-de-teste"
TOKEN_CSC = "token-csc-de-teste"


def asn1_certificado(identidade: Identidade) -> asn1_x509.Certificate:
    return asn1_x509.Certificate.load(identidade.der)


def assinante_de(identidade: Identidade) -> signers.SimpleSigner:
    from pyhanko_certvalidator.registry import SimpleCertificateStore

    cadeia = SimpleCertificateStore()
    cadeia.register_multiple(
        [asn1_x509.Certificate.load(c.public_bytes(_DER)) for c in identidade.cadeia]
    )
    return signers.SimpleSigner(
        signing_key=keys.PrivateKeyInfo.load(identidade.chave_der()),
        signing_cert=asn1_certificado(identidade),
        cert_registry=cadeia,
    )


_DER = Encoding.DER


def carimbador_de(icp: ICPDeTeste) -> DummyTimeStamper:
    return DummyTimeStamper(
        tsa_cert=asn1_certificado(icp.carimbo),
        tsa_key=keys.PrivateKeyInfo.load(icp.carimbo.chave_der()),
        certs_to_embed=[
            asn1_x509.Certificate.load(c.public_bytes(_DER)) for c in icp.carimbo.cadeia
        ],
    )


class _Tratador(BaseHTTPRequestHandler):
    servidor_de_teste: "ServidoresDeTeste"

    def log_message(self, *args):  # silêncio na saída dos testes
        pass

    def _corpo(self) -> bytes:
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _responder(self, status: int, corpo: bytes, tipo: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", tipo)
        self.send_header("Content-Length", str(len(corpo)))
        self.end_headers()
        self.wfile.write(corpo)

    def do_POST(self):
        s = self.server.testes
        corpo = self._corpo()
        if self.path == "/tsa":
            s.pedidos_ao_carimbo += 1
            pedido = tsp.TimeStampReq.load(corpo)
            resposta = asyncio.run(s.carimbador.async_request_tsa_response(pedido))
            return self._responder(200, resposta.dump(), "application/timestamp-reply")
        if self.path == "/govbr/token":
            return self._responder(
                200, json.dumps({"access_token": TOKEN}).encode(), "application/json"
            )
        if self.path == "/govbr/assinarPKCS7":
            if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                return self._responder(401, b"", "text/plain")
            resumo = base64.b64decode(json.loads(corpo)["hashBase64"])
            s.resumos_govbr.append(resumo)
            cms = asyncio.run(s.assinante_govbr.async_sign(resumo, "sha256"))
            return self._responder(200, cms.dump(), "application/octet-stream")
        if self.path.startswith("/csc/"):
            return self._csc(s, self.path.removeprefix("/csc/"), corpo)
        self._responder(404, b"", "text/plain")

    def _json(self, dados: dict) -> None:
        self._responder(200, json.dumps(dados).encode(), "application/json")

    def _csc(self, s: "ServidoresDeTeste", caminho: str, corpo: bytes):
        """Um provedor em nuvem pela API CSC v2: o certificado (e a chave) da Presidente."""
        if caminho == "oauth2/token":
            if b"code=recusado" in corpo:
                return self._responder(400, b"{}", "application/json")
            return self._json({"access_token": TOKEN_CSC, "token_type": "Bearer"})
        if self.headers.get("Authorization") != f"Bearer {TOKEN_CSC}":
            return self._responder(401, b"", "text/plain")
        pedido = json.loads(corpo or b"{}")
        if caminho == "csc/v2/credentials/list":
            return self._json({"credentialIDs": ["credencial-1"]})
        if caminho == "csc/v2/credentials/info" and pedido.get("credentialID") == "credencial-1":
            quem = s.identidade_csc
            cadeia = [quem.der, *(c.public_bytes(_DER) for c in quem.cadeia)]
            info = {"cert": {"certificates": [base64.b64encode(c).decode() for c in cadeia]}}
            return self._json(info | s.modo_de_autorizacao())
        if caminho == "csc/v2/credentials/sendOTP":
            s.otps_enviados += 1
            return self._json({})
        if caminho == "csc/v2/credentials/authorize":
            return self._autorizar(s, pedido)
        if caminho == "csc/v2/signatures/signHash":
            if recusa := s.recusa_do_sad(pedido):
                return self._erro("invalid_request", recusa)
            (resumo,) = [base64.b64decode(h) for h in pedido["hashes"]]
            s.resumos_csc.append(resumo)
            chave = serialization.load_der_private_key(s.identidade_csc.chave_der(), None)
            assinatura = chave.sign(resumo, padding.PKCS1v15(), Prehashed(hashes.SHA256()))
            return self._json({"signatures": [base64.b64encode(assinatura).decode()]})
        self._responder(404, b"", "text/plain")

    def _erro(self, codigo: str, descricao: str) -> None:
        corpo = json.dumps({"error": codigo, "error_description": descricao}).encode()
        self._responder(400, corpo, "application/json")

    def _autorizar(self, s: "ServidoresDeTeste", pedido: dict):
        """`credentials/authorize` (CSC v2, authMode "explicit"): o PIN e o OTP conferidos, o
        SAD de uso único, ligado aos resumos autorizados e com validade."""
        s.pedidos_de_autorizacao.append(pedido)
        if s.pin_csc and pedido.get("PIN") != s.pin_csc:
            return self._erro("invalid_pin", "PIN incorreto: restam 2 tentativas.")
        if s.otp_csc and pedido.get("OTP") != s.otp_csc:
            return self._erro("invalid_otp", "Código OTP inválido ou vencido.")
        sad = secrets.token_urlsafe(16)
        s.sads[sad] = {
            "vence": time.monotonic() + s.validade_sad,
            "resumos": set(pedido.get("hashes") or []),
            "usado": False,
        }
        return self._json({"SAD": sad, "expiresIn": s.validade_sad})

    def do_GET(self):
        s = self.server.testes
        if self.path.startswith("/csc/oauth2/authorize?"):
            # O signatário autorizou no provedor: volta ao sistema com o código e o state.
            pedido = parse_qs(urlsplit(self.path).query)
            volta = (
                pedido["redirect_uri"][0]
                + "?"
                + urlencode({"code": "codigo-do-navegador", "state": pedido["state"][0]})
            )
            self.send_response(302)
            self.send_header("Location", volta)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if self.path == "/govbr/certificadoPublico":
            return self._responder(200, s.identidade_govbr.pem, "application/x-pem-file")
        self._responder(404, b"", "text/plain")


class ServidoresDeTeste:
    def __init__(self, icp: ICPDeTeste):
        self.carimbador = carimbador_de(icp)
        self.identidade_govbr = icp.membro
        self.assinante_govbr = assinante_de(icp.membro)
        self.pedidos_ao_carimbo = 0
        self.resumos_govbr: list[bytes] = []
        self.identidade_csc = icp.presidente
        self.resumos_csc: list[bytes] = []
        self.pin_csc = self.otp_csc = ""  # vazios: a credencial sem authMode "explicit"
        self.otp_online = False
        self.validade_sad = 300
        self.sads: dict[str, dict] = {}
        self.pedidos_de_autorizacao: list[dict] = []
        self.otps_enviados = 0
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), _Tratador)
        self._http.testes = self
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}"

    def exigir_sad(self, *, pin="", otp="", otp_online=False):
        """A credencial passa a exigir a autorização por assinatura (PIN e/ou OTP → SAD)."""
        self.pin_csc, self.otp_csc, self.otp_online = pin, otp, otp_online
        self.validade_sad = 300

    def modo_de_autorizacao(self) -> dict:
        if not (self.pin_csc or self.otp_csc):
            return {"authMode": "oauth2code"}
        modo = {"authMode": "explicit"}
        if self.pin_csc:
            modo["PIN"] = {"presence": "true", "format": "N", "label": "PIN do certificado"}
        if self.otp_csc:
            tipo = "online" if self.otp_online else "offline"
            modo["OTP"] = {"presence": "true", "type": tipo, "label": "Código do aplicativo"}
        return modo

    def recusa_do_sad(self, pedido: dict) -> str:
        if not (self.pin_csc or self.otp_csc):
            return ""
        sad = self.sads.get(pedido.get("SAD") or "")
        if sad is None:
            return "Autorização de assinatura (SAD) ausente ou desconhecida."
        if sad["usado"]:
            return "Esta autorização de assinatura já foi usada; autorize de novo."
        sad["usado"] = True
        if time.monotonic() >= sad["vence"]:
            return "A autorização de assinatura expirou; autorize de novo."
        if sad["resumos"] and not set(pedido.get("hashes") or []) <= sad["resumos"]:
            return "O resumo enviado não é o que foi autorizado."
        return ""

    @contextmanager
    def rodando(self):
        thread = threading.Thread(target=self._http.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._http.shutdown()
            self._http.server_close()
