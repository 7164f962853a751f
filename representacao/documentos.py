"""Os documentos do Art. 15: juntar (sempre uma nova versão), anular (com justificativa,
sem apagar) e as leituras que o recebimento na CRT (Art. 16), a página do processo e a
cópia integral (Art. 19, § 1º) usam.

A versão vigente de um item é a mais recente não anulada: anular a versão errada devolve a
vigência à anterior, se houver (Decision: o que se anula é o envio, não o item)."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from documentos import arquivos
from emancipacao.limite_envio import limite_em_bytes
from processos import extensoes, leitura
from processos.estados import TERMINAIS
from processos.leitura import lido
from processos.models import AtoRecusado, Processo
from processos.papeis import PRESIDENTE, SERVIDOR, tem_papel
from processos.versao import MENSAGEM_REGISTRO_NOVO
from representacao import checklist
from representacao.models import DocumentoRepresentacao
from requisitos.aplicacao import aplica


@dataclass(frozen=True)
class LinhaChecklist:
    """Um item da lista do Art. 15 no processo: o que a lei pede e o que foi juntado."""

    item: str
    rotulo: str
    fundamento: str
    obrigatorio: bool
    presente: bool
    vigente: DocumentoRepresentacao | None
    # Todas as versões do item, da mais recente para a mais antiga, inclusive as anuladas.
    versoes: list[DocumentoRepresentacao] = field(default_factory=list)
    aceitos: tuple[str, ...] = ()

    @property
    def rotulo_completo(self) -> str:
        return f"{self.rotulo} ({self.fundamento})"

    @property
    def nomes_aceitos(self) -> str:
        return ", ".join(checklist.NOMES_DOS_TIPOS[t] for t in self.aceitos)

    @property
    def ultima_versao(self) -> int:
        """A versão que a página mostra (0 = nada juntado): o envio a leva de volta."""
        return max((v.versao for v in self.versoes), default=0)

    @property
    def filtro_do_navegador(self) -> str:
        return ",".join(checklist.FILTROS_DO_NAVEGADOR[t] for t in self.aceitos)


def pode_juntar(usuario) -> bool:
    """Juntar e anular documentos é operar o processo: a CRT (DOMAIN §4)."""
    return tem_papel(usuario, SERVIDOR, PRESIDENTE)


def enviar_documento(
    *, processo, usuario, item: str, arquivo, versao_vista: int | None = None
) -> DocumentoRepresentacao:
    """Junta o arquivo como nova versão do item, depois de conferido o conteúdo; a versão
    anterior continua nos autos. `versao_vista` é a última versão do item que a página
    mostrou (0 = nenhuma): outra juntada depois recusa este envio, em vez de ele passar à
    frente da do colega em silêncio."""
    if not pode_juntar(usuario):
        raise PermissionDenied("Somente a CRT junta documentos da representação.")
    definicao = checklist.item_do_tipo(processo.tipo, item)
    if definicao is None:
        raise AtoRecusado("Este documento não faz parte da lista do Art. 15 para este tipo.")
    _exigir_em_andamento(processo)
    _exigir_mapa_editavel(processo, item)
    conteudo = _conferir(arquivo, definicao)
    gravacoes = [
        gravar
        for conferir in extensoes.conferencias_de_juntada(item)
        if (gravar := conferir(processo=processo, arquivo=arquivo, tipo=conteudo.tipo))
    ]
    documento = DocumentoRepresentacao(
        processo=processo,
        item=item,
        nome_original=arquivos.nome_para_exibir(arquivo.name),
        tipo_conteudo=conteudo.tipo,
        tamanho=arquivo.size,
        paginas=conteudo.paginas,
        sha256=arquivos.resumo_sha256(arquivo),
        enviado_por=usuario,
    )
    # O arquivo é gravado antes da transação (nome único gerado), para não segurar a trava
    # do processo enquanto o disco escreve.
    documento.arquivo.save("documento", arquivo, save=False)
    try:
        with transaction.atomic():
            travado = Processo.objects.select_for_update().get(pk=processo.pk)
            _exigir_em_andamento(travado)
            _exigir_mapa_editavel(travado, item)
            # Sob a trava do processo, dois envios do mesmo item se enfileiram; a restrição
            # única (processo, item, versão) é a garantia final.
            ultima = (
                travado.documentos_representacao.filter(item=item)
                .order_by("-versao")
                .values_list("versao", flat=True)
                .first()
            )
            if versao_vista is not None and (ultima or 0) != versao_vista:
                o_que = f"o documento “{definicao.rotulo}”"
                raise AtoRecusado(MENSAGEM_REGISTRO_NOVO.format(o_que=o_que))
            documento.versao = (ultima or 0) + 1
            documento.enviado_em = timezone.now()
            documento.save()
            for gravar in gravacoes:
                gravar(documento)
            _movimentar(travado)
    except Exception:
        # O registro não existiu: o arquivo gravado para ele não pertence aos autos.
        documento.arquivo.storage.delete(documento.arquivo.name)
        raise
    return documento


def _conferir(arquivo, definicao: checklist.ItemChecklist) -> arquivos.Conteudo:
    if arquivo.size > limite_em_bytes():
        raise AtoRecusado(
            f"O arquivo passa do limite de {settings.UPLOAD_LIMITE_MB} MB; divida o documento "
            "ou reduza a resolução das imagens."
        )
    try:
        return arquivos.conferir_conteudo(arquivo, aceitos=definicao.aceitos)
    except arquivos.ArquivoRecusado as exc:
        raise AtoRecusado(str(exc)) from exc


def anular_documento(*, documento_id: int, usuario, justificativa: str) -> DocumentoRepresentacao:
    """Anula uma versão: ela continua nos autos, riscada, com quem, quando e por quê."""
    if not pode_juntar(usuario):
        raise PermissionDenied("Somente a CRT anula documentos da representação.")
    justificativa = (justificativa or "").strip()
    if not justificativa:
        raise AtoRecusado(
            "Informe a justificativa da anulação: o documento anulado continua nos autos, "
            "com o motivo."
        )
    with transaction.atomic():
        documento = (
            DocumentoRepresentacao.objects.select_for_update()
            .select_related("processo")
            .get(pk=documento_id)
        )
        _exigir_em_andamento(documento.processo)
        _exigir_mapa_editavel(documento.processo, documento.item)
        if documento.anulado:
            quando = timezone.localtime(documento.anulado_em)
            raise AtoRecusado(f"Esta versão já foi anulada em {quando:%d/%m/%Y}.")
        documento.anulado_em = timezone.now()
        documento.anulado_por = usuario
        documento.justificativa_anulacao = justificativa
        documento.save(update_fields=["anulado_em", "anulado_por", "justificativa_anulacao"])
        _movimentar(documento.processo)
    return documento


def _exigir_em_andamento(processo) -> None:
    if processo.estado in TERMINAIS:
        raise AtoRecusado(
            f"O processo está {processo.get_estado_display().lower()}; os documentos da "
            "representação não recebem novos registros."
        )


# Os mapas e memoriais descritivos do Art. 15, II e III: as divisas que o PL menciona.
MAPAS_DAS_DIVISAS = frozenset(
    {"mapa_territorio", "mapa_origem", "mapa_envolvidos", "mapa_municipio"}
)


@aplica(
    "Art. 19, § 3º",
    descricao="Depois da publicação do Decreto Legislativo, o mapa e o memorial descritivo do "
    "Art. 15, II e III não recebem nova versão nem anulação: ficam travados com as divisas, e "
    "o Projeto de Lei lê a versão travada.",
    testes=(
        "tests.representacao.test_documentos.test_mapa_travado_depois_do_decreto_nao_recebe_nova_versao",
        "tests.representacao.test_documentos.test_projeto_de_lei_le_a_versao_travada_do_mapa",
    ),
)
def _exigir_mapa_editavel(processo, item: str) -> None:
    """Art. 19, § 3º: emendas às divisas só até a aprovação do PDL. O mapa e o memorial são
    as divisas em documento: travam na mesma etapa que o campo (`divisas_editaveis`)."""
    if item in MAPAS_DAS_DIVISAS and not processo.divisas_editaveis:
        raise AtoRecusado(
            "O mapa e o memorial descritivo estão travados desde a publicação do Decreto "
            "Legislativo: emendas sobre as divisas só até a aprovação do PDL (Art. 19, § 3º)."
        )


def mapas_travados(processo) -> list[dict]:
    """A versão vigente de cada mapa e memorial do Art. 15, II e III, como o PL a cita."""
    return [
        {
            "rotulo": linha.rotulo_completo,
            "nome": linha.vigente.nome_original,
            "versao": linha.vigente.versao,
            "sha256": linha.vigente.sha256,
        }
        for linha in checklist_do_processo(processo)
        if linha.item in MAPAS_DAS_DIVISAS and linha.vigente
    ]


def preparar_pl(processo, dados: dict) -> None:
    """Preparo de `apresentar_pl`: grava a versão travada dos mapas que o PL menciona."""
    dados["mapas_art15"] = mapas_travados(processo)


def _movimentar(processo) -> None:
    """Juntar ou anular documento é movimentação do processo (lista, painel, ordenação)."""
    Processo.objects.filter(pk=processo.pk).update(ultima_movimentacao=timezone.now())


# A anotação da página do processo (`processos.extensoes.registrar_anotacao`).
TEM_DOCUMENTOS = "representacao_tem_documentos"


def existe_documento():
    return Exists(DocumentoRepresentacao.objects.filter(processo=OuterRef("pk")))


def _juntados(processo):
    """As versões juntadas, por item e da mais recente à mais antiga. Na página do processo
    o resumo não mostra quem juntou nem quem anulou (sem juntar os usuários), e nada é lido
    quando a consulta do processo anotou que não há documento."""
    if not leitura.ligada(processo):
        return DocumentoRepresentacao.objects.do_processo(processo).order_by("item", "-versao")
    if leitura.sem(processo, TEM_DOCUMENTOS):
        return []
    return DocumentoRepresentacao.objects.filter(processo=processo).order_by("item", "-versao")


def checklist_do_processo(processo) -> list[LinhaChecklist]:
    """A lista do Art. 15 do tipo, item a item, com as versões juntadas (uma consulta)."""
    por_item = defaultdict(list)
    for documento in _juntados(processo):
        documento.processo = processo
        por_item[documento.item].append(documento)
    exigidos = _exigidos_pelo_fundamento(processo)
    linhas = []
    for definicao in checklist.itens_do_tipo(processo.tipo):
        versoes = por_item.get(definicao.codigo, [])
        vigente = next((v for v in versoes if not v.anulado), None)
        linhas.append(
            LinhaChecklist(
                item=definicao.codigo,
                rotulo=definicao.rotulo,
                fundamento=definicao.fundamento,
                obrigatorio=definicao.obrigatorio or definicao.codigo in exigidos,
                presente=vigente is not None,
                vigente=vigente,
                versoes=versoes,
                aceitos=definicao.aceitos,
            )
        )
    return linhas


def _exigidos_pelo_fundamento(processo) -> tuple[str, ...]:
    """Na extinção, os itens que o fundamento registrado torna obrigatórios (Art. 10, II)."""
    if processo.tipo != "extincao":
        return ()
    from representacao.extincao import dados_vigentes  # a extinção importa este módulo

    dados = lido(processo, dados_vigentes)
    fundamento = dados.fundamento_extincao if dados else ""
    return checklist.EXIGIDOS_POR_FUNDAMENTO.get(fundamento, ())


def itens_faltantes(processo) -> list[str]:
    """Os itens obrigatórios sem versão vigente, com o artigo: o que impede receber a
    representação na CRT (Art. 16)."""
    return [
        linha.rotulo_completo
        for linha in lido(processo, checklist_do_processo)
        if linha.obrigatorio and not linha.presente
    ]


def documentos_vigentes(processo) -> list[DocumentoRepresentacao]:
    """A versão vigente de cada item, na ordem da lista do Art. 15."""
    return [linha.vigente for linha in checklist_do_processo(processo) if linha.vigente]


def conferir_hash(documento: DocumentoRepresentacao) -> bool:
    """Relê o arquivo armazenado e compara com o SHA-256 gravado no envio: um arquivo
    alterado ou perdido no disco não é servido nem entra nos autos. A falha vai ao log e à
    lista de falhas de integridade do admin (`documentos.integridade`)."""
    from documentos.integridade import conferir

    falha = conferir(
        documento.arquivo,
        documento.sha256,
        objeto=f"Documento do Art. 15 {documento.pk}",
        porta="documentos do Art. 15",
    )
    return falha is None
