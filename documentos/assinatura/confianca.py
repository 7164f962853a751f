"""O material contra o qual se valida uma assinatura: as raízes confiáveis e as LCRs que o
administrador carregou (`manage.py carregar_raizes_confiaveis`). Sem rede, por padrão
(EMANCIPACAO_ASSINATURA_BUSCAR_REVOGACAO): a revogação vem das LCRs carregadas e do que o
próprio PDF traz no DSS."""

import hashlib

from asn1crypto import crl as asn1_crl
from asn1crypto import pem
from asn1crypto import x509 as asn1_x509
from django.conf import settings
from pyhanko_certvalidator import ValidationContext

from documentos.models import MaterialDeConfianca, TipoMaterial


class MaterialInvalido(ValueError):
    """O arquivo não traz nenhum certificado nem LCR legível."""


def _blocos(conteudo: bytes) -> list[tuple[str, bytes]]:
    if pem.detect(conteudo):
        return [(tipo, der) for tipo, _, der in pem.unarmor(conteudo, multiple=True)]
    return [("", conteudo)]


def carregar(conteudo: bytes) -> tuple[int, int]:
    """Grava cada certificado e cada LCR do arquivo (PEM com vários blocos, ou um DER).
    Devolve (novos, já existentes); nada é gravado se algum bloco for ilegível."""
    itens = []
    for tipo_pem, der in _blocos(conteudo):
        try:
            if tipo_pem == "X509 CRL":
                lista = asn1_crl.CertificateList.load(der)
                descricao = lista.issuer.human_friendly
                itens.append((TipoMaterial.LCR, der, f"LCR de {descricao}"))
                continue
            certificado = asn1_x509.Certificate.load(der)
            itens.append((TipoMaterial.RAIZ, der, certificado.subject.human_friendly))
        except ValueError as erro:
            raise MaterialInvalido(
                "O arquivo não é um certificado nem uma LCR legível (PEM ou DER)."
            ) from erro
    if not itens:
        raise MaterialInvalido("O arquivo não traz nenhum certificado.")
    novos = 0
    for tipo, der, descricao in itens:
        _, criado = MaterialDeConfianca.objects.get_or_create(
            sha256=hashlib.sha256(der).hexdigest(),
            defaults={"tipo": tipo, "der": der, "descricao": descricao[:300]},
        )
        novos += criado
    return novos, len(itens) - novos


def raizes() -> list[asn1_x509.Certificate]:
    return [
        asn1_x509.Certificate.load(bytes(m.der))
        for m in MaterialDeConfianca.objects.filter(tipo=TipoMaterial.RAIZ)
    ]


def lcrs() -> list[asn1_crl.CertificateList]:
    return [
        asn1_crl.CertificateList.load(bytes(m.der))
        for m in MaterialDeConfianca.objects.filter(tipo=TipoMaterial.LCR)
    ]


def argumentos(material=None) -> dict:
    """Os argumentos do contexto de validação de agora: as raízes e as LCRs carregadas. Sem
    nenhuma raiz carregada, nenhuma assinatura é dita confiável. `material` (raízes, LCRs) já
    lido evita consultar o banco de dentro do laço assíncrono do pyHanko, onde o Django abriria
    outra conexão."""
    raizes_, lcrs_ = material if material is not None else (raizes(), lcrs())
    return {
        "trust_roots": raizes_,
        "crls": list(lcrs_),
        "allow_fetching": settings.ASSINATURA_BUSCAR_REVOGACAO,
        "revocation_mode": "soft-fail",
    }


def contexto(material=None) -> ValidationContext:
    return ValidationContext(**argumentos(material))
