"""As regras do PDF/A-2 que se conferem objeto a objeto (ISO 19005-2, 6.2 a 6.9), percorrendo
todo objeto alcançável a partir do catálogo — páginas, recursos, formulários, aparências das
anotações, fontes de fontes Type 3. Nenhum fluxo de conteúdo é decodificado: só dicionários,
o que mantém a conferência barata mesmo numa cópia integral de milhares de páginas."""

from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject, StreamObject

# Anotação "imprimível e visível" (6.3.2): Print ligado; Invisible, Hidden, NoView desligados.
INVISIVEL, OCULTA, IMPRIMIR, SEM_VISTA = 1, 2, 4, 32
ANOTACOES_PROIBIDAS = {"/3D", "/Sound", "/Screen", "/Movie"}
# 6.5.1: ações que o PDF/A não admite (executam código, tocam mídia ou mudam o documento).
ACOES_PROIBIDAS = {
    "/JavaScript": "JavaScript",
    "/Launch": "abertura de programa (Launch)",
    "/Sound": "som (Sound)",
    "/Movie": "vídeo (Movie)",
    "/ResetForm": "limpeza de formulário (ResetForm)",
    "/ImportData": "importação de dados (ImportData)",
    "/Hide": "ocultação (Hide)",
    "/SetOCGState": "troca de camadas (SetOCGState)",
    "/Rendition": "mídia (Rendition)",
    "/Trans": "transição (Trans)",
    "/GoTo3DView": "vista 3D (GoTo3DView)",
}
ACOES_NOMEADAS = {"/NextPage", "/PrevPage", "/FirstPage", "/LastPage"}
MODOS_DE_MESCLA = {
    "/Normal", "/Compatible", "/Multiply", "/Screen", "/Overlay", "/Darken", "/Lighten",
    "/ColorDodge", "/ColorBurn", "/HardLight", "/SoftLight", "/Difference", "/Exclusion",
    "/Hue", "/Saturation", "/Color", "/Luminosity",
}  # fmt: skip
FONTES_SIMPLES = {"/Type1", "/MMType1", "/TrueType", "/CIDFontType0", "/CIDFontType2"}
# O espaço de cor do perfil da OutputIntent decide quais cores de dispositivo valem (6.2.4.3).
DISPOSITIVO_EXIGE = {"/DeviceRGB": "RGB", "/DeviceCMYK": "CMYK"}


def ler(d, chave: str, padrao=None):
    """`d[chave]` resolvido (o `get` do pypdf devolve a referência indireta crua)."""
    valor = d.get(chave, padrao)
    return valor.get_object() if isinstance(valor, IndirectObject) else valor


def verdadeiro(valor) -> bool:
    """Booleano do PDF: o BooleanObject do pypdf é sempre "verdadeiro" para o Python."""
    return bool(getattr(valor, "value", False)) if valor is not None else False


def _nome_fonte(fonte: DictionaryObject) -> str:
    return str(ler(fonte, "/BaseFont", "sem nome")).lstrip("/")


class Percurso:
    """Visita cada objeto uma vez e acumula as falhas (sem repetir a mesma mensagem)."""

    def __init__(self, cor_da_intencao: str | None):
        self.cor_da_intencao = cor_da_intencao
        self.falhas: dict[str, None] = {}

    def falha(self, mensagem: str) -> None:
        self.falhas.setdefault(mensagem, None)

    def percorrer(self, inicio) -> list[str]:
        pilha, vistos = [inicio], set()
        while pilha:
            objeto = pilha.pop()
            if isinstance(objeto, IndirectObject):
                chave = (objeto.idnum, objeto.generation)
                if chave in vistos:
                    continue
                vistos.add(chave)
                objeto = objeto.get_object()
            if isinstance(objeto, DictionaryObject):
                self.examinar(objeto)
                pilha.extend(objeto.values())
            elif isinstance(objeto, ArrayObject):
                pilha.extend(objeto)
        return list(self.falhas)

    def examinar(self, d: DictionaryObject) -> None:
        tipo, subtipo = ler(d, "/Type"), ler(d, "/Subtype")
        if tipo == "/Font" or (subtipo in FONTES_SIMPLES and "/BaseFont" in d):
            self._fonte(d)
        if tipo == "/Annot" or ("/Rect" in d and subtipo is not None and "/Kids" not in d):
            self._anotacao(d)
        if "/S" in d:
            self._acao(d)
        if "/JS" in d:
            self.falha("O documento contém JavaScript (/JS).")
        if "/AA" in d:
            self.falha("O documento contém ações automáticas (/AA), proibidas no PDF/A.")
        if tipo == "/EmbeddedFile" or "/EF" in d:
            self.falha("O documento contém arquivo embutido (/EmbeddedFile).")
        if tipo == "/ExtGState" or "/BM" in d or "/TR" in d:
            self._estado_grafico(d)
        if isinstance(d, StreamObject):
            self._fluxo(d)
        if "/ColorSpace" in d or "/CS" in d:
            self._espaco_de_cor(d)

    def _fonte(self, fonte: DictionaryObject) -> None:
        subtipo = ler(fonte, "/Subtype")
        if subtipo in ("/Type0", "/Type3"):
            # Type0: quem traz o programa é a descendente, visitada por si; Type3: os glifos
            # são fluxos de conteúdo do próprio documento.
            return
        descritor = ler(fonte, "/FontDescriptor")
        descritor = descritor.get_object() if descritor is not None else None
        if not isinstance(descritor, DictionaryObject) or not any(
            chave in descritor for chave in ("/FontFile", "/FontFile2", "/FontFile3")
        ):
            self.falha(f"A fonte {_nome_fonte(fonte)} não está embutida no arquivo.")

    def _anotacao(self, anotacao: DictionaryObject) -> None:
        subtipo = ler(anotacao, "/Subtype")
        if subtipo in ANOTACOES_PROIBIDAS:
            self.falha(f"O documento contém anotação do tipo {subtipo}, proibida no PDF/A.")
        if subtipo == "/Popup":
            return
        sinais = int(ler(anotacao, "/F", 0))
        if not sinais & IMPRIMIR:
            self.falha(f"Uma anotação {subtipo} não tem o sinal Print (sairia da impressão).")
        if sinais & (INVISIVEL | OCULTA | SEM_VISTA):
            self.falha(f"Uma anotação {subtipo} está marcada como oculta, invisível ou NoView.")
        retangulo = [float(v.get_object()) for v in ler(anotacao, "/Rect", ArrayObject())]
        tem_area = (
            len(retangulo) == 4 and retangulo[0] != retangulo[2] and retangulo[1] != retangulo[3]
        )
        aparencia = ler(anotacao, "/AP")
        if (
            subtipo != "/Link"
            and tem_area
            and (aparencia is None or "/N" not in aparencia.get_object())
        ):
            self.falha(f"Uma anotação {subtipo} não tem aparência normal (/AP /N).")

    def _acao(self, d: DictionaryObject) -> None:
        acao = ler(d, "/S")
        if ler(d, "/Type") not in (None, "/Action") or not isinstance(acao, NameObject):
            return
        if acao in ACOES_PROIBIDAS:
            self.falha(f"O documento contém ação de {ACOES_PROIBIDAS[acao]}, proibida no PDF/A.")
        elif acao == "/Named" and ler(d, "/N") not in ACOES_NOMEADAS:
            self.falha(f"O documento contém ação nomeada {d.get('/N')}, proibida no PDF/A.")

    def _estado_grafico(self, d: DictionaryObject) -> None:
        if "/TR" in d:
            self.falha("Um estado gráfico usa função de transferência (/TR), proibida no PDF/A.")
        if "/TR2" in d and d["/TR2"] != "/Default":
            self.falha("Um estado gráfico usa função de transferência (/TR2), proibida no PDF/A.")
        if "/HTP" in d:
            self.falha("Um estado gráfico usa /HTP, proibido no PDF/A.")
        modo = ler(d, "/BM")
        modos = list(modo) if isinstance(modo, ArrayObject) else [modo]
        for um in modos:
            if um is not None and um not in MODOS_DE_MESCLA:
                self.falha(f"Um estado gráfico usa o modo de mescla {um}, fora da ISO 32000-1.")

    def _fluxo(self, fluxo: StreamObject) -> None:
        if any(chave in fluxo for chave in ("/F", "/FFilter", "/FDecodeParms")):
            self.falha("Um fluxo aponta para dados fora do arquivo (/F), proibido no PDF/A.")
        filtro = ler(fluxo, "/Filter")
        filtros = list(filtro) if isinstance(filtro, ArrayObject) else [filtro]
        if "/LZWDecode" in filtros:
            self.falha("Um fluxo usa o filtro LZWDecode, proibido no PDF/A.")
        if "/Crypt" in filtros:
            self.falha("Um fluxo usa o filtro Crypt, proibido no PDF/A.")
        subtipo = ler(fluxo, "/Subtype")
        if subtipo == "/PS" or "/PS" in fluxo or ler(fluxo, "/Subtype2") == "/PS":
            self.falha("O documento contém PostScript embutido, proibido no PDF/A.")
        if subtipo == "/Form" and "/Ref" in fluxo:
            self.falha("O documento contém XObject de referência (/Ref), proibido no PDF/A.")
        if subtipo == "/Image":
            if verdadeiro(ler(fluxo, "/Interpolate")):
                self.falha("Uma imagem pede interpolação (/Interpolate), proibida no PDF/A.")
            if "/Alternates" in fluxo or "/OPI" in fluxo:
                self.falha("Uma imagem traz /Alternates ou /OPI, proibidos no PDF/A.")

    def _espaco_de_cor(self, d: DictionaryObject) -> None:
        for chave in ("/ColorSpace", "/CS"):
            valor = d.get(chave)
            if valor is None:
                continue
            valor = valor.get_object()
            nomes = list(valor.values()) if isinstance(valor, DictionaryObject) else [valor]
            for nome in nomes:
                nome = nome.get_object() if isinstance(nome, IndirectObject) else nome
                exigido = DISPOSITIVO_EXIGE.get(nome) if isinstance(nome, NameObject) else None
                if exigido and exigido != self.cor_da_intencao:
                    self.falha(
                        f"O documento usa {nome.lstrip('/')} sem perfil ICC, e o perfil da "
                        f"OutputIntent é {self.cor_da_intencao or 'ausente'}."
                    )
