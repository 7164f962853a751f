"""Construtores da representação para os testes: assinaturas gravadas direto no banco
(atalho), documentos do Art. 15 pelo serviço, e a instrução completa de um processo."""

import io
from datetime import date

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from pypdf import PdfWriter

from representacao import checklist
from representacao.documentos import enviar_documento
from representacao.models import Signatario


def semear_assinaturas(processo, usuario, quantas: int, *, inicio: int = 0, **campos):
    """`quantas` signatários aptos (título válido, residentes, firma reconhecida), salvo
    o que `campos` mudar. Títulos distintos e fictícios (a validade é dada, não calculada)."""
    ultimo = processo.signatarios.order_by("-ordem").values_list("ordem", flat=True).first() or 0
    padrao = {"titulo_valido": True, "reside_na_area": True, "firma_reconhecida": True}
    Signatario.objects.bulk_create(
        Signatario(
            processo=processo,
            ordem=ultimo + i + 1,
            nome=f"Eleitor {inicio + i + 1}",
            titulo_eleitor=f"{inicio + i + 1:010d}99",
            criado_por=usuario,
            **(padrao | campos),
        )
        for i in range(quantas)
    )


# --- documentos do Art. 15: arquivos reais, que passam pela conferência do conteúdo ---------


def pdf_real(paginas: int = 1, *, preenchimento: int = 0) -> bytes:
    """Um PDF de verdade (gerado pelo pypdf) com `paginas` páginas em branco; o
    preenchimento (texto nos metadados) leva o arquivo a um tamanho exato."""
    escritor = PdfWriter()
    for _ in range(paginas):
        escritor.add_blank_page(595, 842)
    if preenchimento:
        escritor.add_metadata({"/Preenchimento": "x" * preenchimento})
    saida = io.BytesIO()
    escritor.write(saida)
    return saida.getvalue()


def pdf_com_tamanho(tamanho: int) -> bytes:
    """Um PDF real de exatamente `tamanho` bytes (o "startxref" cresce com os dígitos)."""
    preenchimento = 1
    for _ in range(5):
        conteudo = pdf_real(preenchimento=preenchimento)
        if len(conteudo) == tamanho:
            return conteudo
        preenchimento += tamanho - len(conteudo)
    raise AssertionError(f"não foi possível gerar um PDF de {tamanho} bytes")


def imagem(formato: str = "PNG", tamanho: tuple[int, int] = (8, 6)) -> bytes:
    saida = io.BytesIO()
    Image.new("RGB", tamanho, (30, 120, 60)).save(saida, formato)
    return saida.getvalue()


def arquivo(conteudo: bytes, nome: str = "documento.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(nome, conteudo)


def juntar(
    processo, usuario, item: str, conteudo: bytes | None = None, nome: str = "", substitui=None
):
    """Junta um documento pelo serviço (conferido como qualquer envio): um arquivo novo no
    item, ou a nova versão do arquivo nº `substitui`."""
    return enviar_documento(
        processo=processo,
        usuario=usuario,
        item=item,
        arquivo=arquivo(conteudo or pdf_real(), nome or f"{item}.pdf"),
        substitui=substitui,
    )


def juntar_obrigatorios(processo, usuario) -> list:
    """Um PDF para cada documento obrigatório do tipo (todos os itens aceitam PDF) e a
    certidão do IBGE que o Projeto de Lei de criação exige (Art. 6º, § 1º)."""
    return [
        juntar(processo, usuario, i.codigo)
        for i in checklist.itens_do_tipo(processo.tipo)
        if i.obrigatorio or i == checklist.IBGE_NO_PROJETO
    ]


def juntar_certidao_ibge(processo, usuario) -> None:
    """A certidão do IBGE que o Projeto de Lei de criação e de fusão exige (Art. 6º, § 1º),
    quando o tipo a pede e ela ainda não está nos autos."""
    item = checklist.item_do_tipo(processo.tipo, "certidao_ibge")
    if item != checklist.IBGE_NO_PROJETO:
        return
    if not processo.documentos_representacao.filter(
        item="certidao_ibge", anulado_em__isnull=True
    ).exists():
        juntar(processo, usuario, "certidao_ibge")


# --- a representação completa: o que `receber_na_crt` exige --------------------------------


def instruir_representacao(processo, usuario) -> None:
    """Os documentos obrigatórios do tipo e a validade: 100 assinaturas aptas (Art. 13); na
    extinção, também o fundamento e o destino do território (`instruir_extincao`); na
    alteração de nome, a Câmara por 8 de 12 (Art. 6º, § 2º). Nada se repete se o processo já
    estiver instruído."""
    from representacao.models import DadosRepresentacao
    from representacao.validade import o_que_falta

    if not o_que_falta(processo):
        return
    if not processo.documentos_representacao.exists():
        juntar_obrigatorios(processo, usuario)
    if processo.tipo == "extincao":
        instruir_extincao(processo, usuario)
    elif processo.tipo == "alteracao_nome":
        dados = {"camara_membros": 12, "camara_votos_favoraveis": 8, "camara_sessao": "1/2026"}
        if not processo.dados_representacao.exists():
            DadosRepresentacao.objects.create(processo=processo, registrado_por=usuario, **dados)
    elif not processo.signatarios.exists():
        semear_assinaturas(processo, usuario, 100)


def instruir_extincao(processo, usuario) -> None:
    """Extinção a requerimento dos eleitores (Art. 10, III): 100 assinaturas aptas de 199
    eleitores (a maioria absoluta, ⌊199/2⌋ + 1 = 100) e o território indo a Nova Ubiratã,
    contígua (§ 2º) — o parecer de mérito favorável passa sem certidões (o fundamento I as
    exige, com a perda de um requisito do Art. 2º)."""
    from representacao.models import DadosRepresentacao
    from requisitos.models import Municipio

    if not processo.signatarios.exists():
        semear_assinaturas(processo, usuario, 100)
    if processo.dados_representacao.exists():
        return
    dados = DadosRepresentacao.objects.create(
        processo=processo,
        registrado_por=usuario,
        fundamento_extincao="III",
        eleitores_municipio=199,
        eleitores_fonte="TRE-MT (teste)",
        eleitores_data=date(2020, 1, 31),
    )
    destino, _ = Municipio.objects.get_or_create(
        codigo_ibge=5106224, defaults={"nome": "Nova Ubiratã"}
    )
    dados.municipios_destino.set([destino])


def registrar_dados(processo, usuario, destinos=(), **campos):
    """Uma versão nova dos dados da representação, gravada direto (com os municípios que
    recebem o território, na extinção: Art. 10, §§ 1º e 2º)."""
    from representacao.models import DadosRepresentacao

    versao = processo.dados_representacao.count() + 1
    dados = DadosRepresentacao.objects.create(
        processo=processo, versao=versao, registrado_por=usuario, **campos
    )
    dados.municipios_destino.set(destinos)
    return dados


def registrar_origem(municipio, nome_da_origem: str, codigo_da_origem: int):
    """A origem de `municipio` registrada como o suporte a registra (`carregar_origens`, de
    uma tabela com a lei e a fonte); devolve o município de origem."""
    from requisitos.models import Municipio
    from territorio.origens import carregar_origens

    origem, _ = Municipio.objects.get_or_create(
        codigo_ibge=codigo_da_origem, defaults={"nome": nome_da_origem}
    )
    tabela = "codigo_ibge,codigo_ibge_origem,lei_de_criacao\n"
    tabela += f"{municipio.codigo_ibge},{codigo_da_origem},Lei de criação (teste)\n"
    carregar_origens(tabela=tabela, fonte="Teste")
    return origem
