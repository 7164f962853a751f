"""A assinatura de uma pessoa, em dois passos: o servidor prepara o documento (reserva o
espaço da assinatura no campo dela e calcula o resumo SHA-256 do intervalo assinado), a
ferramenta ou o serviço do signatário devolve o CMS assinado sobre esse resumo, e o servidor
o embute. O que assina é um adaptador (`Adaptador`): o gov.br (API do ITI) ou o certificado
ICP-Brasil do próprio usuário (PKCS#12 enviado para uma única operação e descartado)."""

import base64
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from io import BytesIO
from typing import Protocol

from asn1crypto import pem
from asn1crypto import x509 as asn1_x509
from django.conf import settings
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import signers
from pyhanko.sign.signers.pdf_byterange import PreparedByteRangeDigest
from pyhanko.sign.signers.pdf_signer import PdfTBSDocument
from pyhanko.sign.timestamps.common_utils import TimestampRequestError

from documentos.assinatura import aparencia, carimbo
from documentos.assinatura.assinar import ALGORITMO, metadados
from documentos.assinatura.assincrono import executar

# Espaço reservado para o CMS (em bytes do DER; o PDF o guarda em hexadecimal, o dobro): a
# cadeia de três certificados RSA e um carimbo do tempo cabem com folga.
RESERVA = 16 * 1024
TEMPO_LIMITE = 15  # segundos, para cada pedido ao gov.br


class AssinaturaRecusada(Exception):
    """O signatário ou o serviço não assinou: a mensagem diz por quê, em português."""


class Adaptador(Protocol):
    modalidade: str

    def certificado(self) -> asn1_x509.Certificate | None: ...

    def assinar(self, resumo: bytes) -> bytes:
        """O CMS (DER) assinado sobre o resumo SHA-256 do intervalo do documento."""


@dataclass
class Preparacao:
    pdf: bytes
    resumo: PreparedByteRangeDigest

    @property
    def hash(self) -> bytes:
        return self.resumo.document_digest


def preparar(pdf: bytes, campo: str, certificado=None) -> Preparacao:
    """Passo 1: o documento com o espaço da assinatura reservado no campo, e o resumo."""
    escritor = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    provisorio = signers.ExternalSigner(certificado, None, signature_value=bytes(256))
    assinador = signers.PdfSigner(
        metadados(campo), signer=provisorio, stamp_style=aparencia.PESSOAL
    )
    resumo, _, saida = executar(
        assinador.async_digest_doc_for_signing(
            escritor, existing_fields_only=True, bytes_reserved=RESERVA
        )
    )
    return Preparacao(saida.getvalue(), resumo)


def embutir(preparacao: Preparacao, cms: bytes) -> bytes:
    """Passo 2: o CMS devolvido, no espaço reservado. Grande demais: recusado."""
    saida = BytesIO(preparacao.pdf)
    try:
        executar(PdfTBSDocument.async_finish_signing(saida, preparacao.resumo, cms))
    except (ValueError, TypeError) as erro:
        raise AssinaturaRecusada(
            "A assinatura devolvida não é um CMS que caiba no documento."
        ) from erro
    return saida.getvalue()


def assinar(pdf: bytes, campo: str, adaptador: Adaptador) -> bytes:
    preparacao = preparar(pdf, campo, adaptador.certificado())
    return embutir(preparacao, adaptador.assinar(preparacao.hash))


class AdaptadorComAssinante:
    """Um adaptador cujo CMS sai de um assinante do pyHanko que o servidor tem na mão (o
    PKCS#12 do usuário, o provedor CSC que assina o resumo remotamente): o mesmo CMS com o
    carimbo do tempo configurado. A subclasse põe o assinante em `_assinante`."""

    _assinante: signers.Signer

    def certificado(self):
        return self._assinante.signing_cert

    def assinar(self, resumo: bytes) -> bytes:
        try:
            cms = executar(
                self._assinante.async_sign(
                    resumo, ALGORITMO, use_pades=True, timestamper=carimbo.carimbador()
                )
            )
        except TimestampRequestError as erro:
            raise AssinaturaRecusada(
                "A autoridade de carimbo do tempo não respondeu; nada foi assinado. Tente de "
                "novo em alguns minutos."
            ) from erro
        return cms.dump()


class AdaptadorPkcs12(AdaptadorComAssinante):
    """O certificado ICP-Brasil do próprio usuário, num PKCS#12 enviado só para esta operação:
    aberto em memória, usado e descartado (nada dele é gravado). Com a autoridade de carimbo
    configurada, a assinatura sai B-T."""

    modalidade = "icp_brasil"

    def __init__(self, dados: bytes, senha: str):
        try:
            self._assinante = signers.SimpleSigner.load_pkcs12_data(
                dados, other_certs=(), passphrase=senha.encode() or None
            )
        except ValueError as erro:
            raise AssinaturaRecusada(
                "O arquivo do certificado não abre com esta senha (PKCS#12, .pfx ou .p12)."
            ) from erro


class AdaptadorGovBr:
    """A API de assinatura do gov.br (ITI): com o código de autorização que o signatário
    obteve no login gov.br, troca-o por um token, pede o certificado público e a assinatura
    PKCS#7 do resumo. Endereços e credenciais do cliente vêm das configurações."""

    modalidade = "gov_br"

    def __init__(self, codigo_autorizacao: str, redirecionamento: str):
        if not settings.GOVBR_ASSINATURA_URL:
            raise AssinaturaRecusada(
                "A assinatura gov.br não está ligada neste servidor "
                "(EMANCIPACAO_GOVBR_ASSINATURA_URL)."
            )
        self._token = self._trocar_codigo(codigo_autorizacao, redirecionamento)

    @staticmethod
    def _pedir(url: str, *, dados: bytes | None = None, cabecalhos=None) -> bytes:
        requisicao = urllib.request.Request(url, data=dados, headers=cabecalhos or {})
        try:
            with urllib.request.urlopen(requisicao, timeout=TEMPO_LIMITE) as resposta:
                return resposta.read()
        except urllib.error.HTTPError as erro:
            raise AssinaturaRecusada(
                f"O serviço de assinatura do gov.br recusou o pedido ({erro.code}); "
                "nada foi assinado."
            ) from erro
        except OSError as erro:
            raise AssinaturaRecusada(
                "O serviço de assinatura do gov.br não respondeu; nada foi assinado."
            ) from erro

    def _trocar_codigo(self, codigo: str, redirecionamento: str) -> str:
        corpo = urllib.parse.urlencode(
            {
                "grant_type": "authorization_code",
                "code": codigo,
                "client_id": settings.GOVBR_CLIENT_ID,
                "client_secret": settings.GOVBR_CLIENT_SECRET,
                "redirect_uri": redirecionamento,
            }
        ).encode()
        resposta = self._pedir(settings.GOVBR_TOKEN_URL, dados=corpo)
        try:
            return json.loads(resposta)["access_token"]
        except (ValueError, KeyError, TypeError) as erro:
            raise AssinaturaRecusada("O gov.br não devolveu a autorização.") from erro

    def _cabecalhos(self, **extras) -> dict:
        return {"Authorization": f"Bearer {self._token}", **extras}

    def certificado(self):
        url = settings.GOVBR_ASSINATURA_URL.rstrip("/") + "/certificadoPublico"
        texto = self._pedir(url, cabecalhos=self._cabecalhos())
        try:
            der = pem.unarmor(texto)[2] if pem.detect(texto) else texto
            return asn1_x509.Certificate.load(der)
        except ValueError as erro:
            raise AssinaturaRecusada("O gov.br devolveu um certificado ilegível.") from erro

    def assinar(self, resumo: bytes) -> bytes:
        url = settings.GOVBR_ASSINATURA_URL.rstrip("/") + "/assinarPKCS7"
        corpo = json.dumps({"hashBase64": base64.b64encode(resumo).decode()}).encode()
        return self._pedir(
            url,
            dados=corpo,
            cabecalhos=self._cabecalhos(**{"Content-Type": "application/json"}),
        )
