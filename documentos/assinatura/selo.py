"""O selo institucional: o certificado da Assembleia (e-CNPJ) num arquivo PKCS#12 ou num token
A3 / HSM pelo PKCS#11 (`token`, escolhido quando EMANCIPACAO_SELO_PKCS11_BIBLIOTECA está
configurada), com o PIN lido do ambiente ou de um arquivo de segredo — nunca do banco.
Aplicado por último, em PAdES B-LTA (a cadeia, a revogação e um carimbo do tempo do documento
ficam no próprio PDF: ele se valida sem rede, depois que os certificados vencerem). O pyHanko
só é importado por quem sela: a emissão pergunta `instalado()` sem carregá-lo."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

from documentos.assinatura import CAMPO_DO_SELO, SeloIndisponivel

PKCS12 = "EMANCIPACAO_SELO_PKCS12"
NAO_INSTALADO = (
    "O selo da Assembleia não está instalado (EMANCIPACAO_SELO_PKCS12 ou "
    "EMANCIPACAO_SELO_PKCS11_BIBLIOTECA): veja a seção “Assinaturas digitais” do README."
)

__all__ = ["SeloIndisponivel", "assinante", "conferir", "faltas", "instalado", "selar"]


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
    return bool(settings.SELO_PKCS12 or settings.SELO_PKCS11_BIBLIOTECA)


def faltas() -> list[str]:
    """O que falta para selar, conferido sem abrir o arquivo nem o token (`manage.py check`)."""
    from documentos.assinatura import token

    if not instalado():
        return []
    if token.configurado():
        faltam = token.faltas()
        if not (settings.SELO_PIN or settings.SELO_PIN_ARQUIVO):
            faltam.append(
                "Falta o PIN do token do selo (EMANCIPACAO_SELO_PIN ou "
                "EMANCIPACAO_SELO_PIN_ARQUIVO)."
            )
    elif not Path(settings.SELO_PKCS12).is_file():
        faltam = [f"O arquivo do selo não existe: {settings.SELO_PKCS12} ({PKCS12})."]
    else:
        faltam = []
    if settings.SELO_PIN_ARQUIVO and not Path(settings.SELO_PIN_ARQUIVO).is_file():
        faltam.append(f"O arquivo do PIN do selo não existe: {settings.SELO_PIN_ARQUIVO}.")
    if not settings.CARIMBO_DO_TEMPO_URL:
        faltam.append(
            "O selo em PAdES B-LTA precisa da autoridade de carimbo do tempo "
            "(EMANCIPACAO_CARIMBO_DO_TEMPO_URL)."
        )
    return faltam


def conferir() -> list[str]:
    """Abre o selo como a tarefa o abre e diz o que há nele (`manage.py conferir_selo`)."""
    from documentos.assinatura import token

    onde = token.descrever() if token.configurado() else f"arquivo {settings.SELO_PKCS12}"
    with assinante() as selo:
        certificado = selo.signing_cert
        cadeia = len(list(selo.cert_registry))
    return [
        f"Selo da Assembleia: {onde}.",
        f"Certificado: {certificado.subject.human_friendly}.",
        f"Emitido por: {certificado.issuer.human_friendly}.",
        f"Válido até: {certificado.not_valid_after:%d/%m/%Y}.",
        f"Certificados disponíveis para a cadeia: {cadeia}.",
    ]


def _do_arquivo():
    """O assinante do PKCS#12 configurado (EMANCIPACAO_SELO_PKCS12)."""
    from pyhanko.sign import signers

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


@contextmanager
def assinante() -> Iterator[object]:
    """O assinante do selo (um Signer do pyHanko): do token PKCS#11, quando configurado, ou
    do arquivo PKCS#12. O do token só vale dentro do `with` (a sessão fecha ao sair)."""
    from documentos.assinatura import token

    if token.configurado():
        with token.assinante(_pin().decode()) as selo:
            yield selo
    elif settings.SELO_PKCS12:
        yield _do_arquivo()
    else:
        raise SeloIndisponivel(NAO_INSTALADO)


def selar(pdf: bytes, *, campo: str = CAMPO_DO_SELO) -> bytes:
    """`pdf` com o selo da Assembleia em PAdES B-LTA (exige a autoridade de carimbo)."""
    from documentos.assinatura import aparencia, carimbo, confianca
    from documentos.assinatura.assinar import assinar_campo

    tsa = carimbo.carimbador()
    if tsa is None:
        raise SeloIndisponivel(
            "O selo em PAdES B-LTA precisa da autoridade de carimbo do tempo "
            "(EMANCIPACAO_CARIMBO_DO_TEMPO_URL)."
        )
    contexto = confianca.contexto()
    with assinante() as selo:
        return assinar_campo(
            pdf, campo, selo, carimbador=tsa, lta=True, contexto=contexto, estilo=aparencia.SELO
        )
