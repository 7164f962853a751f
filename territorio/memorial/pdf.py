"""O memorial descritivo juntado em PDF ao item do Art. 15, II: o texto é extraído (pypdf, o
mesmo leitor dos PDFs dos autos), lido pelo leitor do memorial colado e comparado com o mapa
vigente. A juntada nunca é recusada por isso: um memorial que segue rios e estradas, ou um
PDF digitalizado, é documento válido — a seção só diz o que deu para ler."""

import io
from itertools import islice

from django.utils import timezone

from documentos.arquivos.tipos import PDF
from processos import extensoes
from territorio import ligacoes, secao
from territorio.models import LeituraDoMemorial

# Um memorial de município cabe em poucas páginas; o texto, no teto do memorial colado.
PAGINAS_LIDAS = 60
TEXTO_MAXIMO = 200_000
SEM_TEXTO = (
    "O PDF não traz texto (parece digitalizado como imagem): não dá para ler o memorial nem "
    "compará-lo com o mapa. Junte o PDF gerado pelo editor de texto, com o texto selecionável."
)


def texto_do_pdf(conteudo: bytes) -> str:
    """O texto das primeiras páginas; MemorialIlegivel se o PDF não tem texto."""
    from pypdf import PdfReader

    from territorio.memorial.ler import MemorialIlegivel

    try:
        leitor = PdfReader(io.BytesIO(conteudo))
        partes, total = [], 0
        for pagina in islice(leitor.pages, PAGINAS_LIDAS):
            parte = pagina.extract_text() or ""
            partes.append(parte)
            total += len(parte)
            if total > TEXTO_MAXIMO:
                break
    except Exception as exc:  # o pypdf levanta de tudo num arquivo danificado
        raise MemorialIlegivel("Não foi possível extrair o texto deste PDF.") from exc
    texto = "\n".join(partes)[:TEXTO_MAXIMO]
    if not texto.strip():
        raise MemorialIlegivel(SEM_TEXTO)
    return texto


def _mapa_vigente(processo):
    """O desenho vigente do Art. 15, II (documento e polígono), ou (None, None)."""
    from territorio.leitura import GeometriaRecusada

    mapa_id, tipo = secao.mapa_do_processo(processo)
    if mapa_id is None:
        return None, None
    documento = processo.documentos_representacao.get(pk=mapa_id)
    with documento.arquivo.open("rb") as arquivo:
        conteudo = arquivo.read()
    try:
        return documento, ligacoes.leitor(tipo)(conteudo)
    except GeometriaRecusada:
        return None, None


def ler_memorial(conteudo: bytes, processo) -> tuple[str, object, dict | None, str]:
    """(texto, mapa comparado, comparação, mensagem)."""
    # O pypdf, a leitura e a comparação (shapely, pyproj) só quando um memorial é juntado.
    from territorio.memorial.comparar import comparacao_como_dados, comparar
    from territorio.memorial.ler import MemorialIlegivel

    try:
        texto = texto_do_pdf(conteudo)
    except MemorialIlegivel as exc:
        return "", None, None, str(exc)
    mapa, desenho = _mapa_vigente(processo)
    if desenho is None:
        return (
            texto,
            None,
            None,
            (
                "Texto extraído; não há mapa desenhado (GeoJSON, KML, KMZ ou shapefile) no item "
                "para comparar."
            ),
        )
    try:
        return texto, mapa, comparacao_como_dados(comparar(texto, desenho)), ""
    except MemorialIlegivel as exc:
        return texto, mapa, None, str(exc)


def conferir_memorial(*, processo, arquivo, tipo, reparo_confirmado: bool = False):
    """A conferência da juntada (`processos.extensoes`): só os PDFs do item do mapa."""
    if tipo != PDF:
        return None
    arquivo.seek(0)
    conteudo = arquivo.read()
    arquivo.seek(0)
    texto, mapa, comparacao, mensagem = ler_memorial(conteudo, processo)

    def gravar(documento, usuario):
        LeituraDoMemorial.objects.create(
            documento=documento,
            mapa=mapa,
            lido_em=timezone.now(),
            texto=texto,
            comparacao=comparacao,
            mensagem=mensagem,
        )

    return extensoes.ConferenciaDaJuntada(gravar=gravar)


def registrar() -> None:
    extensoes.registrar_conferencia_de_juntada(secao.ITEM_DO_MAPA, conferir_memorial)
