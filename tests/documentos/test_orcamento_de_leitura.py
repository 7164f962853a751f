"""O orçamento da leitura: todo arquivo decodificado para no limite — bytes descomprimidos e
páginas do PDF, pixels da imagem, valores do GeoJSON, elementos e números do KML —, com a
mensagem que diz o limite; e os documentos reais (o PDF de 5.001 páginas, a foto de 48
megapixels, o mapa do município) continuam aceitos. Cada limite dos dois lados; os limites
grandes, baixados no teste para o arquivo caber nele."""

import io
import json
import zlib

import pytest
from PIL import Image

from documentos.arquivos import (
    ArquivoRecusado,
    Conteudo,
    conferir_conteudo,
    conferir_pdf,
    orcamento,
)
from documentos.arquivos.tipos import GEOJSON, JPEG, KML, PDF, PNG
from tests.documentos import arquivos_hostis as hostis
from tests.documentos.test_arquivos import GEOJSON_BOM

TODOS = (PDF, JPEG, PNG, GEOJSON, KML)


def _ler(conteudo: bytes) -> Conteudo:
    return conferir_conteudo(io.BytesIO(conteudo), aceitos=TODOS)


def _recusa(conteudo: bytes) -> str:
    with pytest.raises(ArquivoRecusado) as recusa:
        _ler(conteudo)
    return str(recusa.value)


# --- PDF ---------------------------------------------------------------------------------------


def test_pdf_de_2_mb_que_se_abre_em_2_gb_e_recusado_como_bomba():
    bomba = hostis.pdf_bomba(paginas=30, megabytes=74)
    assert len(bomba) < 3_000_000

    assert "comprimido mais de 100 vezes" in _recusa(bomba)


@pytest.mark.parametrize(("megabytes", "aceito"), [(7, True), (9, False)])
def test_razao_de_compressao_so_conta_depois_de_8_mb(megabytes, aceito):
    pdf = hostis.pdf_com_conteudos([hostis.espacos_comprimidos(megabytes)])

    if aceito:
        assert _ler(pdf) == Conteudo(PDF, 1)
    else:
        assert "mais de 100 vezes" in _recusa(pdf)


@pytest.mark.parametrize(("paginas", "aceito"), [(4, True), (5, False)])
def test_limite_de_bytes_descomprimidos_soma_as_paginas(monkeypatch, paginas, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_DESCOMPRIMIDO", 4_000)
    conteudo = zlib.compress(b"0 0 m 100 100 l S\n" * 55)  # 990 bytes, razão baixa
    pdf = hostis.pdf_com_conteudos([conteudo] * paginas)

    if aceito:
        assert _ler(pdf).paginas == paginas
    else:
        assert "se abre em mais de" in _recusa(pdf)


def test_fluxo_repetido_por_todas_as_paginas_conta_uma_vez(monkeypatch):
    monkeypatch.setattr(orcamento, "LIMITE_DESCOMPRIMIDO", 4_000)
    pagina = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>",)
    fluxo = zlib.compress(b"0 0 m 100 100 l S\n" * 200)  # 3.600 bytes, lido uma vez
    objetos = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [4 0 R 4 0 R 4 0 R] /Count 3 >>",
        f"<< /Length {len(fluxo)} /Filter /FlateDecode >>\nstream\n".encode()
        + fluxo
        + b"\nendstream",
        *pagina,
    ]

    assert _ler(hostis._pdf(objetos)).paginas == 3


@pytest.mark.parametrize(("megabytes", "aceito"), [(0, True), (2, False)])
def test_indice_comprimido_que_se_abre_demais_e_recusado(monkeypatch, megabytes, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_OBJETOS", 1024 * 1024)
    pdf = hostis.pdf_com_indice_comprimido(megabytes)

    if aceito:
        assert _ler(pdf) == Conteudo(PDF, 1)
    else:
        assert "no índice" in _recusa(pdf)


def test_indice_comprimido_de_40_mb_em_39_kb_e_recusado():
    assert "mais de 100 vezes" in _recusa(hostis.pdf_com_indice_comprimido(40))


@pytest.mark.parametrize("comprimido", [False, True], ids=["tabela", "fluxo"])
def test_indice_de_um_milhao_de_entradas_e_recusado_antes_de_abrir(comprimido):
    pdf = hostis.pdf_de_indice_gigante(1_000_000, comprimido=comprimido)

    assert "mais de 100.000 objetos" in _recusa(pdf)


@pytest.mark.parametrize(("paginas", "aceito"), [(3, True), (4, False)])
def test_limite_de_objetos_conta_as_entradas_do_indice(monkeypatch, paginas, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_OBJETOS_PDF", 9)  # 3 páginas: 8 objetos e o 0
    pdf = hostis.pdf_com_conteudos([b"BT ET"] * paginas, filtro="")

    if aceito:
        assert _ler(pdf).paginas == 3
    else:
        assert "mais de 9 objetos" in _recusa(pdf)


def test_pdf_sem_indice_com_objetos_demais_e_recusado(monkeypatch):
    monkeypatch.setattr(orcamento, "LIMITE_OBJETOS_PDF", 9)
    pdf = hostis.pdf_com_conteudos([b"BT ET"] * 6, filtro="")
    sem_indice = pdf[: pdf.index(b"xref")]  # o pypdf reconstruiria o índice do arquivo

    assert "mais de 9 objetos" in _recusa(sem_indice)


def test_pdf_de_5001_paginas_e_aceito():
    pdf = hostis.pdf_com_conteudos([zlib.compress(b"BT /F1 12 Tf (Folha) Tj ET")] * 5001)

    assert _ler(pdf) == Conteudo(PDF, 5001)


@pytest.mark.parametrize(("paginas", "aceito"), [(3, True), (4, False)])
def test_limite_de_paginas(monkeypatch, paginas, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_PAGINAS", 3)
    pdf = hostis.pdf_com_conteudos([b"BT ET"] * paginas, filtro="")

    if aceito:
        assert _ler(pdf).paginas == 3
    else:
        assert _recusa(pdf) == (
            "O PDF tem 4 páginas, mais que o limite de 3; envie só o documento pedido."
        )


def test_pdf_que_declara_uma_pagina_e_tem_milhares_para_no_limite(monkeypatch):
    monkeypatch.setattr(orcamento, "LIMITE_PAGINAS", 3)
    pdf = hostis.pdf_com_conteudos([b"BT ET"] * 50, filtro="", contagem=1)

    assert "mais que o limite de 3" in _recusa(pdf)


def test_limite_menor_da_certidao_vale_so_abaixo_do_geral():
    pdf = hostis.pdf_com_conteudos([b"BT ET"] * 3, filtro="")

    assert conferir_pdf(io.BytesIO(pdf), limite_paginas=3) == 3
    with pytest.raises(ArquivoRecusado, match="mais que o limite de 2"):
        conferir_pdf(io.BytesIO(pdf), limite_paginas=2)


# --- imagens ------------------------------------------------------------------------------------


def _imagem(formato: str, tamanho: tuple[int, int], **opcoes) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", tamanho, (30, 120, 60)).save(saida, formato, **opcoes)
    return saida.getvalue()


def test_foto_de_celular_de_48_megapixels_e_aceita():
    assert _ler(_imagem("JPEG", (8000, 6000))) == Conteudo(JPEG, None)


@pytest.mark.parametrize(("tamanho", "aceito"), [((4, 3), True), ((4, 4), False)])
def test_jpeg_progressivo_tem_limite_menor(monkeypatch, tamanho, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_PIXELS_PROGRESSIVO", 12)
    jpeg = _imagem("JPEG", tamanho, progressive=True)

    if aceito:
        assert _ler(jpeg).tipo == JPEG
    else:
        assert "JPEG progressiva é grande demais (4 × 4 pixels)" in _recusa(jpeg)
        assert _ler(_imagem("JPEG", tamanho)).tipo == JPEG  # o comum, não


def test_png_que_declara_100_por_100_e_infla_50_mb_e_recusado():
    assert "PNG está corrompida ou incompleta" in _recusa(hostis.png_que_infla(50))


@pytest.mark.parametrize("modo", ["1", "L", "LA", "P", "RGBA", "I;16"])
def test_png_de_cada_tipo_de_cor_e_aceito(modo):
    saida = io.BytesIO()
    Image.new(modo, (37, 23)).save(saida, "PNG")

    assert _ler(saida.getvalue()) == Conteudo(PNG, None)


@pytest.mark.parametrize(("largura", "altura"), [(1, 1), (3, 5), (37, 23)])
def test_png_entrelacado_e_aceito(largura, altura):
    # Adam7: cada passada com as suas linhas, cada linha com o byte de filtro (RGB, 8 bits).
    linhas = b""
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4)):
        linhas += _passada(largura, altura, x0, y0, dx, dy)
    for x0, y0, dx, dy in ((0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)):
        linhas += _passada(largura, altura, x0, y0, dx, dy)
    png = hostis.png(largura, altura, zlib.compress(linhas), entrelacado=1)

    assert _ler(png) == Conteudo(PNG, None)
    assert Image.open(io.BytesIO(png)).size == (largura, altura)


def _passada(largura, altura, x0, y0, dx, dy) -> bytes:
    colunas = len(range(x0, largura, dx))
    return b"".join(b"\x00" + b"\x10" * 3 * colunas for _ in range(y0, altura, dy) if colunas)


def test_png_com_um_byte_a_menos_nos_dados_e_recusado():
    dados = b"".join(b"\x00" + b"\x10" * 3 * 4 for _ in range(4))

    assert _ler(hostis.png(4, 4, zlib.compress(dados))).tipo == PNG
    assert "corrompida" in _recusa(hostis.png(4, 4, zlib.compress(dados[:-1])))


# --- GeoJSON ------------------------------------------------------------------------------------


def _geojson(coordenadas: str, **extra) -> bytes:
    return (
        json.dumps({"type": "Point", "coordinates": 0, **extra})
        .replace("0", coordenadas, 1)
        .encode()
    )


@pytest.mark.parametrize("numero", ["1e999999", "-1e400", "9" * 1_000_000])
def test_geojson_com_numero_infinito_e_recusado(numero):
    mensagem = _recusa(_geojson(f"[{numero}, -12.5]"))

    assert "grande demais para ser uma coordenada (não é um número finito)" in mensagem
    assert len(mensagem) < 300


@pytest.mark.parametrize(
    ("ponto", "aceito"),
    [
        ("[180, 90]", True),
        ("[-180, -90, 350.5]", True),
        ("[180.000001, 0]", False),
        ("[0, -90.5]", False),
    ],
)
def test_geojson_em_graus_fora_da_faixa_e_recusado(ponto, aceito):
    if aceito:
        assert _ler(_geojson(ponto)).tipo == GEOJSON
    else:
        assert "fora da faixa" in _recusa(_geojson(ponto))


@pytest.mark.parametrize(("norte", "aceito"), [(8_500_000, True), (2e8, False)])
def test_geojson_antigo_em_metros_tem_a_faixa_de_metros(norte, aceito):
    crs = {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::31981"}}
    conteudo = _geojson(f"[600000, {norte}]", crs=crs)

    if aceito:
        assert _ler(conteudo).tipo == GEOJSON
    else:
        assert "fora da faixa" in _recusa(conteudo)


@pytest.mark.parametrize("coordenadas", ['"-55,-12"', "[-55]", '[[-55, "x"]]', "[[[[[[1, 2]]]]]]"])
def test_geojson_com_coordenadas_malformadas_e_recusado(coordenadas):
    assert "malformado" in _recusa(_geojson(coordenadas))


def test_geojson_de_8_milhoes_de_listas_vazias_e_recusado_sem_ser_lido():
    conteudo = hostis.geojson_de_listas(8_000_000)

    assert "mais de 600.000 valores" in _recusa(conteudo)


@pytest.mark.parametrize(("pontos", "aceito"), [(33, True), (34, False)])
def test_limite_de_valores_do_geojson(monkeypatch, pontos, aceito):
    # 33 pontos são 99 valores (dois números e uma lista cada), mais os 8 do Feature.
    monkeypatch.setattr(orcamento, "LIMITE_VALORES_GEOJSON", 107)
    conteudo = hostis.geojson_de_pontos(pontos)

    if aceito:
        assert _ler(conteudo).tipo == GEOJSON
    else:
        assert "mais de 107 valores" in _recusa(conteudo)


def test_mapa_real_de_200_mil_pontos_e_aceito():
    assert _ler(hostis.geojson_de_pontos(190_000)).tipo == GEOJSON


def test_geojson_bom_continua_aceito():
    assert _ler(json.dumps(GEOJSON_BOM).encode()).tipo == GEOJSON


# --- KML ----------------------------------------------------------------------------------------


def _kml(corpo: str) -> bytes:
    return (
        f'<kml xmlns="http://www.opengis.net/kml/2.2"><Document>{corpo}</Document></kml>'.encode()
    )


def _coordenadas(texto: str) -> bytes:
    return _kml(
        f"<Placemark><LineString><coordinates>{texto}</coordinates></LineString></Placemark>"
    )


def test_kml_de_5_milhoes_de_elementos_para_no_limite():
    assert "mais de 200.000 elementos" in _recusa(hostis.kml_com_elementos(5_000_000))


@pytest.mark.parametrize(("elementos", "aceito"), [(8, True), (9, False)])
def test_limite_de_elementos_do_kml(monkeypatch, elementos, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_ELEMENTOS_XML", 10)  # kml, Document e os demais
    conteudo = _kml("<a/>" * elementos)

    if aceito:
        assert _ler(conteudo).tipo == KML
    else:
        assert "mais de 10 elementos" in _recusa(conteudo)


@pytest.mark.parametrize(("niveis", "aceito"), [(62, True), (63, False)])
def test_limite_de_niveis_do_kml(niveis, aceito):
    conteudo = _kml("<a>" * niveis + "</a>" * niveis)  # mais kml e Document

    if aceito:
        assert _ler(conteudo).tipo == KML
    else:
        assert "mais de 64 níveis" in _recusa(conteudo)


@pytest.mark.parametrize(
    ("texto", "trecho"),
    [
        ("-55.7,-12.5 1e999999,-12.5", "não são pares de números finitos"),
        ("-55.7,-12.5 -55.6,nan", "não são pares de números finitos"),
        ("-55.7,-12.5 -55.6", "não são pares de números finitos"),
        ("-55.7,-12.5 -55.6,abc", "não são pares de números finitos"),
        ("-55.7,-12.5 -55.6,-91", "fora da faixa (longitude -55.6, latitude -91)"),
        ("-181,-12.5,0", "fora da faixa"),
    ],
)
def test_kml_com_coordenada_invalida_e_recusado(texto, trecho):
    assert trecho in _recusa(_coordenadas(texto))


@pytest.mark.parametrize(
    "texto",
    [
        "-55.7,-12.5 -55.6,-12.5,300",
        "\n  -55.7,-12.5,0\n\t-55.6,-12.5,0\n",
        "-55.7, -12.5 -55.6 ,-12.5",
    ],
)
def test_kml_com_coordenadas_validas_e_aceito(texto):
    assert _ler(_coordenadas(texto)).tipo == KML


def test_kml_com_coordenadas_longas_lidas_em_pedacos_confere_ate_a_ultima():
    pontos = " ".join(f"-55.{i:06d},-12.{i:06d},0" for i in range(20_000))  # ~500 KB

    assert _ler(_coordenadas(pontos)).tipo == KML
    assert "fora da faixa" in _recusa(_coordenadas(pontos + " -55.1,-95"))


@pytest.mark.parametrize(("pontos", "aceito"), [(5, True), (6, False)])
def test_limite_de_numeros_do_kml(monkeypatch, pontos, aceito):
    monkeypatch.setattr(orcamento, "LIMITE_NUMEROS_KML", 10)
    conteudo = _coordenadas(" ".join(["-55.7,-12.5"] * pontos))

    if aceito:
        assert _ler(conteudo).tipo == KML
    else:
        assert "mais de 10 números" in _recusa(conteudo)
