"""Os mapas em texto, GeoJSON e KML, lidos dentro do orçamento e com as coordenadas
conferidas: números finitos e, em graus, longitude de -180 a 180 e latitude de -90 a 90.

O GeoJSON é contado antes de ser lido (vírgulas, listas e objetos limitam quantos valores
ele tem) e lido pelo `json` com ganchos que recusam o número infinito e conferem cada
geometria assim que ela termina — as coordenadas conferidas não ficam na memória. O KML é
lido aos poucos, sem DTD nem entidades e sem montar a árvore: os elementos são contados e as
coordenadas conferidas à medida que o texto chega.
"""

import json
import math
from xml.etree.ElementTree import ParseError

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as XmlSeguro

from documentos.arquivos import orcamento
from documentos.arquivos.tipos import GEOJSON, KML, ArquivoRecusado, Conteudo
from requisitos.formatacao import inteiro

TIPOS_GEOJSON = frozenset(
    {
        "FeatureCollection",
        "Feature",
        "Point",
        "MultiPoint",
        "LineString",
        "MultiLineString",
        "Polygon",
        "MultiPolygon",
        "GeometryCollection",
    }
)
GEOMETRIAS_COM_COORDENADAS = TIPOS_GEOJSON - {"FeatureCollection", "Feature", "GeometryCollection"}
# Listas dentro de "coordinates": o ponto é 1, o MultiPolygon 4.
NIVEIS_DE_COORDENADAS = 4
# O GeoJSON anterior à RFC 7946 podia declarar outro sistema ("crs"), em metros (UTM, por
# exemplo); aí a faixa é a de um número em metros na Terra, folgada.
FAIXA_EM_METROS = 1e8
_CRS_EM_GRAUS = ("CRS84", "4326", "4674")


class _ConstanteProibida(ValueError):
    pass


def _recusar_constante(nome: str):
    raise _ConstanteProibida(nome)


def ler_geojson(arquivo) -> Conteudo:
    try:
        texto = arquivo.read().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _json_invalido() from exc
    # Todo valor depois do primeiro vem após uma vírgula ou abre uma lista ou um objeto.
    if texto.count(",") + texto.count("[") + texto.count("{") >= orcamento.LIMITE_VALORES_GEOJSON:
        raise ArquivoRecusado(
            f"O GeoJSON tem mais de {inteiro(orcamento.LIMITE_VALORES_GEOJSON)} valores "
            "(números das coordenadas, listas e objetos), o limite da conferência; simplifique "
            "a geometria ou divida o mapa em partes."
        )
    leitura = _LeituraGeojson()
    dados = leitura.ler(texto)
    del texto
    if _profundidade(dados) > orcamento.LIMITE_ANINHAMENTO:
        raise _aninhado()
    if not isinstance(dados, dict) or dados.get("type") not in TIPOS_GEOJSON:
        raise ArquivoRecusado(
            "O arquivo é um JSON, mas não um GeoJSON: falta o “type” (FeatureCollection, "
            "Feature ou uma geometria)."
        )
    leitura.conferir_faixa(em_metros=_em_metros(dados.get("crs")))
    return Conteudo(GEOJSON, None)


class _LeituraGeojson:
    """Os ganchos do `json.loads`: cada número é conferido ao ser lido, cada geometria ao
    terminar (a maior coordenada e a primeira fora da faixa em graus ficam anotadas, pois o
    "crs" que decide a faixa pode vir depois)."""

    def __init__(self) -> None:
        self.maior = 0.0
        self.fora_da_faixa: tuple[float, float] | None = None

    def ler(self, texto: str):
        try:
            return json.loads(
                texto,
                parse_constant=_recusar_constante,
                parse_float=self.numero,
                parse_int=self.numero,
                object_pairs_hook=self.objeto,
            )
        except RecursionError as exc:
            raise _aninhado() from exc
        except _ConstanteProibida as exc:
            raise ArquivoRecusado(
                f"O GeoJSON contém o valor {exc}, que não existe em JSON (RFC 8259); corrija "
                "as coordenadas e envie de novo."
            ) from exc
        except ArquivoRecusado:
            raise
        except ValueError as exc:
            raise _json_invalido() from exc

    @staticmethod
    def numero(literal: str) -> float:
        valor = float(literal)
        if not math.isfinite(valor):
            raise ArquivoRecusado(
                f"O GeoJSON contém o número {_trecho(literal)}, grande demais para ser uma "
                "coordenada (não é um número finito); corrija o arquivo e envie de novo."
            )
        return valor

    def objeto(self, pares: list) -> dict:
        dados = dict(pares)
        if dados.get("type") in GEOMETRIAS_COM_COORDENADAS and "coordinates" in dados:
            self._conferir_coordenadas(dados["coordinates"])
            dados["coordinates"] = []  # conferidas: não precisam ficar na memória
        return dados

    def _conferir_coordenadas(self, coordenadas) -> None:
        pilha = [(coordenadas, 1)]
        while pilha:
            valor, nivel = pilha.pop()
            if not isinstance(valor, list) or nivel > NIVEIS_DE_COORDENADAS:
                raise _coordenadas_malformadas()
            if valor and all(isinstance(v, float) for v in valor):
                if len(valor) < 2:
                    raise _coordenadas_malformadas()
                self._anotar(valor[0], valor[1])
            else:
                pilha.extend((filho, nivel + 1) for filho in valor)

    def _anotar(self, longitude: float, latitude: float) -> None:
        self.maior = max(self.maior, abs(longitude), abs(latitude))
        if self.fora_da_faixa is None and not _em_graus(longitude, latitude):
            self.fora_da_faixa = (longitude, latitude)

    def conferir_faixa(self, *, em_metros: bool) -> None:
        if em_metros and self.maior > FAIXA_EM_METROS:
            raise ArquivoRecusado(
                f"O GeoJSON tem uma coordenada fora da faixa ({self.maior:g}); confira o "
                "sistema de coordenadas e exporte o mapa de novo."
            )
        if not em_metros and self.fora_da_faixa is not None:
            raise _fora_da_faixa("O GeoJSON", *self.fora_da_faixa)


def _em_metros(crs) -> bool:
    """O "crs" declara um sistema que não é em graus (longitude e latitude)."""
    if not isinstance(crs, dict):
        return False
    nome = str((crs.get("properties") or {}).get("name", ""))
    return not nome.upper().endswith(_CRS_EM_GRAUS)


def _em_graus(longitude: float, latitude: float) -> bool:
    return -180 <= longitude <= 180 and -90 <= latitude <= 90


def _profundidade(valor) -> int:
    """Níveis de listas e objetos, sem recursão (o próprio valor pode ser hostil)."""
    maior, pilha = 0, [(valor, 1)]
    while pilha:
        atual, nivel = pilha.pop()
        if isinstance(atual, dict):
            filhos = atual.values()
        elif isinstance(atual, list):
            filhos = atual
        else:
            continue
        maior = max(maior, nivel)
        if maior > orcamento.LIMITE_ANINHAMENTO:
            break
        pilha.extend((filho, nivel + 1) for filho in filhos)
    return maior


def _aninhado() -> ArquivoRecusado:
    return ArquivoRecusado(
        f"O GeoJSON tem mais de {orcamento.LIMITE_ANINHAMENTO} níveis de aninhamento; não é "
        "um GeoJSON válido."
    )


def _json_invalido() -> ArquivoRecusado:
    return ArquivoRecusado(
        "O arquivo não é um JSON válido (nem UTF-8 bem formado); exporte o GeoJSON de novo."
    )


def _coordenadas_malformadas() -> ArquivoRecusado:
    return ArquivoRecusado(
        "O GeoJSON tem uma geometria com “coordinates” malformado (cada ponto é uma lista de "
        "dois ou três números); exporte o mapa de novo."
    )


def _fora_da_faixa(quem: str, longitude: float, latitude: float) -> ArquivoRecusado:
    return ArquivoRecusado(
        f"{quem} tem uma coordenada fora da faixa (longitude {longitude:g}, latitude "
        f"{latitude:g}): a longitude vai de -180 a 180 e a latitude de -90 a 90. Confira o "
        "sistema de coordenadas e exporte o mapa de novo."
    )


def _trecho(texto: str, tamanho: int = 30) -> str:
    return texto if len(texto) <= tamanho else texto[:tamanho] + "…"


# --- KML ---------------------------------------------------------------------------------------

BLOCO_XML = 64 * 1024
# Um número de coordenada tem poucas dezenas de caracteres; um "número" sem espaço que passe
# disto não é uma coordenada.
MAIOR_TRECHO = 1024 * 1024


def ler_kml(arquivo) -> Conteudo:
    # DTD proibida: sem ela não há entidades externas (XXE) nem a "bomba" de entidades. Sem
    # árvore: o leitor recebe cada elemento e cada trecho de texto, e não guarda nada.
    leitor = XmlSeguro.DefusedXMLParser(target=_LeituraKml(), forbid_dtd=True)
    try:
        while bloco := arquivo.read(BLOCO_XML):
            leitor.feed(bloco)
        leitor.close()
    except ArquivoRecusado:
        raise
    except DefusedXmlException as exc:
        raise ArquivoRecusado(
            "O KML traz uma declaração DTD ou entidades (<!DOCTYPE>, <!ENTITY>), recusadas "
            "por segurança; exporte o KML de novo, sem elas."
        ) from exc
    except (ParseError, ValueError) as exc:
        raise ArquivoRecusado("O arquivo XML está malformado; não é um KML válido.") from exc
    return Conteudo(KML, None)


class _LeituraKml:
    """O alvo do leitor de XML: conta elementos e profundidade e confere as coordenadas
    ("lon,lat[,alt] lon,lat[,alt] ...") à medida que o texto chega, em pedaços."""

    def __init__(self) -> None:
        self.elementos = 0
        self.profundidade = 0
        self.numeros = 0
        self.em_coordenadas = False
        self.resto = ""  # o começo de um número cortado entre dois pedaços de texto
        self.ponto: list[str] = []
        self.ponto_continua = False  # o último trecho terminou em vírgula

    def start(self, tag, _atributos) -> None:
        if not self.elementos and _nome(tag) != "kml":
            raise ArquivoRecusado("O arquivo é um XML, mas não um KML (a raiz não é <kml>).")
        self.elementos += 1
        self.profundidade += 1
        if self.elementos > orcamento.LIMITE_ELEMENTOS_XML:
            raise ArquivoRecusado(
                f"O KML tem mais de {inteiro(orcamento.LIMITE_ELEMENTOS_XML)} elementos, o "
                "limite da conferência; simplifique o mapa ou divida-o em partes."
            )
        if self.profundidade > orcamento.LIMITE_ANINHAMENTO:
            raise ArquivoRecusado(
                f"O KML tem mais de {orcamento.LIMITE_ANINHAMENTO} níveis de elementos, uns "
                "dentro dos outros; não é um KML válido."
            )
        self.em_coordenadas = _nome(tag) == "coordinates"

    def end(self, _tag) -> None:
        self.profundidade -= 1
        if self.em_coordenadas:
            self._trechos(self.resto.split())
            self.resto = ""
            self._fechar_ponto()
        self.em_coordenadas = False

    def data(self, texto: str) -> None:
        if not self.em_coordenadas:
            return
        texto = self.resto + texto
        if texto[-1:].isspace():
            self._trechos(texto.split())
            self.resto = ""
            return
        partes = texto.rsplit(None, 1)
        self.resto = partes[-1]
        if len(self.resto) > MAIOR_TRECHO:
            raise _coordenada_invalida(self.resto)
        self._trechos(partes[0].split() if len(partes) == 2 else [])

    def close(self) -> None:
        return None

    def _trechos(self, trechos: list[str]) -> None:
        """Um ponto são números separados por vírgula; os pontos, por espaço. A vírgula com
        espaço em volta ("-55.7, -12.5"), que alguns programas escrevem, não separa pontos."""
        for trecho in trechos:
            if self.ponto and not self.ponto_continua and not trecho.startswith(","):
                self._fechar_ponto()
            partes = [p for p in trecho.split(",") if p]
            self.ponto.extend(partes)
            self.numeros += len(partes)
            if self.numeros > orcamento.LIMITE_NUMEROS_KML:
                raise ArquivoRecusado(
                    f"O KML tem mais de {inteiro(orcamento.LIMITE_NUMEROS_KML)} números nas "
                    "coordenadas, o limite da conferência; simplifique a geometria ou divida "
                    "o mapa em partes."
                )
            self.ponto_continua = trecho.endswith(",")

    def _fechar_ponto(self) -> None:
        if not self.ponto:
            return
        try:
            valores = [float(p) for p in self.ponto]
        except ValueError:
            valores = []
        if len(valores) < 2 or not all(math.isfinite(v) for v in valores):
            raise _coordenada_invalida(",".join(self.ponto))
        if not _em_graus(valores[0], valores[1]):
            raise _fora_da_faixa("O KML", valores[0], valores[1])
        self.ponto, self.ponto_continua = [], False


def _coordenada_invalida(trecho: str) -> ArquivoRecusado:
    return ArquivoRecusado(
        f"O KML tem coordenadas que não são pares de números finitos (“{_trecho(trecho)}”); "
        "exporte o mapa de novo."
    )


def _nome(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""
