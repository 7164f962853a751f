"""Arquivos hostis, pequenos no disco e enormes ao serem lidos, escritos à mão byte a byte
(um gerador de PDF ou de imagem de verdade não os produziria): para os testes da conferência
e para as medições de memória em bench/arquivos.py."""

import functools
import struct
import zlib

MB = 1_000_000


@functools.cache
def espacos_comprimidos(megabytes: int) -> bytes:
    """`megabytes` milhões de espaços no zlib: ~1 KB por MB."""
    return zlib.compress(b" " * (megabytes * MB), 9)


def pdf_com_conteudos(conteudos: list[bytes], *, filtro: str = "/FlateDecode", contagem=None):
    """Um PDF com uma página por fluxo de conteúdo (já comprimido com `filtro`), com a
    tabela de objetos comum. `contagem` é o /Count declarado, se diferente do real."""
    paginas = len(conteudos)
    filhos = " ".join(f"{3 + 2 * i} 0 R" for i in range(paginas))
    objetos = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{filhos}] /Count {contagem or paginas} >>".encode(),
    ]
    for i, dados in enumerate(conteudos):
        pagina = f"/Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {4 + 2 * i} 0 R"
        objetos.append(f"<< {pagina} >>".encode())
        dicionario = (
            f"<< /Length {len(dados)} /Filter {filtro} >>"
            if filtro
            else (f"<< /Length {len(dados)} >>")
        )
        objetos.append(dicionario.encode() + b"\nstream\n" + dados + b"\nendstream")
    return _pdf(objetos)


def pdf_bomba(paginas: int = 30, megabytes: int = 74) -> bytes:
    """O PDF da reprodução: cada página um fluxo Flate de ~72 KB que se abre em 74 MB de
    espaços (30 páginas: 2,2 MB no disco, 2,2 GB descomprimido)."""
    return pdf_com_conteudos([espacos_comprimidos(megabytes)] * paginas)


def pdf_com_indice_comprimido(megabytes: int) -> bytes:
    """PDF 1.5 cujas páginas estão num fluxo de objetos (/ObjStm) que, além delas, se abre
    em `megabytes` milhões de espaços; a tabela de objetos é um fluxo /XRef."""
    corpos = [
        b"<< /Type /Catalog /Pages 3 0 R >>",
        b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>",
    ]
    cabecalho, deslocamento = b"", 0
    for numero, corpo in zip((2, 3, 4), corpos, strict=True):
        cabecalho += f"{numero} {deslocamento} ".encode()
        deslocamento += len(corpo) + 1
    dados = cabecalho + b"\n".join(corpos) + b"\n" + b" " * (megabytes * MB)
    comprimido = zlib.compress(dados, 9)
    fluxo = (
        (
            f"<< /Type /ObjStm /N 3 /First {len(cabecalho)} /Length {len(comprimido)} "
            "/Filter /FlateDecode >>\nstream\n"
        ).encode()
        + comprimido
        + b"\nendstream"
    )
    saida = bytearray(b"%PDF-1.5\n")
    posicao_fluxo = len(saida)
    saida += b"1 0 obj\n" + fluxo + b"\nendobj\n"
    posicao_indice = len(saida)
    linhas = [(0, 0, 65535), (1, posicao_fluxo, 0), (2, 1, 0), (2, 1, 1), (2, 1, 2)]
    linhas.append((1, posicao_indice, 0))
    tabela = b"".join(struct.pack(">BIH", *linha) for linha in linhas)
    saida += (
        (
            f"5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 2 0 R /Length {len(tabela)} >>\n"
            "stream\n"
        ).encode()
        + tabela
        + b"\nendstream\nendobj\n"
    )
    saida += f"startxref\n{posicao_indice}\n%%EOF\n".encode()
    return bytes(saida)


def pdf_de_indice_gigante(entradas: int, *, comprimido: bool = False) -> bytes:
    """Dois objetos e um índice de `entradas` entradas que apontam todas para o primeiro:
    24 MB de tabela em texto, ou poucos KB de índice comprimido (/XRef)."""
    corpo = bytearray(b"%PDF-1.7\n")
    posicoes = []
    for numero, objeto in enumerate(
        (b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"), 1
    ):
        posicoes.append(len(corpo))
        corpo += f"{numero} 0 obj\n".encode() + objeto + b"\nendobj\n"
    indice = len(corpo)
    if comprimido:
        linhas = [(0, 0, 65535), (1, posicoes[0], 0), (1, posicoes[1], 0)]
        linhas += [(1, posicoes[0], 0)] * (entradas - 3)
        tabela = zlib.compress(b"".join(struct.pack(">BIH", *linha) for linha in linhas), 9)
        corpo += (
            (
                f"3 0 obj\n<< /Type /XRef /Size {entradas} /W [1 4 2] /Root 1 0 R "
                f"/Length {len(tabela)} /Filter /FlateDecode >>\nstream\n"
            ).encode()
            + tabela
            + b"\nendstream\nendobj\n"
        )
    else:
        linhas = [b"0000000000 65535 f \n"] + [f"{p:010d} 00000 n \n".encode() for p in posicoes]
        linhas += [f"{posicoes[0]:010d} 00000 n \n".encode()] * (entradas - 3)
        corpo += f"xref\n0 {entradas}\n".encode() + b"".join(linhas)
        corpo += f"trailer\n<< /Size {entradas} /Root 1 0 R >>\n".encode()
    corpo += f"startxref\n{indice}\n%%EOF\n".encode()
    return bytes(corpo)


def _pdf(objetos: list[bytes]) -> bytes:
    saida = bytearray(b"%PDF-1.7\n")
    posicoes = []
    for numero, objeto in enumerate(objetos, 1):
        posicoes.append(len(saida))
        saida += f"{numero} 0 obj\n".encode() + objeto + b"\nendobj\n"
    tabela = len(saida)
    saida += f"xref\n0 {len(objetos) + 1}\n0000000000 65535 f \n".encode()
    saida += b"".join(f"{p:010d} 00000 n \n".encode() for p in posicoes)
    saida += (
        f"trailer\n<< /Size {len(objetos) + 1} /Root 1 0 R >>\nstartxref\n{tabela}\n%%EOF\n"
    ).encode()
    return bytes(saida)


# --- imagens ------------------------------------------------------------------------------------


def png(largura: int, altura: int, dados: bytes, *, cor: int = 2, bits: int = 8, entrelacado=0):
    """Um PNG com o cabeçalho declarado e `dados` (já comprimidos) num só IDAT."""

    def pedaco(tipo: bytes, conteudo: bytes) -> bytes:
        crc = zlib.crc32(tipo + conteudo) & 0xFFFFFFFF
        return struct.pack(">I", len(conteudo)) + tipo + conteudo + struct.pack(">I", crc)

    cabecalho = struct.pack(">IIBBBBB", largura, altura, bits, cor, 0, 0, entrelacado)
    return (
        b"\x89PNG\r\n\x1a\n"
        + pedaco(b"IHDR", cabecalho)
        + pedaco(b"IDAT", dados)
        + pedaco(b"IEND", b"")
    )


def png_que_infla(megabytes: int) -> bytes:
    """Declara 100 × 100 pixels (30 KB de dados) e traz um IDAT que se abre em `megabytes`."""
    return png(100, 100, espacos_comprimidos(megabytes))


# --- mapas --------------------------------------------------------------------------------------


def kml_com_elementos(quantos: int) -> bytes:
    """A reprodução: 5 milhões de elementos vazios são 20 MB."""
    return (
        b'<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>'
        + b"<a/>" * quantos
        + b"</Document></kml>"
    )


def geojson_de_listas(quantas: int) -> bytes:
    """Listas vazias: nenhum número, e cada uma vira um objeto na memória."""
    return b'{"type": "GeometryCollection", "geometries": [], "x": [' + b"[]," * quantas + b"[]]}"


def _pontos_em_mato_grosso(quantos: int):
    return ((-56 + (i % 1000) / 1000, -15 + (i // 1000) / 1000) for i in range(quantos))


def geojson_de_pontos(quantos: int) -> bytes:
    """Um polígono legítimo, em Mato Grosso, com `quantos` pontos."""
    pontos = ",".join(f"[{x:.6f},{y:.6f}]" for x, y in _pontos_em_mato_grosso(quantos))
    return (
        '{"type": "Feature", "properties": {"nome": "Nova Fronteira"}, "geometry": '
        f'{{"type": "Polygon", "coordinates": [[{pontos}]]}}}}'
    ).encode()


def kml_de_pontos(quantos: int) -> bytes:
    """Uma linha legítima, em Mato Grosso, com `quantos` pontos num só <coordinates>."""
    pontos = " ".join(f"{x:.6f},{y:.6f},0" for x, y in _pontos_em_mato_grosso(quantos))
    return (
        '<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><LineString>'
        f"<coordinates>{pontos}</coordinates></LineString></Placemark></Document></kml>"
    ).encode()
