"""O que a leitura de um arquivo enviado pode gastar, e a conta de quanto já gastou.

O tamanho do arquivo é limitado antes de o corpo da requisição ser lido
(emancipacao.limite_envio), mas um arquivo pequeno pode se desdobrar em muito mais ao ser
lido: o PDF de 2 MB cujos fluxos comprimidos se abrem em gigabytes, o KML com milhões de
elementos, o GeoJSON com milhões de números, o PNG que se declara gigante. Cada leitor conta
o que gasta enquanto lê e para no limite, com a mensagem que diz qual é. Os limites deixam
passar os documentos reais (um PDF de 5.001 páginas, uma foto de celular de 48 megapixels, o
mapa de um município) e mantêm a memória de um processo do servidor abaixo de 200 MB
qualquer que seja o arquivo dentro do limite de tamanho (medido em bench/arquivos.py).
"""

from documentos.arquivos.tipos import ArquivoRecusado
from requisitos.formatacao import inteiro

MB = 1024 * 1024

# --- PDF ---
# O total descomprimido dos fluxos lidos (o conteúdo das páginas e os fluxos de objetos): um
# PDF de 25 MB só de desenho vetorial (um mapa) se abre em ~100 MB; a folga é o dobro disso.
LIMITE_DESCOMPRIMIDO = 256 * MB
# Um fluxo de desenho ou texto se comprime de 3 a 10 vezes; 100 vezes é a "bomba de
# descompressão" (milhões de espaços em poucos KB). Só conta depois de PISO_DA_RAZAO
# descomprimidos: um arquivo pequeno, de razão alta, não pesa.
RAZAO_MAXIMA = 100
PISO_DA_RAZAO = 8 * MB
# Os fluxos de objetos (o índice do PDF, as páginas) ficam abertos na memória durante a
# leitura; num PDF real somam poucos MB.
LIMITE_OBJETOS = 32 * MB
# Objetos no índice do PDF (documentos.arquivos.indice_pdf): o pypdf monta e confere o
# índice inteiro ao abrir o arquivo (~20 µs e ~200 bytes por entrada). O PDF de 10.000
# páginas tem uns 30.000.
LIMITE_OBJETOS_PDF = 100_000
# O documento real mais longo que se conhece tem 5.001 páginas; cada página lida ocupa
# ~5 KB de memória e ~0,1 ms.
LIMITE_PAGINAS = 10_000

# --- imagens ---
# 50 megapixels cobrem as câmeras de celular (48 MP, 8.000 × 6.000) e impedem a imagem que
# se declara gigante e esgota a memória ao ser decodificada. Conferido antes de decodificar.
LIMITE_PIXELS = 50_000_000
# O JPEG progressivo não se decodifica em escala reduzida: o libjpeg guarda os coeficientes
# da imagem inteira (até 6 bytes por pixel). 12 megapixels são ~72 MB no pior caso; as fotos
# de câmera saem no JPEG comum, que vai até LIMITE_PIXELS.
LIMITE_PIXELS_PROGRESSIVO = 12_000_000

# --- GeoJSON e KML ---
# Valores do GeoJSON (números, listas e objetos): ~200 mil pontos, e o mapa de um município
# tem poucos milhares. Cada ponto lido ocupa ~140 bytes na memória até a geometria terminar.
LIMITE_VALORES_GEOJSON = 600_000
# Um GeoJSON real aninha uns 10 níveis (FeatureCollection → Feature → MultiPolygon ...).
LIMITE_ANINHAMENTO = 64
# Elementos do KML: cada ponto fica no texto de um só <coordinates>, e o mapa de um
# município tem poucas centenas de elementos.
LIMITE_ELEMENTOS_XML = 200_000
# Números nas coordenadas do KML (longitude, latitude e altitude de cada ponto).
LIMITE_NUMEROS_KML = 1_000_000


def em_mb(limite: int) -> str:
    return f"{inteiro(limite // MB)} MB"


class Descompressao:
    """A conta do que um PDF já descomprimiu; `gastar` recusa o arquivo no limite."""

    def __init__(self) -> None:
        self.comprimido = 0
        self.descomprimido = 0

    def gastar(self, *, comprimido: int, descomprimido: int) -> None:
        self.comprimido += comprimido
        self.descomprimido += descomprimido
        if self.descomprimido > LIMITE_DESCOMPRIMIDO:
            raise ArquivoRecusado(
                f"O PDF se abre em mais de {em_mb(LIMITE_DESCOMPRIMIDO)} de conteúdo "
                "descomprimido, o limite da conferência; divida o documento em partes."
            )
        if self.descomprimido > PISO_DA_RAZAO and self.descomprimido > RAZAO_MAXIMA * max(
            self.comprimido, 1
        ):
            raise ArquivoRecusado(
                f"O PDF tem conteúdo comprimido mais de {RAZAO_MAXIMA} vezes, o que um "
                "documento real não tem (é o formato de uma “bomba de descompressão”); gere "
                "o PDF de novo a partir do original."
            )


# --- mapas compactados (KMZ, shapefile em ZIP) ---
# O que se descomprime do ZIP: o KML ou o .shp de um município tem poucos MB; 64 MB são ~4
# milhões de pontos de shapefile. A razão de compressão segue a do PDF (RAZAO_MAXIMA).
LIMITE_MAPA_DESCOMPRIMIDO = 64 * MB
# Arquivos dentro do ZIP: um shapefile tem de 3 a 8 (.shp, .shx, .dbf, .prj, .cpg ...).
LIMITE_ARQUIVOS_ZIP = 100
# Pontos de um shapefile (cada um ocupa ~16 bytes no arquivo e ~50 na geometria): os mesmos
# ~200 mil pontos do GeoJSON.
LIMITE_PONTOS_SHAPEFILE = LIMITE_VALORES_GEOJSON // 3
