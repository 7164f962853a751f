"""A conferência do conteúdo dos documentos do Art. 15: o tipo é o que o arquivo
é por dentro — aberto e lido por inteiro —, não o que o nome diz."""

import io
import json
import struct
import zlib

import pytest
from pypdf import PdfWriter

from documentos.arquivos import (
    ArquivoRecusado,
    Conteudo,
    conferir_conteudo,
    nome_para_exibir,
    orcamento,
)
from representacao.checklist import FOTOGRAFIAS, GEOJSON, JPEG, KML, MAPAS, PDF, PNG, SO_PDF
from tests.representacao.construtores import arquivo, imagem, pdf_real


def _conferir(conteudo: bytes, aceitos=MAPAS, nome: str = "documento.pdf") -> Conteudo:
    return conferir_conteudo(arquivo(conteudo, nome), aceitos=aceitos)


def _recusa(conteudo: bytes, aceitos=MAPAS, nome: str = "documento.pdf") -> str:
    with pytest.raises(ArquivoRecusado) as recusa:
        _conferir(conteudo, aceitos, nome)
    return str(recusa.value)


# --- PDF -------------------------------------------------------------------------------------


@pytest.mark.parametrize("paginas", [1, 3])
def test_pdf_real_e_aceito_com_o_numero_de_paginas(paginas):
    assert _conferir(pdf_real(paginas), SO_PDF) == Conteudo(PDF, paginas)


def test_png_renomeado_para_pdf_e_recusado_num_item_so_de_pdf():
    mensagem = _recusa(imagem("PNG"), SO_PDF, nome="requerimento.pdf")

    assert mensagem == "O arquivo é uma imagem PNG, não um PDF."


def test_png_renomeado_para_pdf_e_reconhecido_como_png_num_item_que_aceita_imagens():
    assert _conferir(imagem("PNG"), FOTOGRAFIAS, nome="foto.pdf") == Conteudo(PNG, None)


@pytest.mark.parametrize("corte", [0.5, 0.9, -30])
def test_pdf_truncado_e_recusado(corte):
    conteudo = pdf_real(2)
    fim = int(len(conteudo) * corte) if corte > 0 else len(conteudo) + corte

    assert "O PDF está corrompido ou incompleto" in _recusa(conteudo[:fim], SO_PDF)


def test_pdf_so_com_cabecalho_e_lixo_e_recusado():
    assert "corrompido" in _recusa(b"%PDF-1.7\n" + b"lixo " * 200 + b"\n%%EOF\n", SO_PDF)


@pytest.mark.parametrize("senha_de_leitura", ["segredo", ""])
def test_pdf_criptografado_e_recusado_com_mensagem(senha_de_leitura):
    escritor = PdfWriter()
    escritor.add_blank_page(595, 842)
    escritor.encrypt(senha_de_leitura, owner_password="dono")
    saida = io.BytesIO()
    escritor.write(saida)

    mensagem = _recusa(saida.getvalue(), SO_PDF)

    assert mensagem.startswith("O PDF está protegido por senha ou criptografado")


# --- imagens ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("formato", "tipo"), [("JPEG", JPEG), ("PNG", PNG)])
def test_imagem_real_e_aceita_pelo_que_e_qualquer_que_seja_o_nome(formato, tipo):
    assert _conferir(imagem(formato), FOTOGRAFIAS, nome="foto.txt") == Conteudo(tipo, None)


@pytest.mark.parametrize(
    "conteudo",
    [
        pytest.param(imagem("PNG")[:-20], id="png-truncado"),
        pytest.param(imagem("JPEG", (64, 64))[:300], id="jpeg-truncado"),
        pytest.param(imagem("PNG")[:16] + b"\x00" * 80, id="png-sem-dados"),
        pytest.param(b"\xff\xd8\xff\xe0" + b"lixo" * 50, id="jpeg-so-assinatura"),
    ],
)
def test_imagem_corrompida_e_recusada(conteudo):
    assert "está corrompida ou incompleta" in _recusa(conteudo, FOTOGRAFIAS)


def _png_declarando(largura: int, altura: int) -> bytes:
    def bloco(tipo: bytes, dados: bytes) -> bytes:
        crc = zlib.crc32(tipo + dados) & 0xFFFFFFFF
        return struct.pack(">I", len(dados)) + tipo + dados + struct.pack(">I", crc)

    cabecalho = struct.pack(">IIBBBBB", largura, altura, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + bloco(b"IHDR", cabecalho)
        + bloco(b"IDAT", zlib.compress(b"\x00" * 1000))
        + bloco(b"IEND", b"")
    )


@pytest.mark.parametrize(("largura", "altura"), [(100_000, 100_000), (10_000, 5_001)])
def test_bomba_de_descompressao_e_recusada_antes_de_decodificar(largura, altura):
    mensagem = _recusa(_png_declarando(largura, altura), FOTOGRAFIAS)

    assert "A imagem é grande demais" in mensagem
    assert "50 megapixels" in mensagem


@pytest.mark.parametrize(("tamanho", "aceita"), [((10, 10), True), ((10, 11), False)])
def test_limite_de_pixels_vale_ate_o_ultimo_pixel(monkeypatch, tamanho, aceita):
    monkeypatch.setattr(orcamento, "LIMITE_PIXELS", 100)
    conteudo = imagem("PNG", tamanho)

    if aceita:
        assert _conferir(conteudo, FOTOGRAFIAS).tipo == PNG
    else:
        assert "grande demais (10 × 11 pixels)" in _recusa(conteudo, FOTOGRAFIAS)


# --- GeoJSON ---------------------------------------------------------------------------------

GEOJSON_BOM = {
    "type": "FeatureCollection",
    "features": [
        {
            "type": "Feature",
            "properties": {"nome": "Nova Fronteira do Norte"},
            "geometry": {
                "type": "Polygon",
                "coordinates": [[[-55.7, -12.5], [-55.6, -12.5], [-55.6, -12.4], [-55.7, -12.5]]],
            },
        }
    ],
}


def test_geojson_bom_e_aceito_num_item_de_mapa():
    conteudo = json.dumps(GEOJSON_BOM, ensure_ascii=False).encode()

    assert _conferir(conteudo, MAPAS, nome="mapa.json") == Conteudo(GEOJSON, None)


def test_geojson_com_bom_utf8_e_aceito():
    conteudo = b"\xef\xbb\xbf" + json.dumps(GEOJSON_BOM).encode()

    assert _conferir(conteudo, MAPAS).tipo == GEOJSON


@pytest.mark.parametrize(
    ("conteudo", "trecho"),
    [
        (b'{"type": "FeatureCollection", "features": [', "não é um JSON válido"),
        (b'{"type": "Point", "coordinates": [NaN, 1]}', "contém o valor NaN"),
        (b'{"type": "Point", "coordinates": [Infinity, 1]}', "contém o valor Infinity"),
        (b'{"type": "Point", "coordinates": [-Infinity, 1]}', "contém o valor -Infinity"),
        (b'{"nome": "sem type"}', "é um JSON, mas não um GeoJSON"),
        ('{"type": "Município"}'.encode(), "é um JSON, mas não um GeoJSON"),
        (b'[{"type": "Feature"}]', "é um JSON, mas não um GeoJSON"),
        (b'{"type": "Point", "nome": "\xff\xfe"}', "não é um JSON válido"),
    ],
)
def test_geojson_ruim_e_recusado(conteudo, trecho):
    assert trecho in _recusa(conteudo)


def test_geojson_com_aninhamento_profundo_e_recusado_sem_estourar_a_pilha():
    conteudo = b'{"type": "Point", "coordinates": ' + b"[" * 200_000 + b"]" * 200_000 + b"}"

    assert "níveis de aninhamento" in _recusa(conteudo)


@pytest.mark.parametrize(("listas", "aceita"), [(63, True), (64, False)])
def test_limite_de_aninhamento_do_geojson(listas, aceita):
    # O objeto é o nível 1; cada lista acrescenta um: 1 + 63 = 64, o limite.
    conteudo = b'{"type": "GeometryCollection", "geometries": [], "x": '
    conteudo += b"[" * listas + b"]" * listas + b"}"

    if aceita:
        assert _conferir(conteudo).tipo == GEOJSON
    else:
        assert "mais de 64 níveis de aninhamento" in _recusa(conteudo)


# --- KML -------------------------------------------------------------------------------------

KML_BOM = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>'
    b"<name>Nova Fronteira do Norte</name><Polygon><outerBoundaryIs><LinearRing>"
    b"<coordinates>-55.7,-12.5 -55.6,-12.5 -55.6,-12.4 -55.7,-12.5</coordinates>"
    b"</LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>"
)


def test_kml_bom_e_aceito_num_item_de_mapa():
    assert _conferir(KML_BOM, MAPAS, nome="mapa.xml") == Conteudo(KML, None)


@pytest.mark.parametrize(
    "conteudo",
    [
        pytest.param(
            b'<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
            b'<kml xmlns="http://www.opengis.net/kml/2.2"><name>&xxe;</name></kml>',
            id="entidade-externa",
        ),
        pytest.param(
            b'<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
            b"<kml><name>&b;</name></kml>",
            id="bomba-de-entidades",
        ),
        pytest.param(
            b'<?xml version="1.0"?><!DOCTYPE kml SYSTEM "http://exemplo.invalid/kml.dtd"><kml/>',
            id="dtd-externa",
        ),
    ],
)
def test_kml_com_dtd_ou_entidade_e_recusado(conteudo):
    assert "recusadas por segurança" in _recusa(conteudo)


@pytest.mark.parametrize(
    ("conteudo", "trecho"),
    [
        (b"<kml><Placemark></kml>", "XML está malformado"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"></svg>', "é um XML, mas não um KML"),
    ],
)
def test_xml_que_nao_e_kml_e_recusado(conteudo, trecho):
    assert trecho in _recusa(conteudo)


# --- o que não é de nenhum tipo aceito -------------------------------------------------------


def test_arquivo_vazio_e_recusado():
    assert _recusa(b"") == "O arquivo está vazio; envie o documento de novo."


@pytest.mark.parametrize(
    ("conteudo", "aceitos", "mensagem"),
    [
        (
            b"PK\x03\x04" + b"\x00" * 40,
            SO_PDF,
            "O arquivo é um arquivo compactado (ZIP, KMZ, DOCX ou semelhante), não um PDF.",
        ),
        (
            b"GIF89a" + b"\x00" * 40,
            FOTOGRAFIAS,
            "O arquivo é uma imagem GIF, não uma imagem JPEG, uma imagem PNG ou um PDF.",
        ),
        (
            b"<!DOCTYPE html><html><script>alert(1)</script></html>",
            MAPAS,
            "O arquivo é uma "
            "página HTML, não um PDF, uma imagem JPEG, uma imagem PNG, um GeoJSON, um KML, um "
            "KMZ ou um shapefile compactado em ZIP (com o .prj).",
        ),
        (json.dumps(GEOJSON_BOM).encode(), SO_PDF, "O arquivo é um arquivo JSON, não um PDF."),
        (
            KML_BOM,
            FOTOGRAFIAS,
            "O arquivo é um arquivo XML, não uma imagem JPEG, uma imagem PNG ou um PDF.",
        ),
    ],
)
def test_conteudo_de_outro_tipo_e_recusado_dizendo_o_que_e(conteudo, aceitos, mensagem):
    assert _recusa(conteudo, aceitos) == mensagem


def test_texto_qualquer_e_recusado_como_nao_reconhecido():
    mensagem = _recusa(b"Requerimento assinado pelos eleitores", SO_PDF, nome="requerimento.pdf")

    assert mensagem.startswith("Não foi possível reconhecer o conteúdo do arquivo")
    assert mensagem.endswith("envie um PDF.")


# --- o nome enviado, só para exibição --------------------------------------------------------


@pytest.mark.parametrize(
    ("enviado", "exibido"),
    [
        ("../../etc/passwd", "passwd"),
        ("..\\..\\Windows\\system.ini", "system.ini"),
        ("/var/lib/emancipacao/media/x.pdf", "x.pdf"),
        # A barra de "</script>" separa pastas: sobra o que vem depois dela.
        ("<script>alert(1)</script>.pdf", "script>.pdf"),
        ("<img src=x onerror=alert(1)>.pdf", "<img src=x onerror=alert(1)>.pdf"),
        ("ata\x00\n\r da câmara.pdf", "ata da câmara.pdf"),
        ("..", "arquivo"),
        ("", "arquivo"),
        ("a" * 300 + ".pdf", "a" * 200),
    ],
)
def test_nome_enviado_perde_pastas_e_controles(enviado, exibido):
    assert nome_para_exibir(enviado) == exibido
