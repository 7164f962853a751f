"""O selo institucional: o certificado da Assembleia (e-CNPJ) num arquivo PKCS#12, com o PIN
lido do ambiente ou de um arquivo de segredo — nunca do banco. Aplicado por último, em PAdES
B-LTA (a cadeia, a revogação e um carimbo do tempo do documento ficam no próprio PDF: ele se
valida sem rede, depois que os certificados vencerem)."""

from pathlib import Path

from django.conf import settings
from pyhanko.sign import signers

from documentos.assinatura import CAMPO_DO_SELO, aparencia, carimbo, confianca
from documentos.assinatura.assinar import assinar_campo


class SeloIndisponivel(RuntimeError):
    """O selo não está instalado, ou o arquivo ou o PIN não abrem."""


def _pin() -> bytes:
    if settings.SELO_PIN_ARQUIVO:
        try:
            return Path(settings.SELO_PIN_ARQUIVO).read_text().strip().encode()
        except OSError as erro:
            raise SeloIndisponivel(
                f"O arquivo do PIN do selo não pôde ser lido: {settings.SELO_PIN_ARQUIVO}."
            ) from erro
    return settings.SELO_PIN.encode()


def instalado() -> bool:
    return bool(settings.SELO_PKCS12)


def assinante() -> signers.SimpleSigner:
    """O assinante do selo, aberto do PKCS#12 configurado (EMANCIPACAO_SELO_PKCS12)."""
    if not instalado():
        raise SeloIndisponivel(
            "O selo da Assembleia não está instalado (EMANCIPACAO_SELO_PKCS12): veja a seção "
            "“Assinaturas digitais” do README."
        )
    try:
        dados = Path(settings.SELO_PKCS12).read_bytes()
    except OSError as erro:
        raise SeloIndisponivel(
            f"O arquivo do selo não pôde ser lido: {settings.SELO_PKCS12}."
        ) from erro
    try:
        return signers.SimpleSigner.load_pkcs12_data(dados, other_certs=(), passphrase=_pin())
    except ValueError as erro:
        raise SeloIndisponivel("O arquivo do selo não abre com o PIN configurado.") from erro


def selar(pdf: bytes, *, campo: str = CAMPO_DO_SELO) -> bytes:
    """`pdf` com o selo da Assembleia em PAdES B-LTA (exige a autoridade de carimbo)."""
    tsa = carimbo.carimbador()
    if tsa is None:
        raise SeloIndisponivel(
            "O selo em PAdES B-LTA precisa da autoridade de carimbo do tempo "
            "(EMANCIPACAO_CARIMBO_DO_TEMPO_URL)."
        )
    return assinar_campo(
        pdf,
        campo,
        assinante(),
        carimbador=tsa,
        lta=True,
        contexto=confianca.contexto(),
        estilo=aparencia.SELO,
    )
