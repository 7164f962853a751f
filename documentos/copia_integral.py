"""Cópia integral autenticada do processo, para o TRE (Art. 19, § 1º).

Capa com o termo de autenticação, índice com a página onde começa cada peça, e todas as
peças na ordem dos autos. Tudo numa só paginação ("Página X de Y", código no rodapé):

1. O WeasyPrint compõe capa e índice, e uma "moldura" A4 por página de cada peça (com
   cabeçalho, legenda e rodapé), em lotes: a memória cresce com o lote, não com os milhares
   de páginas de uma lista de assinaturas. Cada moldura ocupa exatamente uma página (a
   montagem confere), então a página de início de cada peça é conta certa a partir das
   páginas que capa e índice ocupam. Imagens entram na própria moldura.
2. O pypdf carimba cada página dos PDFs anexados, reduzida, dentro da sua moldura.
3. O arquivo juntado herda o PDF/A-2B das partes compostas e só o declara se passar pela
   conferência offline (documentos.pdfa.juncao): as páginas dos PDFs recebidos não são nossas.

Nenhuma página é rasterizada: as páginas dos PDFs são copiadas como objetos PDF e as
imagens são embutidas como vieram, de modo que a memória não cresce com imagens de página.
Um PDF corrompido ou protegido por senha vira uma página de aviso, não uma falha. Já uma
peça cujo arquivo armazenado não confere com o SHA-256 registrado (ou sumiu) recusa a
emissão (`AtoRecusado`): a cópia não autentica o que não é o original.
"""

import hashlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from django.core.files.storage import default_storage
from PIL import Image, UnidentifiedImageError
from pypdf import PdfReader, PdfWriter, Transformation
from pypdf.errors import PyPdfError
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
)

from documentos import conteudo as c
from documentos import integridade
from documentos.emissao import emitir
from documentos.models import Documento
from documentos.pdf import Autenticacao, documento_weasyprint, escrever_pdf, html_do_documento
from documentos.pdfa.juncao import gravar_conferido, herdar_declaracao
from processos.models import AtoRecusado

logger = logging.getLogger(__name__)

MM = 72 / 25.4
# Área útil da moldura (mm, origem no canto inferior esquerdo): casa com pdf/copia_integral.
AREA_X, AREA_Y, AREA_LARGURA, AREA_ALTURA = 25, 31, 165, 220
TIPOS_IMAGEM = {"image/jpeg", "image/png"}
Progresso = Callable[[str, int, int], None]
# Páginas compostas de uma vez pelo WeasyPrint: a memória da composição cresce com o lote.
MOLDURAS_POR_LOTE = 250


@dataclass(frozen=True)
class Peca:
    """Uma peça dos autos, venha de onde vier: documento emitido, upload (Art. 15) ..."""

    titulo: str
    data: date | datetime
    tipo_conteudo: str  # "application/pdf", "image/jpeg", "image/png"
    caminho: Path | None = None
    dados: bytes | None = None
    descricao: str = ""
    # Nome no armazenamento sem caminho local (S3): lido uma vez, na análise, para a pasta
    # temporária da emissão.
    armazenado: str = ""

    def ler(self) -> bytes:
        if self.dados is not None:
            return self.dados
        if self.caminho is not None:
            return Path(self.caminho).read_bytes()
        with default_storage.open(self.armazenado, "rb") as aberto:
            return aberto.read()


def no_armazenamento(arquivo) -> dict:
    """Onde a peça guardada é lida: o caminho no disco, se o armazenamento o tem; senão (S3)
    o nome, e `analisar` a copia para a pasta temporária."""
    try:
        return {"caminho": Path(arquivo.storage.path(arquivo.name))}
    except NotImplementedError:
        return {"armazenado": arquivo.name}


@dataclass
class PecaAnalisada:
    numero: int
    peca: Peca
    sha256: str
    paginas: int = 1
    motivo: str = ""  # preenchido quando a peça não pode ser reproduzida
    caminho: Path | None = None
    inicio: int = 0  # página da cópia onde a peça começa (montar)
    leitor: PdfReader | None = field(default=None, repr=False)

    @property
    def folhas(self) -> range:
        return range(1, self.paginas + 1)

    @property
    def forma(self) -> str:
        if self.motivo:
            return "aviso"
        return "imagem" if self.peca.tipo_conteudo in TIPOS_IMAGEM else "pdf"


# --- as peças do processo --------------------------------------------------------------------


def exigir_integro(arquivo, registrado: str, *, objeto: str) -> None:
    falha = integridade.conferir(arquivo, registrado, objeto=objeto, porta="cópia integral")
    if falha:
        situacao = (
            "não foi encontrado no armazenamento"
            if falha.ausente
            else "não confere com o SHA-256 registrado"
        )
        raise AtoRecusado(
            f"{objeto}: o arquivo {situacao}, e a cópia integral não é emitida. Acione o "
            "suporte para restaurar o original da cópia de segurança."
        )


def pecas_emitidas(processo) -> Iterable[Peca]:
    """Os documentos emitidos vigentes, exceto extratos e cópias anteriores, cada um
    conferido com o SHA-256 da emissão."""
    documentos = (
        Documento.objects.vigentes()
        .filter(processo=processo)
        .exclude(tipo__in=["extrato", "copia_integral"])
    )
    for documento in documentos:
        exigir_integro(
            documento.arquivo,
            documento.sha256,
            objeto=f"O documento “{documento.titulo}” (código {documento.codigo})",
        )
        yield Peca(
            titulo=documento.titulo,
            data=documento.emitido_em,
            tipo_conteudo="application/pdf",
            **no_armazenamento(documento.arquivo),
            descricao=f"Documento emitido, código {documento.codigo}",
        )


# Outras fontes de peças entram nesta lista, registradas pelas fases: os documentos do
# Art. 15 (representação) e as certidões dos órgãos (instrução).
FORNECEDORES: list[Callable[[object], Iterable[Peca]]] = [pecas_emitidas]


def pecas_do_processo(processo) -> list[Peca]:
    """Todas as peças, na ordem dos autos (data de juntada)."""
    pecas = [peca for fornecedor in FORNECEDORES for peca in fornecedor(processo)]

    def chave(peca: Peca):
        momento = peca.data
        if not isinstance(momento, datetime):
            momento = datetime(momento.year, momento.month, momento.day)
        return momento.replace(tzinfo=None)

    return sorted(pecas, key=chave)


# --- análise: quantas páginas, e se a peça pode ser reproduzida -------------------------------


def _analisar_pdf(analisada: PecaAnalisada) -> None:
    try:
        leitor = PdfReader(analisada.caminho)
        if leitor.is_encrypted and not leitor.decrypt(""):
            analisada.motivo = "arquivo PDF protegido por senha"
            return
        analisada.paginas = len(leitor.pages)
        for pagina in leitor.pages:
            pagina.mediabox  # noqa: B018 — força a leitura: página quebrada falha aqui
        if analisada.paginas == 0:
            analisada.motivo = "arquivo PDF sem páginas"
        analisada.leitor = leitor
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        logger.warning("Peça ilegível na cópia integral: %s (%s)", analisada.peca.titulo, exc)
        analisada.motivo = "arquivo PDF corrompido ou ilegível"
        analisada.paginas = 1


def _analisar_imagem(analisada: PecaAnalisada) -> None:
    try:
        with Image.open(analisada.caminho) as imagem:
            imagem.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        analisada.motivo = "imagem corrompida ou ilegível"


def analisar(
    pecas: list[Peca], pasta: Path, progresso: Progresso | None = None
) -> list[PecaAnalisada]:
    analisadas = []
    for numero, peca in enumerate(pecas, start=1):
        if progresso:
            progresso(f"Lendo as peças do processo: peça {numero} de {len(pecas)}", 0, 0)
        conteudo = peca.ler()
        analisada = PecaAnalisada(numero, peca, hashlib.sha256(conteudo).hexdigest())
        if peca.caminho is not None:
            analisada.caminho = Path(peca.caminho)
        else:
            analisada.caminho = pasta / f"peca-{numero}"
            analisada.caminho.write_bytes(conteudo)
        del conteudo
        if peca.tipo_conteudo == "application/pdf":
            _analisar_pdf(analisada)
        elif peca.tipo_conteudo in TIPOS_IMAGEM:
            _analisar_imagem(analisada)
        else:
            analisada.motivo = f"formato não reproduzível ({peca.tipo_conteudo[:40]})"
        analisadas.append(analisada)
    return analisadas


# --- montagem ---------------------------------------------------------------------------------


def _rotacao(pagina_peca, largura: float, altura: float):
    """A rotação de exibição (/Rotate) da página da peça, como transformação: o carimbo
    mostra a página como um leitor de PDF a mostraria."""
    giro = (pagina_peca.rotation or 0) % 360
    deslocamentos = {0: (0, 0), 90: (0, largura), 180: (largura, altura), 270: (altura, 0)}
    dx, dy = deslocamentos.get(giro, (0, 0))
    dimensoes = (altura, largura) if giro in (90, 270) else (largura, altura)
    return Transformation().rotate(-giro).translate(dx, dy), dimensoes


def _forma(escritor: PdfWriter, pagina_peca) -> IndirectObject:
    """A página da peça como Form XObject do PDF de saída: o conteúdo vai como está (sem
    reinterpretar operadores, o que no pypdf custa ~0,2 s por página) e os recursos são
    clonados para o escritor."""
    conteudo = pagina_peca.get_contents()
    forma = DecodedStreamObject()
    forma.set_data(conteudo.get_data() if conteudo is not None else b"")
    recursos = pagina_peca.get("/Resources")
    caixa = pagina_peca.mediabox
    forma.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(
                [FloatObject(float(v)) for v in (caixa.left, caixa.bottom, caixa.right, caixa.top)]
            ),
            NameObject("/Resources"): (
                recursos.get_object().clone(escritor)
                if recursos is not None
                else DictionaryObject()
            ),
        }
    )
    return escritor._add_object(forma.flate_encode())


def _carimbar(escritor: PdfWriter, pagina_moldura, pagina_peca, nome: str) -> None:
    """Desenha a página da peça, reduzida e centralizada, na área útil da moldura."""
    caixa = pagina_peca.mediabox
    largura, altura = float(caixa.width), float(caixa.height)
    giro, (largura, altura) = _rotacao(pagina_peca, largura, altura)
    area_l, area_a = AREA_LARGURA * MM, AREA_ALTURA * MM
    escala = min(area_l / largura, area_a / altura)
    dx = AREA_X * MM + (area_l - largura * escala) / 2
    dy = AREA_Y * MM + (area_a - altura * escala) / 2
    matriz = (
        Transformation()
        .translate(-float(caixa.left), -float(caixa.bottom))
        .transform(giro)
        .scale(escala)
        .translate(dx, dy)
        .ctm
    )
    recursos = pagina_moldura[NameObject("/Resources")].get_object()
    if "/XObject" not in recursos:
        recursos[NameObject("/XObject")] = DictionaryObject()
    recursos["/XObject"].get_object()[NameObject(nome)] = _forma(escritor, pagina_peca)
    # O conteúdo da moldura deixa a matriz alterada (o WeasyPrint inverte o eixo y): ele vai
    # entre q/Q, e o carimbo é desenhado depois, a partir do estado gráfico original.
    abre, desenho = DecodedStreamObject(), DecodedStreamObject()
    abre.set_data(b"q\n")
    numeros = " ".join(f"{v:.5f}" for v in matriz)
    desenho.set_data(f"\nQ q {numeros} cm {nome} Do Q\n".encode())
    atual = pagina_moldura[NameObject("/Contents")]
    partes = list(atual.get_object()) if isinstance(atual.get_object(), ArrayObject) else [atual]
    partes = [escritor._add_object(abre), *partes, escritor._add_object(desenho)]
    pagina_moldura[NameObject("/Contents")] = ArrayObject(partes)


def molduras_das_pecas(analisadas: list[PecaAnalisada]) -> list[tuple[PecaAnalisada, int]]:
    """Uma moldura (uma página da cópia) por folha de cada PDF; uma por imagem ou aviso."""
    return [(a, folha) for a in analisadas for folha in (a.folhas if a.forma == "pdf" else (1,))]


def _numerar(analisadas: list[PecaAnalisada], paginas_da_cabeca: int) -> None:
    proxima = paginas_da_cabeca + 1
    for analisada in analisadas:
        analisada.inicio = proxima
        proxima += analisada.paginas if analisada.forma == "pdf" else 1


def _compor(conteudo: c.Conteudo, autenticacao, pastas, **parte):
    html = html_do_documento(
        conteudo.template,
        {**conteudo.contexto, **parte},
        minuta=autenticacao is None,
        autenticacao=autenticacao,
    )
    return documento_weasyprint(html, diretorios=pastas)


def _compor_cabeca(conteudo, analisadas, autenticacao, pastas, total_molduras: int):
    """Capa e índice. As páginas de início do índice dependem de quantas páginas a própria
    capa e o índice ocupam: compõe, confere e recompõe até a conta fechar."""
    paginas = 2
    for _ in range(4):
        _numerar(analisadas, paginas)
        composicao = _compor(
            conteudo, autenticacao, pastas, parte="cabeca", total_paginas=paginas + total_molduras
        )
        if len(composicao.pages) == paginas:
            return composicao
        paginas = len(composicao.pages)
    raise RuntimeError("A paginação da capa e do índice da cópia integral não se fechou.")


def montar(
    conteudo: c.Conteudo,
    analisadas: list[PecaAnalisada],
    autenticacao: Autenticacao | None,
    destino: Path,
    progresso: Progresso | None = None,
) -> None:
    """Compõe capa e índice, depois as molduras em lotes de `MOLDURAS_POR_LOTE` páginas (a
    memória da composição cresce com as páginas de um lote, não com as da cópia), cada lote
    com a sua numeração; carimba cada página dos PDFs na sua moldura e junta tudo."""
    avisar = progresso or (lambda etapa, feito, total: None)
    molduras = molduras_das_pecas(analisadas)
    pastas = tuple({a.caminho.parent for a in analisadas if a.forma == "imagem"})
    avisar("Compondo a capa e o índice", 0, len(molduras))
    cabeca = _compor_cabeca(conteudo, analisadas, autenticacao, pastas, len(molduras))
    total = len(cabeca.pages) + len(molduras)
    minuta = autenticacao is None
    escritor = PdfWriter()
    partes = [destino.with_suffix(".cabeca.pdf")]
    escrever_pdf(cabeca, partes[0], minuta=minuta)
    del cabeca
    leitor_cabeca = PdfReader(partes[0])
    for pagina in leitor_cabeca.pages:
        escritor.add_page(pagina)
    if not minuta:
        herdar_declaracao(escritor, leitor_cabeca)
    for inicio in range(0, len(molduras), MOLDURAS_POR_LOTE):
        lote = molduras[inicio : inicio + MOLDURAS_POR_LOTE]
        composicao = _compor(
            conteudo,
            autenticacao,
            pastas,
            parte="molduras",
            molduras=lote,
            total_paginas=total,
            primeira_pagina=total - len(molduras) + inicio + 1,
        )
        if len(composicao.pages) != len(lote):
            raise RuntimeError("Uma moldura da cópia integral ocupou mais de uma página.")
        partes.append(destino.with_suffix(f".lote{len(partes)}.pdf"))
        escrever_pdf(composicao, partes[-1], minuta=minuta)
        del composicao
        paginas_do_lote = PdfReader(partes[-1]).pages
        for pagina_moldura, (analisada, folha) in zip(paginas_do_lote, lote, strict=True):
            nova = escritor.add_page(pagina_moldura)
            if analisada.forma == "pdf":
                pagina = analisada.leitor.pages[folha - 1]
                _carimbar(escritor, nova, pagina, f"/Peca{analisada.numero}x{folha}")
        feito = inicio + len(lote)
        avisar(
            f"Juntando as páginas das peças: página {feito} de {len(molduras)}",
            feito,
            len(molduras),
        )
    escritor.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    gravar_conferido(escritor, destino, declara=not minuta)
    for parte in partes:
        parte.unlink()
    avisar("Concluído", total, total)


def conteudo_da_copia(processo, usuario, analisadas: list[PecaAnalisada]) -> c.Conteudo:
    contexto = c.contexto_processo(processo)
    contexto.update(
        emitente=c.emitente_de(usuario),
        pecas=analisadas,
        molduras=molduras_das_pecas(analisadas),
        territorio=c.territorio(processo),
    )
    return c.Conteudo(
        "copia_integral",
        f"Cópia integral autenticada do Processo nº {processo.protocolo}",
        f"processo:{processo.pk}:copia_integral",
        "pdf/copia_integral.html",
        contexto,
    )


def copia_atual(processo, *, exceto_andamento=None) -> Documento | None:
    """A cópia integral vigente, se emitida depois do último ato do processo (fora o próprio
    encaminhamento, `exceto_andamento`): a que segue ao TRE (Art. 19, § 1º) tem de conter
    tudo o que os autos têm no encaminhamento."""
    andamentos = processo.andamentos.all()
    if exceto_andamento is not None:
        andamentos = andamentos.exclude(pk=exceto_andamento.pk)
    ultimo_ato = andamentos.order_by("-registrado_em").values("registrado_em").first()
    copias = Documento.objects.vigentes().filter(processo=processo, tipo="copia_integral")
    if ultimo_ato:
        copias = copias.filter(emitido_em__gte=ultimo_ato["registrado_em"])
    return copias.order_by("-emitido_em").first()


def emitir_copia_integral(
    processo, *, usuario, pecas: list[Peca] | None = None, progresso: Progresso | None = None
) -> Documento:
    """Emite a cópia integral (nova versão a cada emissão). `pecas` substitui as peças do
    processo — é por aqui que testes e ferramentas entregam uploads que ainda não têm modelo."""
    import tempfile

    with tempfile.TemporaryDirectory() as pasta:
        if progresso:
            progresso("Conferindo as peças do processo", 0, 0)
        analisadas = analisar(
            pecas if pecas is not None else pecas_do_processo(processo), Path(pasta), progresso
        )
        conteudo = conteudo_da_copia(processo, usuario, analisadas)

        def produzir(autenticacao: Autenticacao, destino: Path) -> None:
            montar(conteudo, analisadas, autenticacao, destino, progresso)

        return emitir(
            conteudo,
            usuario=usuario,
            processo=processo,
            produzir=produzir,
            extras_hash=tuple(a.sha256 for a in analisadas),
        )
