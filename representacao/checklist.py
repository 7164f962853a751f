"""A lista de documentos que instruem a representação, por tipo de processo (Art. 15).

Tabela pura, sem Django: cada item diz o que é, em que artigo se funda, que tipos de arquivo
aceita (conferidos pelo conteúdo, em `documentos.arquivos`) e se é obrigatório para
receber a representação na CRT (Art. 16).

O Art. 15 só enumera os documentos da criação; para os demais tipos a lista é o que a lei
exige de cada um (o que faz sentido para cada tipo), com a decisão escrita junto ao tipo.
"""

from dataclasses import dataclass

# Tipos de conteúdo (MIME), decididos pelo conteúdo do arquivo, nunca pela extensão.
from documentos.arquivos.tipos import GEOJSON, JPEG, KML, KMZ, PDF, PNG, SHAPEFILE

NOMES_DOS_TIPOS = {
    PDF: "PDF",
    JPEG: "JPEG",
    PNG: "PNG",
    GEOJSON: "GeoJSON",
    KML: "KML",
    KMZ: "KMZ",
    SHAPEFILE: "Shapefile (ZIP)",
}
EXTENSOES = {
    PDF: "pdf",
    JPEG: "jpg",
    PNG: "png",
    GEOJSON: "geojson",
    KML: "kml",
    KMZ: "kmz",
    SHAPEFILE: "zip",
}

# O que o seletor de arquivo do navegador oferece (atributo `accept`); só uma conveniência.
FILTROS_DO_NAVEGADOR = {
    PDF: ".pdf,application/pdf",
    JPEG: ".jpg,.jpeg,image/jpeg",
    PNG: ".png,image/png",
    GEOJSON: ".geojson,.json,application/geo+json",
    KML: ".kml,application/vnd.google-earth.kml+xml",
    KMZ: ".kmz,application/vnd.google-earth.kmz",
    SHAPEFILE: ".zip,application/zip",
}

SO_PDF = (PDF,)
MAPAS = (PDF, JPEG, PNG, GEOJSON, KML, KMZ, SHAPEFILE)
FOTOGRAFIAS = (JPEG, PNG, PDF)


@dataclass(frozen=True)
class ItemChecklist:
    codigo: str
    rotulo: str
    fundamento: str
    aceitos: tuple[str, ...] = SO_PDF
    obrigatorio: bool = True

    @property
    def rotulo_completo(self) -> str:
        """Como a falta é dita ao usuário: "Justificativa socioeconômica (Art. 15, IV)"."""
        return f"{self.rotulo} ({self.fundamento})"

    @property
    def nomes_aceitos(self) -> str:
        return ", ".join(NOMES_DOS_TIPOS[t] for t in self.aceitos)


# Um código tem sempre o mesmo rótulo, em qualquer tipo (é o `get_item_display()` do
# documento); o fundamento pode variar com o tipo.
ROTULOS = {
    "requerimento": "Requerimento com as assinaturas dos eleitores",
    "mapa_territorio": "Mapa e memorial descritivo do território do novo município",
    "mapa_origem": "Mapa e memorial descritivo dos municípios de origem",
    "mapa_envolvidos": "Mapa e memorial descritivo dos municípios envolvidos",
    "mapa_municipio": "Mapa e memorial descritivo do município",
    "justificativa": "Justificativa socioeconômica",
    "fotografias": "Fotografias do centro urbano (indústria, comércio, agropecuária)",
    "comprovacao_sede": "Fotografias ou laudo técnico da inundação ou destruição da sede",
    "representacao_prefeito": "Representação do Prefeito",
    "ata_camara": "Ata da sessão da Câmara Municipal que aprovou a alteração por 2/3",
    "certidao_ibge": "Certidão do IBGE sobre topônimos correlatos",
}


def _item(codigo: str, fundamento: str, aceitos=SO_PDF, obrigatorio=True) -> ItemChecklist:
    return ItemChecklist(codigo, ROTULOS[codigo], fundamento, aceitos, obrigatorio)


# Art. 15, I a V. Decision: a revisão de limites (Art. 8º) segue a mesma lista da criação —
# a área que muda de município é descrita como o território novo (II) e os municípios que a
# perdem como os de origem (III).
_CRIACAO = (
    _item("requerimento", "Art. 15, I"),
    _item("mapa_territorio", "Art. 15, II", MAPAS),
    _item("mapa_origem", "Art. 15, III", MAPAS),
    _item("justificativa", "Art. 15, IV"),
    _item("fotografias", "Art. 15, V", FOTOGRAFIAS),
)

# Decision: na fusão e na incorporação (Art. 1º e 4º) não há território novo a desenhar
# nem centro urbano novo a fotografar — os municípios já existem; ficam o requerimento dos
# eleitores (Art. 13), um mapa e memorial dos municípios envolvidos (Art. 15, II e III) e a
# justificativa (Art. 15, IV).
_FUSAO = (
    _item("requerimento", "Art. 13 e Art. 15, I"),
    _item("mapa_envolvidos", "Art. 15, II e III", MAPAS),
    _item("justificativa", "Art. 15, IV"),
)

# Decision: na extinção (Art. 10) o requerimento é sempre exigido (no fundamento III é a
# própria prova da maioria absoluta; nos demais, o pedido que abre o processo); as fotografias
# ou o laudo da sede inundada ou destruída são opcionais nesta tabela e passam a obrigatórios
# quando o fundamento registrado é o II (`EXIGIDOS_POR_FUNDAMENTO`, lido com os dados da
# representação em `documentos.checklist_do_processo`).
_EXTINCAO = (
    _item("requerimento", "Art. 15, I; Art. 10, III"),
    _item("mapa_municipio", "Art. 15, II", MAPAS),
    _item("justificativa", "Art. 15, IV"),
    _item("comprovacao_sede", "Art. 10, II", FOTOGRAFIAS, obrigatorio=False),
)

# Decision: na alteração de nome não há assinaturas nem mapa; a representação é do Prefeito,
# com a aprovação da Câmara por 2/3 (Art. 6º, § 2º) provada pela ata, e a certidão do IBGE
# mostra que o novo nome não repete topônimo de outro município (Art. 6º, § 1º).
_ALTERACAO_NOME = (
    _item("representacao_prefeito", "Art. 6º, § 2º"),
    _item("ata_camara", "Art. 6º, § 2º"),
    _item("certidao_ibge", "Art. 6º, § 1º"),
)

# Art. 10, II: a inundação ou a destruição da sede se prova nos autos — com esse fundamento,
# o item deixa de ser opcional; nos fundamentos I e III, não é exigido.
EXIGIDOS_POR_FUNDAMENTO: dict[str, tuple[str, ...]] = {"II": ("comprovacao_sede",)}

# Art. 6º, § 1º: "nos projetos de criação ... deverá constar a informação da Fundação IBGE
# sobre a existência de topônimo correlato". Não é documento da representação (Art. 15):
# opcional na lista, exigido ao apresentar o Projeto de Lei da criação e da fusão (que cria
# município novo, Art. 4º) — `documentos.preparar_pl_toponimo`.
IBGE_NO_PROJETO = _item("certidao_ibge", "Art. 6º, § 1º", obrigatorio=False)

CHECKLIST: dict[str, tuple[ItemChecklist, ...]] = {
    "criacao": (*_CRIACAO, IBGE_NO_PROJETO),
    "revisao_limites": _CRIACAO,
    "fusao": (*_FUSAO, IBGE_NO_PROJETO),
    "incorporacao": _FUSAO,
    "extincao": _EXTINCAO,
    "alteracao_nome": _ALTERACAO_NOME,
}


def itens_do_tipo(tipo: str) -> tuple[ItemChecklist, ...]:
    """A lista do Art. 15 para o tipo; vazia para um tipo desconhecido."""
    return CHECKLIST.get(tipo, ())


def item_do_tipo(tipo: str, codigo: str) -> ItemChecklist | None:
    return next((i for i in itens_do_tipo(tipo) if i.codigo == codigo), None)
