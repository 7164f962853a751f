"""A imagem lida por inteiro sem ficar inteira na memória.

Decodificada pelo Pillow, uma foto de 48 megapixels ocupa ~200 MB (4 bytes por pixel). O
JPEG é decodificado em 1/8 da escala (o libjpeg lê todos os dados comprimidos, mas monta só
1/64 dos pixels), e o progressivo, que não se reduz, tem limite menor; do PNG, o Pillow lê
só o cabeçalho, e os dados (IDAT) são descomprimidos aqui em blocos, conferidos o CRC de
cada pedaço e o total que o cabeçalho promete.
"""

import math
import struct
import zlib
from contextlib import contextmanager

from PIL import Image

from documentos.arquivos import orcamento
from documentos.arquivos.tipos import JPEG, PNG, ArquivoRecusado, Conteudo

BLOCO = 1024 * 1024
ASSINATURA_PNG = b"\x89PNG\r\n\x1a\n"
# Canais por tipo de cor do PNG (cinza, RGB, paleta, cinza com alfa, RGBA).
CANAIS_PNG = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
# As sete passadas do entrelaçamento Adam7: início e passo em x e em y.
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2))
ADAM7 += ((0, 1, 1, 2),)


def ler_jpeg(arquivo) -> Conteudo:
    with _corrompida_se_falhar("JPEG"):
        with _aberta(arquivo, "JPEG") as imagem:
            largura, altura = imagem.size
            if (
                imagem.info.get("progressive")
                and largura * altura > orcamento.LIMITE_PIXELS_PROGRESSIVO
            ):
                raise _progressivo_grande(largura, altura)
            imagem.verify()
        # verify() quase não confere o JPEG: reabre e decodifica tudo, em 1/8 da escala.
        arquivo.seek(0)
        with _aberta(arquivo, "JPEG") as imagem:
            imagem.draft("RGB", (1, 1))
            imagem.load()
    return Conteudo(JPEG, None)


def _progressivo_grande(largura: int, altura: int) -> ArquivoRecusado:
    megapixels = orcamento.LIMITE_PIXELS_PROGRESSIVO // 1_000_000
    return ArquivoRecusado(
        f"A imagem JPEG progressiva é grande demais ({largura} × {altura} pixels): nesse "
        f"formato o limite é de {megapixels} megapixels. Salve a foto como JPEG comum (não "
        "progressivo) ou reduza a resolução."
    )


def ler_png(arquivo) -> Conteudo:
    with _corrompida_se_falhar("PNG"):
        with _aberta(arquivo, "PNG"):
            pass
        arquivo.seek(0)
        _conferir_dados_png(arquivo)
    return Conteudo(PNG, None)


@contextmanager
def _aberta(arquivo, formato: str):
    """A imagem aberta pelo Pillow (só o cabeçalho), recusada se passa de LIMITE_PIXELS."""
    with Image.open(arquivo, formats=[formato]) as imagem:
        largura, altura = imagem.size
        if largura * altura > orcamento.LIMITE_PIXELS:
            raise imagem_grande(largura, altura)
        yield imagem


@contextmanager
def _corrompida_se_falhar(formato: str):
    try:
        yield
    except ArquivoRecusado:
        raise
    except Image.DecompressionBombError as exc:
        raise imagem_grande() from exc
    except Exception as exc:  # o Pillow levanta OSError, SyntaxError, ValueError ...
        raise ArquivoRecusado(
            f"A imagem {formato} está corrompida ou incompleta; envie o arquivo original."
        ) from exc


def imagem_grande(largura: int | None = None, altura: int | None = None) -> ArquivoRecusado:
    medidas = f" ({largura} × {altura} pixels)" if largura else ""
    megapixels = orcamento.LIMITE_PIXELS // 1_000_000
    return ArquivoRecusado(
        f"A imagem é grande demais{medidas}: o limite é de {megapixels} megapixels. Reduza "
        "a resolução e envie de novo."
    )


def _conferir_dados_png(arquivo) -> None:
    """Percorre os pedaços do PNG até o IEND: CRC de cada um, e os IDAT descomprimidos em
    blocos têm de dar exatamente os bytes que largura, altura e cores do IHDR pedem."""
    if arquivo.read(8) != ASSINATURA_PNG:
        raise ValueError("assinatura")
    esperado, produzido = None, 0
    descompressor = zlib.decompressobj()
    while True:
        tamanho, tipo = struct.unpack(">I4s", _ler(arquivo, 8))
        crc, dados = zlib.crc32(tipo), b""
        for bloco in _blocos(arquivo, tamanho):
            crc = zlib.crc32(bloco, crc)
            if tipo == b"IHDR":
                dados += bloco
            elif tipo == b"IDAT":
                if esperado is None:
                    raise ValueError("IDAT antes do IHDR")
                produzido += _inflar(descompressor, bloco, esperado - produzido)
        if struct.unpack(">I", _ler(arquivo, 4))[0] != crc:
            raise ValueError(f"CRC do pedaço {tipo!r}")
        if tipo == b"IHDR":
            esperado = _bytes_esperados(dados)
        if tipo == b"IEND":
            break
    if not descompressor.eof or produzido != esperado:
        raise ValueError("dados incompletos")


def _ler(arquivo, quantos: int) -> bytes:
    lido = arquivo.read(quantos)
    if len(lido) != quantos:
        raise ValueError("fim do arquivo")
    return lido


def _blocos(arquivo, tamanho: int):
    while tamanho:
        bloco = _ler(arquivo, min(tamanho, BLOCO))
        tamanho -= len(bloco)
        yield bloco


def _inflar(descompressor, dados: bytes, restante: int) -> int:
    """Os bytes descomprimidos de um pedaço IDAT; além de `restante`, é recusado."""
    produzido = 0
    while not descompressor.eof:
        saida = descompressor.decompress(dados, BLOCO)
        produzido += len(saida)
        if produzido > restante:
            raise ValueError("mais dados que o cabeçalho declara")
        dados = descompressor.unconsumed_tail
        if not dados and len(saida) < BLOCO:
            break
    return produzido


def _bytes_esperados(ihdr: bytes) -> int:
    """Linhas × (1 byte de filtro + bytes da linha), em cada passada se entrelaçado."""
    largura, altura, bits, cor, _, _, entrelacado = struct.unpack(">IIBBBBB", ihdr)
    bits_por_pixel = bits * CANAIS_PNG[cor]
    if not entrelacado:
        return altura * (1 + math.ceil(largura * bits_por_pixel / 8))
    total = 0
    for x0, y0, dx, dy in ADAM7:
        colunas = math.ceil((largura - x0) / dx) if largura > x0 else 0
        linhas = math.ceil((altura - y0) / dy) if altura > y0 else 0
        if colunas and linhas:
            total += linhas * (1 + math.ceil(colunas * bits_por_pixel / 8))
    return total
