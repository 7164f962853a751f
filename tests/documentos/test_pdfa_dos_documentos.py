"""Todo documento oficial que o sistema emite é PDF/A-2B (ISO 19005-2), conferido offline por
documentos.pdfa; a minuta não (não é documento oficial, e diz isso no próprio arquivo). A
cópia integral, que junta PDFs recebidos, só se declara PDF/A quando passa pela conferência."""

from datetime import date

import pytest
from django.utils import timezone
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DictionaryObject, NameObject

from documentos import conteudo, emissao
from documentos.copia_integral import Peca, emitir_copia_integral
from documentos.models import Documento, TipoDocumento
from documentos.pdfa import falhas_pdfa
from lei.documento import emitir_lei_anotada
from requisitos.parametros import ParametrosLegais
from requisitos.regras import avaliar_distrito
from tests.documentos.test_copia_integral import pecas  # noqa: F401 — fixture

pytestmark = pytest.mark.django_db


def _declara_pdfa(caminho) -> bool:
    metadados = PdfReader(caminho).trailer["/Root"].get("/Metadata")
    return metadados is not None and b'pdfaid:part="2"' in metadados.get_object().get_data()


def test_todo_tipo_de_documento_emitido_e_pdfa_2b(construir, servidor, comprovante_real):
    """O rito inteiro até o PL (cada ato emite os seus PDFs, a cópia integral ao TRE entre
    eles), o extrato, a certidão de distrito (Art. 25) e a lei anotada: todos os tipos de
    `TipoDocumento` — um tipo novo sem PDF/A faz este teste falhar."""
    processo = construir(ate="apresentar_pl")
    emissao.emitir_extrato(processo, usuario=servidor)
    veredito = avaliar_distrito(60, 1500, ParametrosLegais())
    emissao.emitir_certidao_distrito(veredito, localidade="Vila Rica do Norte", usuario=None)
    emitir_lei_anotada(data=timezone.localdate(), usuario=None)

    falhas_por_documento = {
        f"{doc.tipo} {doc.codigo}": falhas_pdfa(doc.arquivo.path) for doc in Documento.objects.all()
    }
    assert {chave: f for chave, f in falhas_por_documento.items() if f} == {}
    tipos = set(Documento.objects.values_list("tipo", flat=True))
    assert tipos == set(TipoDocumento.values)
    for doc in Documento.objects.all():
        assert _declara_pdfa(doc.arquivo.path), doc.tipo


def test_minuta_fica_fora_do_pdfa(construir, servidor):
    """A exceção: a minuta não é documento oficial — não se declara PDF/A (e tem a marca
    d'água translúcida); o mesmo extrato, emitido, é PDF/A."""
    processo = construir()
    minuta = emissao.minuta(conteudo.extrato(processo, servidor, []))
    falhas = falhas_pdfa(minuta)
    assert "Falta o fluxo de metadados XMP no catálogo (/Metadata)." in falhas
    emitido = emissao.emitir_extrato(processo, usuario=servidor)
    assert falhas_pdfa(emitido.arquivo.path) == []


def test_copia_integral_com_pecas_conformes_se_declara_pdfa(construir, presidente, pecas):  # noqa: F811
    """Peças recebidas com fontes embutidas, imagem PNG, PDF corrompido e PDF protegido (os
    dois últimos viram página de aviso): o arquivo juntado passa e se declara PDF/A."""
    processo = construir(ate="emitir_parecer_preliminar")
    doc = emitir_copia_integral(processo, usuario=presidente, pecas=pecas)
    assert falhas_pdfa(doc.arquivo.path) == []
    assert _declara_pdfa(doc.arquivo.path)


def _pdf_com_fonte_nao_embutida() -> bytes:
    """Um PDF recebido como os de muitos programas: texto em Helvetica, sem a fonte dentro."""
    from io import BytesIO

    from pypdf.generic import DecodedStreamObject

    escritor = PdfWriter()
    pagina = escritor.add_blank_page(595, 842)
    fonte = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    pagina[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject("/F1"): escritor._add_object(fonte)})}
    )
    conteudo_pagina = DecodedStreamObject()
    conteudo_pagina.set_data(b"BT /F1 24 Tf 72 700 Td (Memorial descritivo) Tj ET")
    pagina[NameObject("/Contents")] = escritor._add_object(conteudo_pagina)
    saida = BytesIO()
    escritor.write(saida)
    return saida.getvalue()


def test_copia_integral_com_peca_nao_conforme_nao_se_declara_pdfa(construir, presidente):
    """Uma peça recebida com fonte não embutida: a cópia é emitida (é a cópia autenticada dos
    autos), mas não se diz PDF/A — a conferência aponta a fonte e a falta da declaração."""
    processo = construir(ate="emitir_parecer_preliminar")
    peca = Peca(
        "Memorial descritivo",
        date(2026, 1, 5),
        "application/pdf",
        dados=_pdf_com_fonte_nao_embutida(),
    )
    doc = emitir_copia_integral(processo, usuario=presidente, pecas=[peca])
    falhas = falhas_pdfa(doc.arquivo.path)
    assert "A fonte Helvetica não está embutida no arquivo." in falhas
    assert "O XMP não declara o PDF/A (falta pdfaid:part)." in falhas
    assert not _declara_pdfa(doc.arquivo.path)
    assert "Memorial descritivo" in PdfReader(doc.arquivo.path).pages[-1].extract_text()


def _verificar(*argumentos) -> str:
    import io

    from django.core.management import call_command

    saida = io.StringIO()
    call_command("verificar_integridade", *argumentos, stdout=saida)
    return saida.getvalue()


def test_verificar_integridade_com_pdfa_aponta_o_documento_emitido_fora_do_pdfa(
    construir, servidor
):
    """Um extrato emitido antes do PDF/A (o arquivo guardado é PDF comum, com o SHA-256
    registrado dele) aparece na lista; o emitido em PDF/A não; sem `--pdfa`, nada muda."""
    import hashlib

    processo = construir()
    conforme = emissao.emitir_extrato(processo, usuario=servidor)
    antigo = emissao.emitir_extrato(processo, usuario=servidor)
    comum = emissao.minuta(conteudo.extrato(processo, servidor, []))
    with open(antigo.arquivo.path, "wb") as arquivo:
        arquivo.write(comum)
    Documento.objects.filter(pk=antigo.pk).update(
        sha256=hashlib.sha256(comum).hexdigest(), tamanho=len(comum)
    )

    relatorio = _verificar("--pdfa")
    assert f"FORA DO PDF/A Documento {antigo.codigo}: Falta o fluxo de metadados XMP" in relatorio
    assert conforme.codigo not in relatorio
    assert "2 arquivos conferidos; 0 com problema; 0 órfãos; 1 documento(s) emitido(s) fora" in (
        relatorio
    )
    assert "PDF/A" not in _verificar()


def test_fotografias_recebidas_na_copia_integral(construir, presidente, tmp_path):
    """Uma fotografia PNG com transparência (máscara suave, admitida no PDF/A-2) mantém a
    cópia em PDF/A; uma JPEG em CMYK, sem perfil, sob a OutputIntent sRGB (6.2.4.3), não — e
    a cópia sai sem a declaração."""
    from PIL import Image

    processo = construir(ate="emitir_parecer_preliminar")
    translucida = tmp_path / "praca.png"
    Image.new("RGBA", (400, 300), (30, 120, 60, 120)).save(translucida)
    cmyk = tmp_path / "igreja.jpg"
    Image.new("CMYK", (400, 300), (0, 100, 200, 0)).save(cmyk)

    foto = Peca("Praça central", date(2026, 1, 5), "image/png", caminho=translucida)
    com_png = emitir_copia_integral(processo, usuario=presidente, pecas=[foto])
    assert falhas_pdfa(com_png.arquivo.path) == []
    assert _declara_pdfa(com_png.arquivo.path)

    outra = Peca("Igreja matriz", date(2026, 1, 6), "image/jpeg", caminho=cmyk)
    com_cmyk = emitir_copia_integral(processo, usuario=presidente, pecas=[foto, outra])
    falhas = falhas_pdfa(com_cmyk.arquivo.path)
    assert "O documento usa DeviceCMYK sem perfil ICC, e o perfil da OutputIntent é RGB." in falhas
    assert not _declara_pdfa(com_cmyk.arquivo.path)
