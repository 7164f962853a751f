"""Medições das assinaturas digitais, num núcleo só (afinidade do processo):

- assinatura pessoal PAdES B-T (PKCS#12 do usuário, dois passos, carimbo do tempo de uma
  autoridade local): meta ≤ 0,5 s;
- selo da Assembleia em PAdES B-LTA (DSS com cadeia e LCR, carimbo do documento): meta ≤ 2 s;
- o mesmo selo por um token PKCS#11 (SoftHSM2 no lugar do token A3 ou do HSM), como a tarefa
  de selo o faz: abrir a sessão, entrar com o PIN, achar o certificado, a cadeia e a chave,
  assinar e fechar — a cada documento;
- validação da cópia com as quatro assinaturas e o carimbo.

Usa a ICP de teste (tests/assinaturas/pki.py) e a autoridade de carimbo local dos testes; o
parecer é o de 5 páginas de bench/documentos. Nada é gravado no banco.
"""

import os
import statistics
import tempfile
import time
from pathlib import Path

from django.conf import settings
from pyhanko_certvalidator import ValidationContext

from bench.documentos import AUTENTICACAO, _contexto_parecer
from documentos.assinatura import aparencia, campos, carimbo, fonte, pessoal, token, validacao
from documentos.assinatura.assinar import assinar_campo
from documentos.pdf import render_pdf
from tests.assinaturas import softhsm
from tests.assinaturas.pki import SENHA_PKCS12, gerar
from tests.assinaturas.servidores import ServidoresDeTeste, assinante_de


def _mediana(funcao, repeticoes: int) -> tuple[float, object]:
    tempos, resultado = [], None
    for _ in range(repeticoes):
        inicio = time.perf_counter()
        resultado = funcao()
        tempos.append(time.perf_counter() - inicio)
    return statistics.median(tempos), resultado


def main(repeticoes: int = 7) -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    icp = gerar()
    inicio = time.perf_counter()
    fonte._base()  # a fonte do carimbo, preparada uma vez por processo
    t_fonte = time.perf_counter() - inicio
    pdf = render_pdf("pdf/parecer_preliminar.html", _contexto_parecer(6), autenticacao=AUTENTICACAO)
    original = campos.criar_campos(pdf, ["relator", "presidente", "membro", "selo"])
    from asn1crypto import crl, x509
    from cryptography.hazmat.primitives.serialization import Encoding

    material = (
        [x509.Certificate.load(icp.raiz.der)],
        [crl.CertificateList.load(icp.lcr.public_bytes(Encoding.DER))],
    )
    contexto = ValidationContext(trust_roots=material[0], crls=material[1], allow_fetching=False)
    with ServidoresDeTeste(icp).rodando() as servidores:
        settings.CARIMBO_DO_TEMPO_URL = f"{servidores.url}/tsa"
        tsa = carimbo.carimbador()
        adaptador = pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), SENHA_PKCS12.decode())
        t_pessoal, assinado = _mediana(
            lambda: pessoal.assinar(original, "relator", adaptador), repeticoes
        )
        doc = pessoal.assinar(
            assinado,
            "presidente",
            pessoal.AdaptadorPkcs12(icp.presidente.pkcs12(), SENHA_PKCS12.decode()),
        )
        doc = pessoal.assinar(
            doc, "membro", pessoal.AdaptadorPkcs12(icp.membro.pkcs12(), SENHA_PKCS12.decode())
        )
        selo = assinante_de(icp.selo)
        t_selo, selado = _mediana(lambda: _selar(doc, selo, tsa, contexto), repeticoes)
        t_token = _selo_no_token(icp, doc, tsa, contexto, repeticoes)
    print(
        f"assinatura pessoal B-T (dois passos, PKCS#12): mediana {t_pessoal:.3f} s (meta ≤ 0,5 s)"
    )
    print(f"selo B-LTA (DSS + carimbo do documento): mediana {t_selo:.3f} s (meta ≤ 2 s)")
    if isinstance(t_token, str):
        print(f"selo B-LTA pelo token PKCS#11: não medido ({t_token})")
    else:
        print(
            f"selo B-LTA pelo token PKCS#11 (SoftHSM2; sessão, PIN e busca da chave a cada "
            f"documento): mediana {t_token:.3f} s (meta ≤ 2 s)"
        )
    print(f"fonte do carimbo visível (uma vez por processo): {t_fonte:.3f} s")
    print(f"parecer: {len(pdf)} bytes; com 3 assinaturas e o selo: {len(selado)} bytes")
    t_validar, pareceres = _mediana(lambda: validacao.validar(selado, material), 3)
    validas = sum(p.valida for p in pareceres)
    print(
        f"validação das {len(pareceres)} assinaturas e carimbos: mediana {t_validar:.3f} s "
        f"({validas} válidas)"
    )


def _selar(doc: bytes, selo, tsa, contexto) -> bytes:
    return assinar_campo(
        doc, "selo", selo, carimbador=tsa, lta=True, contexto=contexto, estilo=aparencia.SELO
    )


def _selo_no_token(icp, doc: bytes, tsa, contexto, repeticoes: int) -> float | str:
    """A mediana do selo pelo token, ou o motivo de não medir (sem o softhsm2)."""
    if motivo := softhsm.motivo_para_pular():
        return motivo
    with tempfile.TemporaryDirectory() as pasta:
        token_de_teste = softhsm.criar(Path(pasta), icp)
        settings.SELO_PKCS11_BIBLIOTECA = token_de_teste.modulo
        settings.SELO_PKCS11_TOKEN = token_de_teste.rotulo_token
        settings.SELO_PKCS11_ROTULO = token_de_teste.rotulo_chave

        def selar():
            with token.assinante(token_de_teste.pin) as selo:
                return _selar(doc, selo, tsa, contexto)

        def abrir():
            with token.assinante(token_de_teste.pin):
                pass

        tempo, selado = _mediana(selar, repeticoes)
        t_abrir, _ = _mediana(abrir, repeticoes)
    assert selado.startswith(doc)
    print(f"abrir o token (sessão, PIN, certificado, cadeia e chave): mediana {t_abrir:.4f} s")
    return tempo
