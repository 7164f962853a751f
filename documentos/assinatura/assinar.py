"""O passo comum: aplicar uma assinatura PAdES num campo que já existe, por atualização
incremental sobre o arquivo recebido (os bytes dele ficam intactos no começo da saída)."""

from io import BytesIO

from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import fields, signers

from documentos.assinatura import aparencia
from documentos.assinatura.assincrono import executar

ALGORITMO = "sha256"


def metadados(campo: str, *, lta: bool = False, contexto=None) -> signers.PdfSignatureMetadata:
    return signers.PdfSignatureMetadata(
        field_name=campo,
        md_algorithm=ALGORITMO,
        subfilter=fields.SigSeedSubFilter.PADES,
        embed_validation_info=lta,
        use_pades_lta=lta,
        validation_context=contexto,
    )


def assinar_campo(
    pdf: bytes, campo: str, assinante, *, carimbador=None, lta=False, contexto=None, estilo=None
):
    """`pdf` assinado no campo `campo` por `assinante` (um Signer do pyHanko). Com `lta`, o
    DSS com a cadeia e a revogação e o carimbo do tempo do documento (PAdES B-LTA)."""
    escritor = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    assinador = signers.PdfSigner(
        metadados(campo, lta=lta, contexto=contexto),
        signer=assinante,
        timestamper=carimbador,
        stamp_style=estilo or aparencia.PESSOAL,
    )
    assinatura = assinador.async_sign_pdf(escritor, existing_fields_only=True)
    return executar(assinatura, contexto).getvalue()
