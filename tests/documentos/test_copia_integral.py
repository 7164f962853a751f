"""Cópia integral autenticada (Art. 19, § 1º): capa, índice com páginas certas, peças em
ordem, PDFs corrompidos ou protegidos viram aviso, imagens entram na página."""

import re
from datetime import date

import pytest
from PIL import Image
from pypdf import PdfWriter

from documentos import copia_integral
from documentos.copia_integral import Peca, emitir_copia_integral
from tests.documentos.auxiliares import paginas_texto, sha256, texto_layout

pytestmark = pytest.mark.django_db


def _html(corpo: str) -> bytes:
    from weasyprint import HTML

    return HTML(string=f"<html><body>{corpo}</body></html>").write_pdf()


def _protegido(tmp_path) -> bytes:
    escritor = PdfWriter()
    escritor.add_blank_page(595, 842)
    escritor.encrypt(user_password="segredo", owner_password="dono")
    caminho = tmp_path / "protegido.pdf"
    with caminho.open("wb") as saida:
        escritor.write(saida)
    return caminho.read_bytes()


def _imagem(tmp_path):
    caminho = tmp_path / "foto.png"
    Image.new("RGB", (800, 600), (30, 120, 60)).save(caminho)
    return caminho


@pytest.fixture
def pecas(tmp_path):
    return [
        Peca(
            "Requerimento com assinaturas",
            date(2026, 1, 5),
            "application/pdf",
            dados=_html(
                "".join(
                    f'<p style="page-break-after: always">Anexo A página {i}</p>' for i in (1, 2, 3)
                )
            ),
        ),
        Peca(
            "Fotografia do centro urbano", date(2026, 1, 6), "image/png", caminho=_imagem(tmp_path)
        ),
        Peca(
            "Mapa corrompido", date(2026, 1, 7), "application/pdf", dados=b"%PDF-1.4\n1 0 obj lixo"
        ),
        Peca("Memorial protegido", date(2026, 1, 8), "application/pdf", dados=_protegido(tmp_path)),
        Peca(
            "Justificativa socioeconômica",
            date(2026, 1, 9),
            "application/pdf",
            dados=_html(
                '<p style="page-break-after: always">Anexo B página 1</p><p>Anexo B página 2</p>'
            ),
        ),
    ]


def _inicios_no_indice(caminho, pagina_indice: int) -> dict[int, int]:
    """Nº da peça → página de início impressa no índice (leitura com -layout)."""
    inicios = {}
    for linha in texto_layout(caminho, pagina_indice).splitlines():
        achado = re.match(r"^\s*(\d+)\s+\S.*?\s(\d{2}/\d{2}/\d{4})\s+(\d+)\s+(\d+)\s*$", linha)
        if achado:
            inicios[int(achado.group(1))] = int(achado.group(4))
    return inicios


def test_indice_aponta_a_pagina_onde_cada_peca_comeca(construir, presidente, pecas):
    processo = construir(ate="receber_na_crt")
    doc = emitir_copia_integral(processo, usuario=presidente, pecas=pecas)
    paginas = paginas_texto(doc.arquivo.path)
    indice = next(i for i, p in enumerate(paginas, 1) if "ÍNDICE DAS PEÇAS" in p.upper())
    inicios = _inicios_no_indice(doc.arquivo.path, indice)
    assert sorted(inicios) == [1, 2, 3, 4, 5]
    for numero, pagina in inicios.items():
        assert f"Peça {numero} —" in paginas[pagina - 1]
        if pagina > 1:
            assert f"Peça {numero} —" not in paginas[pagina - 2]
    # as páginas dos PDFs anexados estão carimbadas dentro das molduras, em ordem
    assert "Anexo A página 2" in paginas[inicios[1]]
    assert "Anexo B página 2" in paginas[inicios[5]]
    assert doc.paginas == len(paginas) == inicios[5] + 1


def test_pdf_corrompido_ou_protegido_vira_aviso_e_nao_falha(construir, presidente, pecas):
    processo = construir(ate="receber_na_crt")
    doc = emitir_copia_integral(processo, usuario=presidente, pecas=pecas)
    juntas = "\n".join(paginas_texto(doc.arquivo.path))
    assert juntas.upper().count("PEÇA NÃO REPRODUZIDA") == 2
    assert "corrompido ou ilegível" in juntas
    assert "protegido por senha" in juntas


def test_cada_pagina_traz_paginacao_e_codigo_e_o_hash_confere(construir, presidente, pecas):
    processo = construir(ate="receber_na_crt")
    doc = emitir_copia_integral(processo, usuario=presidente, pecas=pecas)
    paginas = paginas_texto(doc.arquivo.path)
    for numero, pagina in enumerate(paginas, start=1):
        assert f"Página {numero} de {len(paginas)}" in pagina
        assert doc.codigo in pagina
    assert doc.sha256 == sha256(doc.arquivo.path)
    capa = paginas[0]
    assert f"Processo nº {processo.protocolo}" in capa and "Art. 19, § 1º" in capa
    assert f"numeradas de 1 a {len(paginas)}" in " ".join(capa.split())


def test_copia_sem_pecas_extras_reune_os_documentos_emitidos(construir, presidente):
    processo = construir(ate="emitir_parecer_merito")
    doc = emitir_copia_integral(processo, usuario=presidente)
    juntas = "\n".join(paginas_texto(doc.arquivo.path))
    pecas = re.findall(r"Peça (\d+) — ([^\n]+)", juntas)
    titulos = [titulo for _, titulo in dict(pecas).items()]
    # Na ordem dos autos: os cinco documentos do Art. 15, a certidão do IBGE (Art. 6º, § 1º)
    # e a lista dos signatários (juntados antes do recebimento), o parecer preliminar, os
    # ofícios aos três órgãos (Art. 17, § 2º), as certidões das respostas (Art. 2º, § 2º) e o
    # parecer de mérito.
    assert [t.split(" — ")[0] for t in titulos[:5]] == [
        "Requerimento com as assinaturas dos eleitores",
        "Mapa e memorial descritivo do território do novo município",
        "Mapa e memorial descritivo dos municípios de origem",
        "Justificativa socioeconômica",
        "Fotografias do centro urbano (indústria, comércio, agropecuária)",
    ]
    assert titulos[5].startswith("Certidão do IBGE sobre topônimos correlatos")
    assert titulos[6].startswith("Lista dos signatários da representação (100)")
    assert titulos[7].startswith("Parecer preliminar")
    assert [t[: len("Ofício nº 1/")] for t in titulos[8:11]] == [
        "Ofício nº 1/",
        "Ofício nº 2/",
        "Ofício nº 3/",
    ]
    # A versão vigente de cada certidão, com o número que o órgão lhe deu.
    assert [re.sub(r"^Certidão nº \S+ — ", "", t)[:30] for t in titulos[11:14]] == [
        "resposta ao Ofício nº 1/2026-C",
        "resposta ao Ofício nº 2/2026-C",
        "resposta ao Ofício nº 3/2026-C",
    ]
    assert titulos[14].startswith("Parecer de mérito")
    assert "PARECER DE MÉRITO" in juntas


def test_molduras_compostas_em_lotes_mantem_indice_e_paginacao(
    construir, presidente, pecas, monkeypatch
):
    """Um processo de milhares de páginas é composto em lotes; o índice e o "Página X de Y"
    continuam os de uma composição só, também na virada de um lote para o seguinte."""
    monkeypatch.setattr(copia_integral, "MOLDURAS_POR_LOTE", 2)
    processo = construir(ate="receber_na_crt")
    doc = emitir_copia_integral(processo, usuario=presidente, pecas=pecas)
    paginas = paginas_texto(doc.arquivo.path)
    indice = next(i for i, p in enumerate(paginas, 1) if "ÍNDICE DAS PEÇAS" in p.upper())
    inicios = _inicios_no_indice(doc.arquivo.path, indice)
    for numero, pagina in inicios.items():
        assert f"Peça {numero} —" in paginas[pagina - 1]
    for numero, pagina in enumerate(paginas, start=1):
        assert f"Página {numero} de {len(paginas)}" in pagina
    # 3 + 1 + 1 + 1 + 2 molduras, uma página cada, depois de capa e índice.
    assert len(paginas) == indice + 8 and doc.paginas == len(paginas)
    assert "Anexo B página 2" in paginas[-1]
