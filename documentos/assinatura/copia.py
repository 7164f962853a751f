"""A cópia assinada apresentada ao /validar/: aceita quando começa pelos bytes exatos do
documento emitido e o que vem depois são só as assinaturas (e o DSS e os carimbos do tempo),
todas válidas, sem alteração do conteúdo depois de nenhuma delas."""

import hashlib
from dataclasses import dataclass, field

from documentos import integridade
from documentos.assinatura import validacao

NAO_E_COPIA = (
    "O arquivo enviado não começa pelos bytes do documento emitido com este código: não é o "
    "documento nem uma cópia assinada dele."
)
SEM_ASSINATURA = (
    "O arquivo começa pelo documento emitido, mas o que vem depois não é uma assinatura "
    "válida: o documento foi alterado ou a assinatura foi removida."
)

ACRESCIMO = (
    "o arquivo foi alterado depois da última assinatura (a parte final não é coberta por "
    "nenhuma assinatura e não é a de nenhuma cópia assinada registrada)"
)


@dataclass
class CopiaAssinada:
    aceita: bool
    motivo: str = ""
    pareceres: list = field(default_factory=list)
    # Começa pelos bytes do emitido: é (ou pretende ser) uma cópia assinada dele, e a
    # página explica a recusa como de cópia assinada.
    comeca_pelo_original: bool = False

    @property
    def assinaturas(self):
        return [p for p in self.pareceres if not p.carimbo_do_documento]

    @property
    def carimbos(self):
        return [p for p in self.pareceres if p.carimbo_do_documento]


def conferir(documento, arquivo) -> CopiaAssinada:
    arquivo.seek(0)
    dados = arquivo.read()
    with integridade.abrir_conferido(
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento {documento.codigo}",
        porta="/validar/",
    ) as guardado:
        original = guardado.read()
    comeca_pelo_original = len(dados) > len(original) and dados.startswith(original)
    try:
        pareceres = validacao.validar(dados)
    except validacao.PdfIlegivel:
        pareceres = []
    if not comeca_pelo_original:
        # As assinaturas, se houver, dizem o que mudou (o conteúdo assinado alterado).
        invalida = next((p for p in pareceres if not p.valida), None)
        return CopiaAssinada(False, invalida.motivo if invalida else NAO_E_COPIA, pareceres)
    if not any(not p.carimbo_do_documento for p in pareceres):
        return CopiaAssinada(False, SEM_ASSINATURA, pareceres, True)
    invalida = next((p for p in pareceres if not p.valida), None)
    if invalida:
        return CopiaAssinada(False, invalida.motivo, pareceres, True)
    # Depois do último carimbo o pyHanko grava ainda o DSS com a validação dele, fora de
    # qualquer assinatura: esse final só é aceito se for, byte a byte, o de uma cópia que
    # este sistema assinou e registrou.
    registrado = documento.assinaturas.filter(
        sha256_artefato=hashlib.sha256(dados).hexdigest()
    ).exists()
    if not pareceres[-1].cobre_o_arquivo and not registrado:
        return CopiaAssinada(False, ACRESCIMO, pareceres, True)
    return CopiaAssinada(True, "", pareceres, True)
