"""O que as assinaturas de um PDF dizem, em português: quem assinou, se a cadeia chega a uma
raiz confiável, se o certificado estava revogado ou vencido, o nível PAdES, a hora declarada, o
carimbo do tempo e se o documento mudou depois de cada assinatura."""

from dataclasses import asdict, dataclass
from datetime import datetime
from io import BytesIO

from asn1crypto.parser import parse
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.validation.dss import DocumentSecurityStore
from pyhanko.sign.validation.pdf_embedded import (
    async_validate_pdf_signature,
    async_validate_pdf_timestamp,
)
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from documentos.assinatura import confianca
from documentos.assinatura.assincrono import executar

REVOGADO = "assinatura inválida: certificado revogado"
VENCIDO = "assinatura inválida: certificado fora da validade na hora da assinatura"
SEM_CADEIA = "assinatura inválida: o certificado não chega a uma raiz confiável"
ALTERADA = "assinatura inválida: o conteúdo assinado foi alterado"
MODIFICADO = "assinatura inválida: o documento foi alterado depois desta assinatura"
CARIMBO_INVALIDO = "assinatura inválida: o carimbo do tempo não confere"


class PdfIlegivel(ValueError):
    pass


@dataclass
class Parecer:
    """Uma assinatura (ou carimbo do tempo do documento) do PDF."""

    campo: str
    titular: str
    emissor: str
    valida: bool
    motivo: str
    nivel: str
    assinado_em: str  # ISO; a hora declarada pelo signatário
    carimbo_em: str  # ISO; a do carimbo do tempo, se há
    alterado_depois: bool
    carimbo_do_documento: bool = False
    cobre_o_arquivo: bool = False

    def como_dict(self) -> dict:
        return asdict(self)

    @property
    def assinado_em_data(self) -> datetime | None:
        return datetime.fromisoformat(self.assinado_em) if self.assinado_em else None

    @property
    def carimbo_em_data(self) -> datetime | None:
        return datetime.fromisoformat(self.carimbo_em) if self.carimbo_em else None


def _motivo(status) -> str:
    if not status.intact or not status.valid:
        return ALTERADA
    if status.revoked:
        return REVOGADO
    indicacao = getattr(status.trust_problem_indic, "name", "")
    if indicacao.startswith("REVOKED"):
        return REVOGADO
    if indicacao.startswith(("OUT_OF_BOUNDS", "EXPIRED", "NOT_YET_VALID")):
        return VENCIDO
    if not status.trusted:
        return SEM_CADEIA
    ts = getattr(status, "timestamp_validity", None)
    if ts is not None and not (ts.intact and ts.valid and ts.trusted):
        return CARIMBO_INVALIDO
    return ""


def _alterado_depois(status) -> bool:
    """O que veio depois da assinatura é só preenchimento de campo, outra assinatura, DSS ou
    carimbo do tempo? Qualquer outra coisa é alteração."""
    if status.coverage == SignatureCoverageLevel.ENTIRE_FILE:
        return False
    nivel = status.modification_level
    return nivel is None or nivel > ModificationLevel.FORM_FILLING


def _sobra_alterada(embutida) -> bool:
    """O espaço reservado à assinatura (/Contents) não é coberto pelo resumo: o que sobra
    depois do CMS tem de ser só o preenchimento com zeros. Um byte ali trocado depois da
    assinatura não mudaria a validade criptográfica, mas é um arquivo alterado."""
    bruto = bytes(embutida.sig_object["/Contents"])
    try:
        cabecalho, conteudo, fim = parse(bruto)[3:6]
    except ValueError:
        return True
    return any(bruto[len(cabecalho) + len(conteudo) + len(fim) :])


def _iso(momento) -> str:
    return momento.isoformat() if momento else ""


def _contexto_do_pdf(leitor: PdfFileReader, material):
    """As LCRs, respostas OCSP e certificados do DSS do próprio PDF (o B-LT/B-LTA os traz),
    somados ao material carregado pelo administrador."""
    argumentos = confianca.argumentos(material)
    try:
        dss = DocumentSecurityStore.read_dss(leitor)
    except Exception:  # sem DSS (B-B, B-T) ou DSS malformado: só o material carregado
        return ValidationContext(**argumentos)
    return dss.as_validation_context(argumentos)


def validar(dados: bytes, material=None) -> list[Parecer]:
    """As assinaturas do PDF, na ordem em que foram feitas. PDF ilegível: PdfIlegivel.
    `material` (raízes, LCRs): sem ele, o carregado pelo administrador."""
    try:
        leitor = PdfFileReader(BytesIO(dados), strict=False)
        embutidas = list(leitor.embedded_signatures)
    except Exception as erro:
        raise PdfIlegivel("O arquivo não é um PDF legível.") from erro
    material = material or (confianca.raizes(), confianca.lcrs())
    return executar(_validar(leitor, embutidas, material))


async def _validar(leitor, embutidas, material) -> list[Parecer]:
    pareceres = []
    tem_carimbo_do_documento = any(e.sig_object_type == "/DocTimeStamp" for e in embutidas)
    tem_dss = "/DSS" in leitor.root
    for embutida in embutidas:
        contexto = _contexto_do_pdf(leitor, material)
        documento = embutida.sig_object_type == "/DocTimeStamp"
        try:
            if documento:
                status = await async_validate_pdf_timestamp(embutida, validation_context=contexto)
            else:
                status = await async_validate_pdf_signature(
                    embutida, signer_validation_context=contexto, ts_validation_context=contexto
                )
            if _sobra_alterada(embutida):
                raise ValueError("preenchimento alterado")
        except Exception:  # CMS ilegível, truncado ou remendado: não é uma assinatura válida
            campo = embutida.field_name or ""
            pareceres.append(Parecer(campo, "", "", False, ALTERADA, "", "", "", True, documento))
            continue
        certificado = status.signing_cert
        motivo = _motivo(status)
        alterado = _alterado_depois(status)
        if alterado and not motivo:
            motivo = MODIFICADO
        ts = None if documento else status.timestamp_validity
        if documento:
            nivel = "carimbo"
        elif tem_carimbo_do_documento and tem_dss:
            nivel = "B-LTA"
        elif tem_dss:
            nivel = "B-LT"
        else:
            nivel = "B-T" if ts else "B-B"
        pareceres.append(
            Parecer(
                campo=embutida.field_name or "",
                titular=certificado.subject.human_friendly if certificado else "",
                emissor=certificado.issuer.human_friendly if certificado else "",
                valida=not motivo,
                motivo=motivo,
                nivel=nivel,
                assinado_em=_iso(None if documento else status.signer_reported_dt),
                carimbo_em=_iso(status.timestamp if documento else (ts.timestamp if ts else None)),
                alterado_depois=alterado,
                carimbo_do_documento=documento,
                cobre_o_arquivo=status.coverage == SignatureCoverageLevel.ENTIRE_FILE,
            )
        )
    return pareceres
