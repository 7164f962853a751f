"""Emissão: o momento em que um documento passa a existir oficialmente.

`emitir()` gera o PDF com o código no rodapé, grava o arquivo uma única vez, registra o
SHA-256, o emitente e a assinatura de registro. Reemitir cria a versão seguinte da mesma
série; a anterior continua válida e passa a constar como substituída.

`emitir_documentos_do_ato()` é chamada por `processos.services.praticar_ato` (pelo registro
em `processos.extensoes`) dentro da mesma transação do ato: se a emissão falhar, o ato não
acontece. O que cada ato emite é montado pela fase dona do ato (`plebiscito/documentos.py`,
`instrucao/documentos.py`, …) e registrado aqui (`registrar`) no `ready()` dela.

Concorrência: antes de ler a última versão, a emissão trava a linha da série
(`SerieDocumento`, criada na primeira vez): duas emissões simultâneas da mesma série se
enfileiram e recebem versões consecutivas, nunca a violação da restrição única.

Arquivos órfãos (Decision): o PDF é gravado com o nome definitivo antes do registro, dentro
da transação. Gravá-lo com nome provisório e renomear no commit (`on_commit`) deixaria o
arquivo ilegível pelo nome registrado até o fim da transação — e o que roda depois na mesma
transação (o ofício ao TRE cita a cópia recém-emitida; os testes leem o PDF emitido) teria
de procurar os dois nomes. Então: se o próprio registro falha, o arquivo é apagado aqui; se
a transação de fora é desfeita depois (o ato recusado adiante, o processo morto no meio), o
arquivo fica sem registro, e o `manage.py verificar_integridade --remover-orfaos` (cron) o
lista e apaga — só depois de uma hora, para não apagar o de uma emissão ainda em curso.
"""

import tempfile
from collections.abc import Callable
from pathlib import Path

from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from pypdf import PdfReader

from documentos import conteudo as c
from documentos.arquivos import resumo_sha256
from documentos.codigo import novo_codigo
from documentos.formatacao import data_hora
from documentos.integridade import conferir
from documentos.models import Assinatura, Documento, Modalidade, SerieDocumento
from documentos.pdf import Autenticacao, hash_do_conteudo, render_pdf
from processos import extensoes, versao
from processos.extensoes import DocumentosDoAto
from processos.models import Andamento

Produtor = Callable[[Autenticacao, Path], None]


def _produzir_html(conteudo: c.Conteudo) -> Produtor:
    def produzir(autenticacao: Autenticacao, destino: Path) -> None:
        destino.write_bytes(
            render_pdf(conteudo.template, conteudo.contexto, autenticacao=autenticacao)
        )

    return produzir


def _com_campos_de_assinatura(produzir: Produtor, tipo: str) -> Produtor:
    """O documento que tem signatários declarados sai com o campo de cada um e o do selo já
    criados (documentos.assinatura.declaracao): criá-los depois invalidaria a primeira
    assinatura que certificasse o documento."""
    from documentos.assinatura import campos, declaracao

    nomes = declaracao.campos_da_emissao(tipo)
    if not nomes:
        return produzir

    def produzir_com_campos(autenticacao: Autenticacao, destino: Path) -> None:
        produzir(autenticacao, destino)
        destino.write_bytes(campos.criar_campos(destino.read_bytes(), nomes))

    return produzir_com_campos


def _versao_anterior(serie: str) -> Documento | None:
    """A versão mais alta da série é a vigente (a cadeia é linear: `substitui` é 1-para-1).
    Lida sob a trava da série, até o fim da transação do chamador: a emissão simultânea da
    mesma série espera, e depois lê a versão que esta gravou."""
    SerieDocumento.objects.bulk_create([SerieDocumento(serie=serie)], ignore_conflicts=True)
    SerieDocumento.objects.select_for_update().get(serie=serie)
    return Documento.objects.filter(serie=serie).order_by("-versao").first()


def emitir(
    conteudo: c.Conteudo,
    *,
    usuario,
    processo=None,
    andamento: Andamento | None = None,
    produzir: Produtor | None = None,
    extras_hash: tuple[str, ...] = (),
    reaproveitar: bool = False,
) -> Documento:
    """Emite `conteudo` como documento oficial e devolve o registro gravado. Com
    `reaproveitar`, a série que já tem documento íntegro devolve esse documento."""
    produzir = _com_campos_de_assinatura(produzir or _produzir_html(conteudo), conteudo.tipo)
    emitente = conteudo.contexto.get("emitente") or c.emitente_de(usuario)
    sha_conteudo = hash_do_conteudo(conteudo.template, conteudo.contexto, extras_hash)
    with tempfile.TemporaryDirectory() as pasta:
        # A composição longa (a cópia integral, minutos) fica antes da trava da série e, fora
        # de um ato, fora da transação: o progresso que ela grava é visto pela página, e o
        # SQLite não fica bloqueado para escrita enquanto ela corre. O PDF não imprime a
        # versão, que é dada depois, sob a trava.
        emitido_em = timezone.now()
        codigo = novo_codigo()
        autenticacao = Autenticacao(codigo, sha_conteudo, data_hora(emitido_em))
        caminho = Path(pasta) / f"{codigo}.pdf"
        if not reaproveitar:
            produzir(autenticacao, caminho)
        with transaction.atomic():
            anterior = _versao_anterior(conteudo.serie)
            if reaproveitar and anterior and not _violado(anterior):
                return anterior
            if reaproveitar:
                produzir(autenticacao, caminho)
            with caminho.open("rb") as arquivo:
                paginas = len(PdfReader(arquivo).pages)
                sha256 = resumo_sha256(arquivo)
                arquivo.seek(0)
                nome = default_storage.save(
                    f"documentos/{emitido_em:%Y/%m}/{codigo}.pdf", File(arquivo, name=caminho.name)
                )
            documento = Documento(
                codigo=codigo,
                tipo=conteudo.tipo,
                titulo=conteudo.titulo[:300],
                serie=conteudo.serie,
                versao=anterior.versao + 1 if anterior else 1,
                substitui=anterior,
                processo=processo or conteudo.contexto.get("processo"),
                andamento=andamento or conteudo.contexto.get("andamento"),
                arquivo=nome,
                sha256=sha256,
                sha256_conteudo=sha_conteudo,
                tamanho=caminho.stat().st_size,
                paginas=paginas,
                emitido_em=emitido_em,
                emitido_por=usuario,
                emitente_nome=emitente.nome[:200],
                emitente_cargo=emitente.cargo[:200],
            )
            try:
                with transaction.atomic():
                    documento.save()
                    Assinatura.objects.create(
                        documento=documento,
                        modalidade=Modalidade.ATO,
                        signatario=usuario,
                        nome=emitente.nome[:200],
                        cargo=emitente.cargo[:200],
                        assinado_em=emitido_em,
                    )
                    _pedir_selo(documento, usuario)
            except Exception:
                # O registro não existiu: o arquivo gravado para ele não pertence a ninguém.
                default_storage.delete(nome)
                raise
            if documento.processo_id:
                # A lista de documentos da página do processo (em cache pela revisão).
                versao.tocar(documento.processo_id)
    return documento


def _pedir_selo(documento: Documento, usuario) -> None:
    """O que o sistema emite sozinho sai válido pelo código já na resposta; o selo da
    Assembleia é pedido à fila na mesma transação do registro (não se perde se o processo
    morrer logo depois) e aplicado em segundo plano."""
    from documentos.assinatura import declaracao, fila

    if declaracao.selado_na_emissao(documento.tipo):
        fila.solicitar_selo(documento, usuario=usuario)


def _violado(documento: Documento) -> bool:
    falha = conferir(
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento {documento.codigo}",
        porta="reemissão da série",
    )
    return falha is not None


def minuta(conteudo: c.Conteudo) -> bytes:
    """A mesma peça, antes da emissão: marca d'água "MINUTA" e nenhum código."""
    return render_pdf(conteudo.template, conteudo.contexto, minuta=True)


# --- documentos produzidos por cada ato ------------------------------------------------------


# Os documentos dos atos são declarados pelas fases, cada um no bloco do seu ato
# (`processos.extensoes.declarar_ato(documentos=...)`); aqui, só os do ato que abre o
# processo, que esta app monta: esta app não conhece as fases.
CONSTRUTORES: dict[str, DocumentosDoAto] = {}


def registrar(nome_ato: str, construtor=None, *, emitir=None, minuta: bool = False) -> None:
    CONSTRUTORES[nome_ato] = DocumentosDoAto(construtor, emitir, minuta)


def _do_ato(nome_ato: str) -> DocumentosDoAto | None:
    return CONSTRUTORES.get(nome_ato) or extensoes.documentos_do_ato(nome_ato)


def emite_documentos(nome_ato: str) -> bool:
    """O ato pode produzir PDF ao ser praticado (o formulário avisa "Gerando documentos…")."""
    return _do_ato(nome_ato) is not None


def tem_minuta(nome_ato: str) -> bool:
    """Os pareceres que se pré-visualizam antes de emitir (a minuta, como a do extrato)."""
    registro = _do_ato(nome_ato)
    return bool(registro and registro.minuta)


def minuta_do_ato(andamento: Andamento) -> bytes | None:
    """O documento que o ato emitiria, como minuta (marca d'água, sem código, nada gravado)."""
    registro = _do_ato(andamento.ato)
    if registro is None or registro.construtor is None:
        return None
    conteudo = registro.construtor(andamento)
    return minuta(conteudo) if conteudo else None


def emitir_documentos_do_ato(andamento: Andamento) -> list[Documento]:
    """Os documentos que o ato produz, emitidos em nome de quem o praticou."""
    registro = _do_ato(andamento.ato)
    if registro is None:
        return []
    if registro.emitir is not None:
        return registro.emitir(andamento)
    conteudo = registro.construtor(andamento) if registro.construtor else None
    return [emitir(conteudo, usuario=andamento.usuario)] if conteudo else []


def emitir_extrato(processo, *, usuario) -> Documento:
    """Extrato sob demanda; cada nova emissão é a versão seguinte da série do processo."""
    with transaction.atomic():
        type(processo).objects.select_for_update().filter(pk=processo.pk).first()
        documentos = list(Documento.objects.do_processo(processo).exclude(tipo="extrato"))
        return emitir(c.extrato(processo, usuario, documentos), usuario=usuario, processo=processo)


def emitir_certidao_distrito(veredito, *, localidade: str, usuario) -> Documento:
    """Art. 25: a certidão do simulador público, verificável no /validar/. Pedidos idênticos
    (mesmo conteúdo, mesma data) recebem o mesmo documento — o anônimo não grava um
    documento permanente novo a cada envio; se o arquivo guardado falhar na conferência,
    emite-se a versão seguinte da série."""
    conteudo = c.certidao_distrito(veredito, localidade=localidade)
    return emitir(conteudo, usuario=usuario, reaproveitar=True)
