"""A autoridade de carimbo do tempo (RFC 3161) configurada (EMANCIPACAO_CARIMBO_DO_TEMPO_URL),
falada por HTTP com a biblioteca padrão (sem outro cliente HTTP nas dependências)."""

import asyncio
import urllib.error
import urllib.request

from asn1crypto import tsp
from django.conf import settings
from pyhanko.sign.timestamps.api import TimeStamper
from pyhanko.sign.timestamps.common_utils import TimestampRequestError

TEMPO_LIMITE = 10  # segundos


class CarimbadorHTTP(TimeStamper):
    def __init__(self, url: str):
        super().__init__()
        self.url = url

    def _pedir(self, pedido: tsp.TimeStampReq) -> tsp.TimeStampResp:
        requisicao = urllib.request.Request(
            self.url,
            data=pedido.dump(),
            headers={"Content-Type": "application/timestamp-query"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(requisicao, timeout=TEMPO_LIMITE) as resposta:
                return tsp.TimeStampResp.load(resposta.read())
        except (OSError, ValueError) as erro:
            raise TimestampRequestError(
                f"A autoridade de carimbo do tempo não respondeu ({self.url})."
            ) from erro

    async def async_request_tsa_response(self, req: tsp.TimeStampReq) -> tsp.TimeStampResp:
        return await asyncio.to_thread(self._pedir, req)


def carimbador() -> CarimbadorHTTP | None:
    """O cliente da autoridade configurada; sem endereço, nenhum (a assinatura fica B-B)."""
    url = settings.CARIMBO_DO_TEMPO_URL
    return CarimbadorHTTP(url) if url else None
