"""ICP de teste, gerada em memória com `cryptography`: uma raiz, uma AC intermediária, o
certificado do selo da Assembleia (e-CNPJ), três pessoas (relator, Presidente, membro), uma
pessoa com certificado revogado, uma com certificado vencido, a autoridade de carimbo do
tempo e a LCR da intermediária (que lista o revogado). Nada sai para a rede: a LCR é
entregue ao validador como material de confiança, e o carimbo do tempo é servido por um
servidor HTTP local (tests/assinaturas/servidores.py)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

AGORA = dt.datetime.now(dt.UTC).replace(microsecond=0)
SENHA_PKCS12 = b"pin-de-teste"


def _nome(cn: str, org: str = "ICP de Teste") -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, org),
            x509.NameAttribute(NameOID.COMMON_NAME, cn),
        ]
    )


@dataclass
class Identidade:
    certificado: x509.Certificate
    chave: rsa.RSAPrivateKey
    cadeia: list[x509.Certificate] = field(default_factory=list)

    @property
    def der(self) -> bytes:
        return self.certificado.public_bytes(serialization.Encoding.DER)

    @property
    def pem(self) -> bytes:
        return self.certificado.public_bytes(serialization.Encoding.PEM)

    def pkcs12(self, senha: bytes = SENHA_PKCS12) -> bytes:
        return pkcs12.serialize_key_and_certificates(
            b"teste",
            self.chave,
            self.certificado,
            self.cadeia,
            serialization.BestAvailableEncryption(senha),
        )

    def chave_der(self) -> bytes:
        return self.chave.private_bytes(
            serialization.Encoding.DER,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )


def _chave() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def _emitir(
    nome: x509.Name,
    chave: rsa.RSAPrivateKey,
    emissor: Identidade | None,
    *,
    ac: bool = False,
    inicio: dt.datetime | None = None,
    fim: dt.datetime | None = None,
    carimbo: bool = False,
    lcr_url: str | None = None,
) -> x509.Certificate:
    inicio = inicio or AGORA - dt.timedelta(days=30)
    fim = fim or AGORA + dt.timedelta(days=365)
    chave_emissora = emissor.chave if emissor else chave
    nome_emissor = emissor.certificado.subject if emissor else nome
    construtor = (
        x509.CertificateBuilder()
        .subject_name(nome)
        .issuer_name(nome_emissor)
        .public_key(chave.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(inicio)
        .not_valid_after(fim)
        .add_extension(x509.BasicConstraints(ca=ac, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(chave.public_key()), False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(chave_emissora.public_key()), False
        )
    )
    if ac:
        uso = x509.KeyUsage(False, False, False, False, False, True, True, False, False)
    else:
        uso = x509.KeyUsage(True, True, False, False, False, False, False, False, False)
    construtor = construtor.add_extension(uso, critical=True)
    if carimbo:
        construtor = construtor.add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True
        )
    if lcr_url:
        construtor = construtor.add_extension(
            x509.CRLDistributionPoints(
                [
                    x509.DistributionPoint(
                        [x509.UniformResourceIdentifier(lcr_url)], None, None, None
                    )
                ]
            ),
            critical=False,
        )
    return construtor.sign(chave_emissora, hashes.SHA256())


@dataclass
class ICPDeTeste:
    raiz: Identidade
    intermediaria: Identidade
    selo: Identidade
    relator: Identidade
    presidente: Identidade
    membro: Identidade
    revogado: Identidade
    vencido: Identidade
    carimbo: Identidade
    lcr: x509.CertificateRevocationList

    @property
    def lcr_der(self) -> bytes:
        return self.lcr.public_bytes(serialization.Encoding.DER)

    def raizes_pem(self) -> bytes:
        return self.raiz.pem


# Endereço da LCR gravado nos certificados; nunca consultado (o validador recebe a LCR).
LCR_URL = "http://lcr.teste.invalid/intermediaria.crl"


def gerar() -> ICPDeTeste:
    chave_raiz = _chave()
    raiz = Identidade(
        _emitir(_nome("AC Raiz de Teste"), chave_raiz, None, ac=True, fim=AGORA.replace(year=2040)),
        chave_raiz,
    )
    chave_inter = _chave()
    inter = Identidade(
        _emitir(_nome("AC Intermediária de Teste"), chave_inter, raiz, ac=True),
        chave_inter,
        [raiz.certificado],
    )

    def final(cn: str, org: str = "ICP de Teste", **kw) -> Identidade:
        chave = _chave()
        certificado = _emitir(_nome(cn, org), chave, inter, lcr_url=LCR_URL, **kw)
        return Identidade(certificado, chave, [inter.certificado, raiz.certificado])

    revogado = final("Pessoa Revogada")
    lcr = (
        x509.CertificateRevocationListBuilder()
        .issuer_name(inter.certificado.subject)
        .last_update(AGORA - dt.timedelta(days=1))
        .next_update(AGORA + dt.timedelta(days=30))
        .add_revoked_certificate(
            x509.RevokedCertificateBuilder()
            .serial_number(revogado.certificado.serial_number)
            .revocation_date(AGORA - dt.timedelta(days=2))
            .build()
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(chave_inter.public_key()), False
        )
        .add_extension(x509.CRLNumber(1), False)
        .sign(chave_inter, hashes.SHA256())
    )
    return ICPDeTeste(
        raiz=raiz,
        intermediaria=inter,
        selo=final("ASSEMBLEIA LEGISLATIVA DO ESTADO DE MATO GROSSO", "ALMT"),
        relator=final("Relatora de Teste"),
        presidente=final("Presidente de Teste"),
        membro=final("Membro de Teste"),
        revogado=revogado,
        vencido=final(
            "Pessoa Vencida",
            inicio=AGORA - dt.timedelta(days=400),
            fim=AGORA - dt.timedelta(days=10),
        ),
        carimbo=final("Carimbo do Tempo de Teste", carimbo=True),
        lcr=lcr,
    )
