"""Os campos de assinatura, criados na emissão (visíveis, cada um com o seu carimbo):
acrescentar um campo depois de uma assinatura que certifica o documento (DocMDP) invalida essa
assinatura; criados todos de uma vez, cada signatário só preenche o seu."""

from io import BytesIO

from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.metadata.model import VENDOR
from pyhanko.sign.fields import SigFieldSpec, append_signature_field

from documentos.assinatura import aparencia


def criar_campos(pdf: bytes, nomes: list[str]) -> bytes:
    """O PDF com um campo de assinatura por nome, numa atualização incremental.
    A revisão é gravada pelo pyHanko, que põe no XMP o /Producer dele e, no Info, o acrescenta
    ao que já havia ("WeasyPrint; pyHanko"): o PDF/A exige os dois iguais, então o Info passa
    a dizer só o do pyHanko — o mesmo que cada assinatura gravará depois, e o Info não muda
    de uma revisão assinada para a outra."""
    escritor = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    referencia = escritor.trailer.raw_get("/Info")
    if isinstance(referencia, generic.IndirectObject):
        info = referencia.get_object()
        info["/Producer"] = generic.TextStringObject(VENDOR)
        escritor.mark_update(referencia)
    # Visíveis, na faixa do alto da primeira página: cada carimbo diz quem assinou e quando.
    caixa_da_pagina = escritor.root["/Pages"]["/Kids"][0].get_object()["/MediaBox"]
    largura, altura = float(caixa_da_pagina[2]), float(caixa_da_pagina[3])
    for nome, caixa in zip(nomes, aparencia.caixas(largura, altura, len(nomes)), strict=True):
        append_signature_field(escritor, SigFieldSpec(sig_field_name=nome, on_page=0, box=caixa))
    saida = BytesIO()
    escritor.write(saida)
    return saida.getvalue()
