"""Os campos de assinatura, criados na emissão: acrescentar um campo depois de uma assinatura
que certifica o documento (DocMDP) invalida essa assinatura; criados todos de uma vez, cada
signatário só preenche o seu."""

from io import BytesIO

from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign.fields import SigFieldSpec, append_signature_field

CAMPO_DO_SELO = "selo"


def criar_campos(pdf: bytes, nomes: list[str]) -> bytes:
    """O PDF com um campo de assinatura (invisível) por nome, numa atualização incremental.
    A revisão é gravada pelo pyHanko, que põe no /Producer do Info o nome dele — o mesmo que
    cada assinatura gravará depois: o Info não muda de uma revisão assinada para a outra."""
    escritor = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    for nome in nomes:
        append_signature_field(escritor, SigFieldSpec(sig_field_name=nome))
    saida = BytesIO()
    escritor.write(saida)
    return saida.getvalue()
