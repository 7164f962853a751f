"""A conferência offline do PDF/A-2B (documentos.pdfa), dos dois lados de cada regra: um PDF/A
do WeasyPrint passa; o mesmo arquivo, estragado numa regra só, falha com a mensagem dela."""

import re
from io import BytesIO

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
)
from weasyprint import HTML

from documentos.pdfa import falhas_pdfa

HTML_BASE = (
    "<html lang='pt-BR'><head><title>Parecer de teste</title>"
    "<meta name='author' content='Comissão de Revisão Territorial'>"
    "<meta name='dcterms.created' content='2026-04-20T14:30:00-04:00'></head>"
    "<body><p>Parecer da Comissão — ação, razão.</p></body></html>"
)


@pytest.fixture(scope="module")
def base() -> bytes:
    return HTML(string=HTML_BASE).render().write_pdf(pdf_variant="pdf/a-2b")


def _regravar(dados: bytes, mudar) -> bytes:
    escritor = PdfWriter(clone_from=BytesIO(dados))
    mudar(escritor)
    saida = BytesIO()
    escritor.write(saida)
    return saida.getvalue()


def _contem(falhas: list[str], trecho: str) -> bool:
    return any(trecho in falha for falha in falhas)


def test_pdfa_do_weasyprint_passa_e_o_pdf_comum_nao(base):
    """6.6.4 e 6.2.3: o PDF comum não declara PDF/A nem traz a OutputIntent."""
    assert falhas_pdfa(base) == []
    assert falhas_pdfa(_regravar(base, lambda e: None)) == []
    comum = falhas_pdfa(HTML(string=HTML_BASE).render().write_pdf())
    assert _contem(comum, "Falta o fluxo de metadados XMP")
    assert _contem(comum, "Falta a OutputIntent")
    assert _contem(comum, "Falta o identificador do arquivo (/ID)")


def test_le_de_caminho_como_de_bytes(base, tmp_path):
    caminho = tmp_path / "a.pdf"
    caminho.write_bytes(base)
    assert falhas_pdfa(caminho) == []


# --- 6.2.11.4: fontes embutidas -----------------------------------------------------------


def _helvetica() -> DictionaryObject:
    """A fonte padrão do PDF, referida pelo nome e sem programa embutido."""
    return DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )


def _fonte_embutida(escritor: PdfWriter):
    """Uma fonte que o WeasyPrint embutiu na página (referência indireta)."""
    fontes = escritor.pages[0]["/Resources"]["/Font"].get_object()
    return next(iter(fontes.values()))


def _pagina_com_fonte(fonte):
    def mudar(escritor: PdfWriter):
        recursos = escritor.pages[0]["/Resources"].get_object()
        recursos["/Font"].get_object()[NameObject("/FX")] = fonte(escritor)

    return mudar


def test_fonte_nao_embutida_na_pagina_falha_e_embutida_passa(base):
    nao = falhas_pdfa(_regravar(base, _pagina_com_fonte(lambda e: e._add_object(_helvetica()))))
    assert nao == ["A fonte Helvetica não está embutida no arquivo."]
    assert falhas_pdfa(_regravar(base, _pagina_com_fonte(_fonte_embutida))) == []


def _anotacao_com_aparencia(fonte, sinais: int = 4, subtipo: str = "/FreeText"):
    def mudar(escritor: PdfWriter):
        aparencia = DecodedStreamObject()
        aparencia.set_data(b"BT /F1 9 Tf 2 2 Td (Nota) Tj ET")
        aparencia.update(
            {
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Form"),
                NameObject("/BBox"): ArrayObject([FloatObject(v) for v in (0, 0, 80, 20)]),
                NameObject("/Resources"): DictionaryObject(
                    {NameObject("/Font"): DictionaryObject({NameObject("/F1"): fonte(escritor)})}
                ),
            }
        )
        anotacao = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Annot"),
                NameObject("/Subtype"): NameObject(subtipo),
                NameObject("/Rect"): ArrayObject([FloatObject(v) for v in (50, 50, 130, 70)]),
                NameObject("/Contents"): _texto("Nota"),
                NameObject("/DA"): _texto("/F1 9 Tf 0 g"),
                NameObject("/F"): NumberObject(sinais),
                NameObject("/AP"): DictionaryObject(
                    {NameObject("/N"): escritor._add_object(aparencia)}
                ),
            }
        )
        escritor.pages[0][NameObject("/Annots")] = ArrayObject([escritor._add_object(anotacao)])

    return mudar


def _texto(valor: str):
    from pypdf.generic import TextStringObject

    return TextStringObject(valor)


def test_fonte_nao_embutida_na_aparencia_de_anotacao_falha_e_embutida_passa(base):
    """6.2.11.4 vale também para as fontes das aparências (o carimbo de uma assinatura)."""
    nao = falhas_pdfa(
        _regravar(base, _anotacao_com_aparencia(lambda e: e._add_object(_helvetica())))
    )
    assert nao == ["A fonte Helvetica não está embutida no arquivo."]
    assert falhas_pdfa(_regravar(base, _anotacao_com_aparencia(_fonte_embutida))) == []


# --- 6.3.2: sinais das anotações ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sinais", "trecho"),
    [
        (0, "não tem o sinal Print"),
        (4 | 2, "oculta, invisível ou NoView"),
        (4 | 1, "oculta, invisível ou NoView"),
        (4 | 32, "oculta, invisível ou NoView"),
    ],
)
def test_anotacao_sem_print_ou_oculta_falha(base, sinais, trecho):
    falhas = falhas_pdfa(_regravar(base, _anotacao_com_aparencia(_fonte_embutida, sinais)))
    assert _contem(falhas, trecho)


def test_anotacao_imprimivel_com_outros_sinais_passa(base):
    """Print com Locked (128) e NoZoom (8): sinais que o PDF/A não proíbe."""
    mudar = _anotacao_com_aparencia(_fonte_embutida, 4 | 8 | 128)
    assert falhas_pdfa(_regravar(base, mudar)) == []


def test_anotacao_de_tipo_proibido_falha(base):
    falhas = falhas_pdfa(_regravar(base, _anotacao_com_aparencia(_fonte_embutida, 4, "/Sound")))
    assert _contem(falhas, "anotação do tipo /Sound")


# --- 6.1.3: cifragem e /ID ------------------------------------------------------------------


def test_arquivo_cifrado_falha(base):
    falhas = falhas_pdfa(_regravar(base, lambda e: e.encrypt("", "dono", algorithm="AES-128")))
    assert _contem(falhas, "cifrado")


def test_sem_id_no_trailer_falha(base):
    def tirar_id(escritor: PdfWriter):
        escritor._ID = None

    sem_id = _regravar(base, tirar_id)
    assert "/ID" not in PdfReader(BytesIO(sem_id)).trailer
    assert falhas_pdfa(sem_id) == ["Falta o identificador do arquivo (/ID) no trailer."]


def test_cabecalho_sem_comentario_binario_falha(base):
    """6.1.2: o cabeçalho é seguido de % e quatro bytes acima de 127."""
    linhas = base.split(b"\n", 2)
    assert linhas[1][0:1] == b"%" and all(b > 127 for b in linhas[1][1:5])
    estragado = b"\n".join([linhas[0], b"%abcd", linhas[2]])
    # O mesmo número de bytes: as posições da tabela xref continuam certas.
    assert len(estragado) == len(base) - len(linhas[1]) + 5
    assert _contem(falhas_pdfa(estragado), "quatro bytes binários")


def test_dados_depois_do_eof_falham(base):
    assert _contem(falhas_pdfa(base + b"lixo\n"), "depois do último marcador %%EOF")
    assert falhas_pdfa(base + b"\n") == []


# --- 6.5 e 6.6.1: JavaScript e ações --------------------------------------------------------


def test_javascript_no_documento_falha(base):
    def com_script(escritor: PdfWriter):
        script = DictionaryObject(
            {
                NameObject("/S"): NameObject("/JavaScript"),
                NameObject("/JS"): _texto("app.alert('oi');"),
            }
        )
        arvore = DictionaryObject(
            {NameObject("/Names"): ArrayObject([_texto("oi"), escritor._add_object(script)])}
        )
        escritor._root_object[NameObject("/Names")] = DictionaryObject(
            {NameObject("/JavaScript"): escritor._add_object(arvore)}
        )

    falhas = falhas_pdfa(_regravar(base, com_script))
    assert _contem(falhas, "/Names /JavaScript no catálogo")
    assert _contem(falhas, "ação de JavaScript")


def test_acao_javascript_na_abertura_falha_e_acao_nomeada_permitida_passa(base):
    def abrir_com(acao: DictionaryObject):
        def mudar(escritor: PdfWriter):
            escritor._root_object[NameObject("/OpenAction")] = escritor._add_object(acao)

        return mudar

    js = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Action"),
            NameObject("/S"): NameObject("/JavaScript"),
            NameObject("/JS"): _texto("app.alert(1)"),
        }
    )
    assert _contem(falhas_pdfa(_regravar(base, abrir_com(js))), "ação de JavaScript")
    proxima = DictionaryObject(
        {NameObject("/S"): NameObject("/Named"), NameObject("/N"): NameObject("/NextPage")}
    )
    assert falhas_pdfa(_regravar(base, abrir_com(proxima))) == []
    imprimir = DictionaryObject(
        {NameObject("/S"): NameObject("/Named"), NameObject("/N"): NameObject("/Print")}
    )
    assert _contem(falhas_pdfa(_regravar(base, abrir_com(imprimir))), "ação nomeada /Print")


def test_arquivo_embutido_falha(base):
    falhas = falhas_pdfa(_regravar(base, lambda e: e.add_attachment("dados.txt", b"oi")))
    assert _contem(falhas, "arquivos embutidos")


# --- 6.2.3: OutputIntent ------------------------------------------------------------------


def test_sem_output_intent_falha(base):
    def tirar(escritor: PdfWriter):
        del escritor._root_object["/OutputIntents"]

    falhas = falhas_pdfa(_regravar(base, tirar))
    assert falhas == ["Falta a OutputIntent do PDF/A (GTS_PDFA1) com o perfil ICC."]


def test_perfil_da_output_intent_que_nao_e_icc_falha(base):
    def trocar(escritor: PdfWriter):
        intencao = escritor._root_object["/OutputIntents"][0].get_object()
        falso = DecodedStreamObject()
        falso.set_data(b"isto nao e um perfil ICC" * 10)
        falso[NameObject("/N")] = NumberObject(3)
        intencao[NameObject("/DestOutputProfile")] = escritor._add_object(falso)

    assert _contem(falhas_pdfa(_regravar(base, trocar)), "não é um perfil ICC válido")


def test_imagem_cmyk_sem_perfil_com_intencao_srgb_falha(base):
    def cmyk(escritor: PdfWriter):
        imagem = DecodedStreamObject()
        imagem.set_data(b"\x00\x00\x00\xff")
        imagem.update(
            {
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Image"),
                NameObject("/Width"): NumberObject(1),
                NameObject("/Height"): NumberObject(1),
                NameObject("/BitsPerComponent"): NumberObject(8),
                NameObject("/ColorSpace"): NameObject("/DeviceCMYK"),
            }
        )
        recursos = escritor.pages[0]["/Resources"].get_object()
        recursos[NameObject("/XObject")] = DictionaryObject(
            {NameObject("/Im9"): escritor._add_object(imagem)}
        )

    assert _contem(falhas_pdfa(_regravar(base, cmyk)), "DeviceCMYK sem perfil ICC")


# --- 6.6.2.3 e 6.6.4: XMP e Info ------------------------------------------------------------


def _trocar_xmp(antes: bytes, depois: bytes):
    def mudar(escritor: PdfWriter):
        metadados = escritor._root_object["/Metadata"].get_object()
        novo = DecodedStreamObject()
        novo.set_data(metadados.get_data().replace(antes, depois))
        novo.update({k: v for k, v in metadados.items() if k in ("/Type", "/Subtype")})
        escritor._root_object[NameObject("/Metadata")] = escritor._add_object(novo)

    return mudar


def test_xmp_de_outra_parte_ou_nivel_falha(base):
    assert _contem(
        falhas_pdfa(_regravar(base, _trocar_xmp(b'pdfaid:part="2"', b'pdfaid:part="1"'))),
        "parte 1, não a parte 2",
    )
    assert _contem(
        falhas_pdfa(
            _regravar(base, _trocar_xmp(b'pdfaid:conformance="B"', b'pdfaid:conformance="X"'))
        ),
        "nível X, não o nível B",
    )


def test_info_diferente_do_xmp_falha_e_igual_passa(base):
    falhas = falhas_pdfa(_regravar(base, lambda e: e.add_metadata({"/Producer": "Outro 1.0"})))
    assert _contem(falhas, "/Producer ('Outro 1.0') difere do XMP pdf:Producer")
    falhas = falhas_pdfa(_regravar(base, lambda e: e.add_metadata({"/Subject": "Assunto"})))
    assert _contem(falhas, "o XMP não traz dc:description")
    mesmo = lambda e: e.add_metadata({"/Title": "Parecer de teste"})  # noqa: E731
    assert falhas_pdfa(_regravar(base, mesmo)) == []


def test_datas_do_info_e_do_xmp_comparadas_como_instantes(base):
    """O mesmo instante escrito em outro fuso passa; um minuto de diferença falha."""
    mesmo_instante = lambda e: e.add_metadata({"/CreationDate": "D:20260420183000Z"})  # noqa: E731
    assert falhas_pdfa(_regravar(base, mesmo_instante)) == []
    outro = lambda e: e.add_metadata({"/CreationDate": "D:20260420143100-04'00'"})  # noqa: E731
    assert _contem(falhas_pdfa(_regravar(base, outro)), "/CreationDate")


def test_xmp_com_entidade_externa_e_recusado_sem_ser_lido(base):
    """O XMP de um PDF recebido é entrada hostil: entidades não são expandidas."""
    hostil = b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
    dados = _regravar(base, _trocar_xmp(b"<x:xmpmeta", hostil + b"<x:xmpmeta"))
    assert _contem(falhas_pdfa(dados), "XMP do catálogo não é XML legível")


def test_lixo_nao_e_pdf(tmp_path):
    assert _contem(falhas_pdfa(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\nlixo\n%%EOF\n"), "não pôde ser lido")


def test_o_xmp_do_weasyprint_declara_parte_e_nivel(base):
    xmp = PdfReader(BytesIO(base)).trailer["/Root"]["/Metadata"].get_object().get_data()
    assert re.search(rb'pdfaid:part="2"', xmp) and re.search(rb'pdfaid:conformance="B"', xmp)


# --- 6.2.5 e 6.2.10: estados gráficos e transparência -------------------------------------


def _estado_grafico(**entradas):
    def mudar(escritor: PdfWriter):
        estado = DictionaryObject({NameObject("/Type"): NameObject("/ExtGState")})
        for chave, valor in entradas.items():
            estado[NameObject(f"/{chave}")] = valor
        recursos = escritor.pages[0]["/Resources"].get_object()
        recursos[NameObject("/ExtGState")] = DictionaryObject(
            {NameObject("/GS9"): escritor._add_object(estado)}
        )

    return mudar


def test_modo_de_mescla_fora_da_iso_32000_falha_e_o_padrao_passa(base):
    estranho = _estado_grafico(BM=NameObject("/Inventado"), ca=FloatObject(0.5))
    assert _contem(falhas_pdfa(_regravar(base, estranho)), "modo de mescla /Inventado")
    mescla = _estado_grafico(BM=NameObject("/Multiply"), ca=FloatObject(0.5))
    assert falhas_pdfa(_regravar(base, mescla)) == []


def test_funcao_de_transferencia_falha(base):
    assert _contem(
        falhas_pdfa(_regravar(base, _estado_grafico(TR=NameObject("/Identity")))),
        "função de transferência (/TR)",
    )
    assert falhas_pdfa(_regravar(base, _estado_grafico(TR2=NameObject("/Default")))) == []


# --- 6.4: formulários; valores indiretos -------------------------------------------------


@pytest.mark.parametrize(("pede", "falha"), [(False, False), (True, True)])
def test_need_appearances_indireto_lido_pelo_valor(base, pede, falha):
    """O valor por referência indireta é lido pelo que ela aponta (um falso indireto não é
    verdadeiro só por ser uma referência)."""
    from pypdf.generic import BooleanObject

    def formulario(escritor: PdfWriter):
        escritor._root_object[NameObject("/AcroForm")] = DictionaryObject(
            {
                NameObject("/Fields"): ArrayObject(),
                NameObject("/NeedAppearances"): escritor._add_object(BooleanObject(pede)),
            }
        )

    falhas = falhas_pdfa(_regravar(base, formulario))
    assert _contem(falhas, "/NeedAppearances") is falha


@pytest.mark.parametrize(("interpolar", "falha"), [(False, False), (True, True)])
def test_imagem_com_interpolacao_falha(base, interpolar, falha):
    """6.2.8: /Interpolate verdadeiro é proibido; uma imagem RGB sem ele, sob o sRGB, passa."""
    from pypdf.generic import BooleanObject

    def imagem(escritor: PdfWriter):
        figura = DecodedStreamObject()
        figura.set_data(b"\x00\x00\x00")
        figura.update(
            {
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Image"),
                NameObject("/Width"): NumberObject(1),
                NameObject("/Height"): NumberObject(1),
                NameObject("/BitsPerComponent"): NumberObject(8),
                NameObject("/ColorSpace"): NameObject("/DeviceRGB"),
                NameObject("/Interpolate"): BooleanObject(interpolar),
            }
        )
        recursos = escritor.pages[0]["/Resources"].get_object()
        recursos[NameObject("/XObject")] = DictionaryObject(
            {NameObject("/Im9"): escritor._add_object(figura)}
        )

    assert _contem(falhas_pdfa(_regravar(base, imagem)), "interpolação") is falha
