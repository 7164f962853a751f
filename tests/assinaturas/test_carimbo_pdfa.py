"""O carimbo visível de cada assinatura (quem assinou e quando, no alto da primeira página) usa
uma fonte embutida — a Liberation Sans do projeto, em subconjunto a 1000 unidades por em —, e
a cópia assinada continua passando a conferência PDF/A offline (documentos.pdfa): com a
assinatura pessoal e com o selo. O carimbo padrão do pyHanko (Courier não embutida) não
passaria: o teste de contraste prova que a conferência pega a diferença."""

from io import BytesIO

import pytest
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import signers
from pypdf import PdfReader

from documentos import tarefas
from documentos.assinatura import fila, pessoal, servicos
from documentos.assinatura.assinar import metadados
from documentos.assinatura.assincrono import executar
from documentos.models import Documento
from documentos.pdfa import falhas_pdfa
from tests.assinaturas.pki import SENHA_PKCS12
from tests.assinaturas.servidores import assinante_de
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures

PIN = SENHA_PKCS12.decode()
CERTIDAO = {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila Progresso"}


@pytest.fixture
def parecer(construir):  # noqa: F811
    processo = construir(ate="emitir_parecer_merito")
    return Documento.objects.get(processo=processo, tipo="parecer_merito")


def _original(documento) -> bytes:
    with documento.arquivo.open("rb") as f:
        return f.read()


def _fontes_das_aparencias(pdf: bytes) -> list[tuple[str, bool, int]]:
    """(nome, embutida, dicionário) das fontes dos carimbos preenchidos (o carimbo do tempo
    do documento não tem aparência: retângulo nulo)."""
    resultado = []
    for anotacao in PdfReader(BytesIO(pdf)).pages[0].get("/Annots", []):
        anotacao = anotacao.get_object()
        if anotacao.get("/FT") != "/Sig" or "/V" not in anotacao or "/AP" not in anotacao:
            continue
        normal = anotacao["/AP"]["/N"].get_object()
        pilha = [normal]
        while pilha:
            fluxo = pilha.pop()
            recursos = fluxo.get("/Resources", {})
            for fonte in recursos.get("/Font", {}).values():
                fonte = fonte.get_object()
                descritor = fonte.get("/FontDescriptor")
                embutida = bool(descritor) and "/FontFile2" in descritor.get_object()
                resultado.append((str(fonte["/BaseFont"]), embutida, fonte))
            pilha += [x.get_object() for x in recursos.get("/XObject", {}).values()]
    return resultado


def test_parecer_assinado_por_pessoa_e_selado_continua_pdfa_com_a_fonte_embutida(
    parecer, servidor, presidente, icp, selo_instalado
):
    original = _original(parecer)
    assert falhas_pdfa(original) == []

    servicos.assinar(parecer, servidor, pessoal.AdaptadorPkcs12(icp.relator.pkcs12(), PIN))
    pessoal_assinado = servicos.copia_atual(parecer)
    assert falhas_pdfa(pessoal_assinado) == []
    (fonte,) = _fontes_das_aparencias(pessoal_assinado)
    nome, embutida, dicionario = fonte
    assert nome.endswith("+LiberationSans") and embutida
    # Larguras em milésimos de em: o "A" da Liberation tem 1366/2048 em = 667/1000.
    assert dicionario["/Widths"][ord("A") - dicionario["/FirstChar"]] == 667
    programa = dicionario["/FontDescriptor"]["/FontFile2"].get_data()
    from fontTools.ttLib import TTFont

    assert TTFont(BytesIO(programa))["head"].unitsPerEm == 1000

    servicos.assinar(parecer, presidente, pessoal.AdaptadorPkcs12(icp.presidente.pkcs12(), PIN))
    # Falta o membro: o selo não vem ainda. Sela-se à mão o que há, como o executor faria.
    servicos.selar(parecer)
    selado = servicos.copia_atual(parecer)
    assert selado.startswith(original)
    assert falhas_pdfa(selado) == []
    assert len(_fontes_das_aparencias(selado)) == 3


def test_certidao_selada_pela_fila_continua_pdfa(client, selo_instalado):
    client.post("/simulador/distrito/certidao/", CERTIDAO)
    documento = Documento.objects.get(tipo="certidao_distrito")
    assert fila.selo_em_curso(documento)
    tarefas.processar(uma_vez=True)
    selada = servicos.copia_atual(documento)
    assert len(selada) > len(_original(documento))
    assert falhas_pdfa(selada) == []
    ((nome, embutida, _),) = _fontes_das_aparencias(selada)
    assert embutida


def test_contraste_o_carimbo_padrao_do_pyhanko_quebra_o_pdfa(parecer, icp):
    """Sem o estilo do projeto, o pyHanko carimba com a Courier não embutida."""
    escritor = IncrementalPdfFileWriter(BytesIO(_original(parecer)), strict=False)
    assinador = signers.PdfSigner(metadados("relator"), signer=assinante_de(icp.relator))
    assinado = executar(assinador.async_sign_pdf(escritor, existing_fields_only=True)).getvalue()
    assert any("embutida" in falha or "Courier" in falha for falha in falhas_pdfa(assinado))
