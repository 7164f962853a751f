"""A fonte do carimbo visível das assinaturas, embutida no PDF. O carimbo padrão do pyHanko
usa a Courier sem embuti-la, e o PDF/A exige toda fonte embutida, inclusive nas aparências
das anotações: aqui a Liberation Sans do próprio projeto (documentos/fontes) entra como
TrueType simples (WinAnsi), só com os caracteres usados. A Liberation tem 2048 unidades por
em, e a disposição do texto do pyHanko conta em milésimos de em: o subconjunto é reescalado
para 1000 unidades, e as larguras declaradas no PDF são as do programa embutido."""

from functools import lru_cache
from io import BytesIO
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.font.api import FontEngine, FontEngineFactory, ShapeResult

ARQUIVO = Path(__file__).resolve().parent.parent / "fontes" / "LiberationSans-Regular.ttf"
UNIDADES = 1000
CODIFICACAO = "cp1252"  # a WinAnsiEncoding do PDF
_nome = generic.NameObject


def _subconjunto(dados: bytes, texto: str) -> TTFont:
    fonte = TTFont(BytesIO(dados))
    opcoes = subset.Options()
    opcoes.name_IDs = ["*"]
    opcoes.notdef_outline = True
    opcoes.layout_features = []  # sem substituições nem kerning: o texto é posto como está
    opcoes.drop_tables += ["FFTM"]
    subconjunto = subset.Subsetter(opcoes)
    subconjunto.populate(text=texto)
    subconjunto.subset(fonte)
    return fonte


@lru_cache(maxsize=1)
def _base() -> tuple[bytes, dict[int, int]]:
    """Os caracteres WinAnsi da fonte, já a 1000 unidades por em (uma vez por processo,
    ~0,4 s), e a largura de cada código: a de cada assinatura só corta os usados (~50 ms)."""
    texto = bytes(range(32, 256)).decode(CODIFICACAO, errors="ignore")
    fonte = _subconjunto(ARQUIVO.read_bytes(), texto)
    scale_upem(fonte, UNIDADES)
    mapa = fonte.getBestCmap()
    larguras = {}
    for codigo in range(32, 256):
        caractere = bytes([codigo]).decode(CODIFICACAO, errors="ignore")
        if caractere and ord(caractere) in mapa:
            larguras[codigo] = fonte["hmtx"][mapa[ord(caractere)]][0]
    saida = BytesIO()
    fonte.save(saida)
    return saida.getvalue(), larguras


def _codificar(texto: str) -> bytes:
    _, larguras = _base()
    return bytes(c if c in larguras else ord("?") for c in texto.encode(CODIFICACAO, "replace"))


class FonteEmbutida(FontEngine):
    def __init__(self, escritor, tamanho: int = 10):
        super().__init__(escritor, "LiberationSans", embedded_subset=True, font_size=tamanho)
        self._referencia = escritor.allocate_placeholder()
        self._usados: set[int] = set()
        self._pronta = False

    @property
    def uses_complex_positioning(self):
        return False

    def shape(self, txt: str) -> ShapeResult:
        codigos = _codificar(txt)
        self._usados.update(codigos)
        _, larguras = _base()
        avanco = sum(larguras[c] for c in codigos) / UNIDADES
        operadores = b"<" + codigos.hex().encode() + b"> Tj"
        return ShapeResult(graphics_ops=operadores, x_advance=avanco, y_advance=0)

    def _programa(self) -> tuple[bytes, dict[int, int], TTFont]:
        dados, todas = _base()
        usados = self._usados or {32}
        fonte = _subconjunto(dados, bytes(sorted(usados)).decode(CODIFICACAO))
        saida = BytesIO()
        fonte.save(saida)
        return saida.getvalue(), {c: todas[c] for c in usados}, fonte

    def prepare_write(self):
        if self._pronta:
            return
        programa, larguras, fonte = self._programa()
        primeiro, ultimo = min(larguras or {32: 0}), max(larguras or {32: 0})
        nome = f"/{self.subset_prefix}+LiberationSans"
        cabeca, hhea, os2 = fonte["head"], fonte["hhea"], fonte["OS/2"]
        arquivo = generic.StreamObject(
            {_nome("/Length1"): generic.NumberObject(len(programa))}, stream_data=programa
        )
        arquivo.compress()
        descritor = generic.DictionaryObject(
            {
                _nome("/Type"): _nome("/FontDescriptor"),
                _nome("/FontName"): _nome(nome),
                _nome("/Flags"): generic.NumberObject(32),  # não simbólica
                _nome("/FontBBox"): generic.ArrayObject(
                    generic.NumberObject(v)
                    for v in (cabeca.xMin, cabeca.yMin, cabeca.xMax, cabeca.yMax)
                ),
                _nome("/ItalicAngle"): generic.NumberObject(0),
                _nome("/Ascent"): generic.NumberObject(hhea.ascent),
                _nome("/Descent"): generic.NumberObject(hhea.descent),
                _nome("/CapHeight"): generic.NumberObject(getattr(os2, "sCapHeight", 700)),
                _nome("/StemV"): generic.NumberObject(80),
                _nome("/FontFile2"): self.writer.add_object(arquivo),
            }
        )
        dicionario = generic.DictionaryObject(
            {
                _nome("/Type"): _nome("/Font"),
                _nome("/Subtype"): _nome("/TrueType"),
                _nome("/BaseFont"): _nome(nome),
                _nome("/FirstChar"): generic.NumberObject(primeiro),
                _nome("/LastChar"): generic.NumberObject(ultimo),
                _nome("/Widths"): generic.ArrayObject(
                    generic.NumberObject(larguras.get(c, 0)) for c in range(primeiro, ultimo + 1)
                ),
                _nome("/Encoding"): _nome("/WinAnsiEncoding"),
                _nome("/FontDescriptor"): self.writer.add_object(descritor),
            }
        )
        self.writer.add_object(dicionario, idnum=self._referencia.idnum)
        self._pronta = True

    def as_resource(self):
        return self._referencia


class FabricaDaFonte(FontEngineFactory):
    def create_font_engine(self, writer, obj_stream=None) -> FonteEmbutida:
        return FonteEmbutida(writer)
