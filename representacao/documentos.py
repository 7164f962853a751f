"""Os documentos do Art. 15: juntar (um arquivo novo no item, ou uma nova versão de um
arquivo), anular (com justificativa, sem apagar) e as leituras que o recebimento na CRT
(Art. 16), a página do processo e a cópia integral (Art. 19, § 1º) usam.

Um item pode ter vários arquivos vigentes (as fotografias do Art. 15, V; o mapa e o
memorial do Art. 15, II), cada um com as suas versões. A versão vigente de um arquivo é a
mais recente não anulada: anular a versão errada devolve a vigência à anterior, se houver
(Decision: o que se anula é o envio, não o item)."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Exists, Max, OuterRef
from django.utils import timezone

from documentos import arquivos
from documentos.assinatura.entrada import conferir_assinaturas, gravar_relatorio
from emancipacao.limite_envio import limite_em_bytes
from instrucao.conferido_pela_representacao import CertidaoIbgeNoPl, MapasTravados
from processos import extensoes, leitura, versao
from processos.estados import TERMINAIS
from processos.models import AtoRecusado, Processo
from processos.papeis import PRESIDENTE, SERVIDOR, tem_papel
from processos.versao import MENSAGEM_REGISTRO_NOVO
from representacao import checklist
from representacao.models import DocumentoRepresentacao
from requisitos.aplicacao import aplica


@dataclass(frozen=True)
class ArquivoDoItem:
    """Um arquivo de um item, com as suas versões (da mais recente à mais antiga)."""

    numero: int
    versoes: list[DocumentoRepresentacao]

    @property
    def vigente(self) -> DocumentoRepresentacao | None:
        return next((v for v in self.versoes if not v.anulado), None)

    @property
    def ultima_versao(self) -> int:
        """A versão que a página mostra: "nova versão deste arquivo" a leva de volta."""
        return self.versoes[0].versao


@dataclass(frozen=True)
class LinhaChecklist:
    """Um item da lista do Art. 15 no processo: o que a lei pede e o que foi juntado."""

    item: str
    rotulo: str
    fundamento: str
    obrigatorio: bool
    # Os arquivos do item, na ordem em que foram juntados.
    arquivos: list[ArquivoDoItem] = field(default_factory=list)
    aceitos: tuple[str, ...] = ()

    @property
    def vigentes(self) -> list[DocumentoRepresentacao]:
        """A versão vigente de cada arquivo do item (os arquivos todo anulados ficam de fora)."""
        return [a.vigente for a in self.arquivos if a.vigente is not None]

    @property
    def presente(self) -> bool:
        return bool(self.vigentes)

    @property
    def versoes(self) -> list[DocumentoRepresentacao]:
        """Todos os envios do item, arquivo a arquivo, inclusive os anulados."""
        return [v for a in self.arquivos for v in a.versoes]

    @property
    def rotulo_completo(self) -> str:
        return f"{self.rotulo} ({self.fundamento})"

    @property
    def nomes_aceitos(self) -> str:
        return ", ".join(checklist.NOMES_DOS_TIPOS[t] for t in self.aceitos)

    @property
    def ultimo_arquivo(self) -> int:
        """Quantos arquivos a página mostra no item (0 = nada juntado): o envio de um arquivo
        novo leva esse número de volta."""
        return max((a.numero for a in self.arquivos), default=0)

    @property
    def filtro_do_navegador(self) -> str:
        return ",".join(checklist.FILTROS_DO_NAVEGADOR[t] for t in self.aceitos)


def pode_juntar(usuario) -> bool:
    """Juntar e anular documentos é operar o processo: a CRT (Art. 21)."""
    return tem_papel(usuario, SERVIDOR, PRESIDENTE)


def enviar_documento(
    *,
    processo,
    usuario,
    item: str,
    arquivo,
    substitui: int | None = None,
    versao_vista: int | None = None,
    confirmo_reparo: bool = False,
    reparo_sha256: str = "",
) -> DocumentoRepresentacao:
    """Junta o arquivo ao item, depois de conferido o conteúdo: um arquivo novo do item
    (`substitui` vazio: as fotografias se somam) ou a nova versão do arquivo nº `substitui`
    (a anterior continua nos autos). `versao_vista` é o que a página mostrou: no arquivo
    novo, quantos arquivos o item tinha; na nova versão, a última versão daquele arquivo
    (0 = nenhum). Outra juntada depois recusa este envio, em vez de ele passar à frente da
    do colega em silêncio. Um arquivo que a conferência da fase recusa com reparo
    (`ArquivoReparavel`) só entra reparado com `confirmo_reparo` e o `reparo_sha256` do
    mesmo arquivo cujo reparo foi mostrado."""
    if not pode_juntar(usuario):
        raise PermissionDenied("Somente a CRT junta documentos da representação.")
    definicao = checklist.item_do_tipo(processo.tipo, item)
    if definicao is None:
        raise AtoRecusado("Este documento não faz parte da lista do Art. 15 para este tipo.")
    _exigir_em_andamento(processo)
    _exigir_mapa_editavel(processo, item)
    conteudo = _conferir(arquivo, definicao)
    sha256 = arquivos.resumo_sha256(arquivo)
    confirmado = bool(confirmo_reparo) and reparo_sha256 == sha256
    conferencias = [
        resultado
        for conferir in extensoes.conferencias_de_juntada(item)
        if (
            resultado := conferir(
                processo=processo, arquivo=arquivo, tipo=conteudo.tipo, reparo_confirmado=confirmado
            )
        )
    ]
    substituto = next((c.substituto for c in conferencias if c.substituto), None)
    if substituto is not None:
        # O arquivo reparado (e não o enviado, que a fase guarda ao lado) é o que entra.
        nome, bytes_, tipo = substituto
        arquivo = ContentFile(bytes_, name=nome)
        conteudo = arquivos.Conteudo(tipo=tipo, paginas=None)
        sha256 = arquivos.resumo_sha256(arquivo)
    documento = DocumentoRepresentacao(
        processo=processo,
        item=item,
        nome_original=arquivos.nome_para_exibir(arquivo.name),
        tipo_conteudo=conteudo.tipo,
        tamanho=arquivo.size,
        paginas=conteudo.paginas,
        sha256=sha256,
        enviado_por=usuario,
    )
    # O arquivo é gravado antes da transação (nome único gerado), para não segurar a trava
    # do processo enquanto o disco escreve.
    # Um PDF assinado digitalmente tem as assinaturas validadas agora; o relatório fica ao
    # lado do arquivo (pelo SHA-256), gravado com a juntada, e aparece na lista dos documentos.
    relatorio = conferir_assinaturas(arquivo)
    documento.arquivo.save("documento", arquivo, save=False)
    try:
        with transaction.atomic():
            travado = Processo.objects.select_for_update().get(pk=processo.pk)
            _exigir_em_andamento(travado)
            _exigir_mapa_editavel(travado, item)
            # Sob a trava do processo, dois envios do mesmo item se enfileiram; a restrição
            # única (processo, item, arquivo, versão) é a garantia final.
            do_item = travado.documentos_representacao.filter(item=item)
            if substitui is None:
                ultimo = do_item.aggregate(ultimo=Max("numero"))["ultimo"] or 0
                documento.numero, documento.versao, vista_agora = ultimo + 1, 1, ultimo
            else:
                ultima = do_item.filter(numero=substitui).aggregate(v=Max("versao"))["v"]
                if ultima is None:
                    raise AtoRecusado(
                        f"O arquivo nº {substitui} não existe em “{definicao.rotulo}”; "
                        "recarregue a página."
                    )
                documento.numero, documento.versao, vista_agora = substitui, ultima + 1, ultima
            if versao_vista is not None and vista_agora != versao_vista:
                o_que = f"o documento “{definicao.rotulo}”"
                raise AtoRecusado(MENSAGEM_REGISTRO_NOVO.format(o_que=o_que))
            documento.enviado_em = timezone.now()
            documento.save()
            gravar_relatorio(relatorio, processo=travado)
            for conferencia in conferencias:
                conferencia.gravar(documento, usuario)
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


def mapas_travados(processo) -> MapasTravados:
    """Parte do `preparar` de `apresentar_pl` (`representacao/atos.py`): a versão vigente de
    cada arquivo dos mapas e memoriais do Art. 15, II e III, como o PL a cita (um item pode
    ter vários arquivos vigentes: o mapa em GeoJSON e em PDF)."""
    return MapasTravados(
        [
            {
                "rotulo": linha.rotulo_completo,
                "nome": vigente.nome_original,
                "versao": vigente.versao,
                "sha256": vigente.sha256,
            }
            for linha in checklist_do_processo(processo)
            if linha.item in MAPAS_DAS_DIVISAS
            for vigente in linha.vigentes
        ]
    )


def preparar_pl_toponimo(processo) -> CertidaoIbgeNoPl | None:
    """Parte do `preparar` de `apresentar_pl` (Art. 6º, § 1º): o Projeto de Lei que cria
    município traz a informação do IBGE sobre topônimo correlato — recusado sem ela."""
    if checklist.item_do_tipo(processo.tipo, "certidao_ibge") != checklist.IBGE_NO_PROJETO:
        return None
    linha = next(
        (linha for linha in checklist_do_processo(processo) if linha.item == "certidao_ibge"),
        None,
    )
    if linha is None or not linha.vigentes:
        raise AtoRecusado(
            "O Projeto de Lei de criação precisa da informação da Fundação IBGE sobre a "
            "existência de topônimo correlato no Estado ou em outras unidades da Federação "
            "(Art. 6º, § 1º): junte a “Certidão do IBGE sobre topônimos correlatos” nos "
            "documentos da representação."
        )
    return CertidaoIbgeNoPl(
        [{"nome": d.nome_original, "versao": d.versao, "sha256": d.sha256} for d in linha.vigentes]
    )


def _movimentar(processo) -> None:
    """Juntar ou anular documento é movimentação do processo (lista, painel, ordenação)."""
    Processo.objects.filter(pk=processo.pk).update(ultima_movimentacao=timezone.now())
    versao.tocar(processo)


# A anotação da página do processo (`processos.extensoes.registrar_anotacao`).
TEM_DOCUMENTOS = "representacao_tem_documentos"


def existe_documento():
    return Exists(DocumentoRepresentacao.objects.filter(processo=OuterRef("pk")))


_ORDEM_DOS_JUNTADOS = ("item", "numero", "-versao")


@leitura.por_pagina
def _juntados(processo):
    """As versões juntadas, por item e arquivo, da mais recente à mais antiga, com quem
    juntou e quem anulou."""
    return DocumentoRepresentacao.objects.do_processo(processo).order_by(*_ORDEM_DOS_JUNTADOS)


@_juntados.na_pagina
def _juntados_na_pagina(processo):
    """Na página do processo o resumo não mostra quem juntou nem quem anulou (sem juntar os
    usuários), e nada é lido quando a consulta do processo anotou que não há documento."""
    if leitura.sem(processo, TEM_DOCUMENTOS):
        return []
    return DocumentoRepresentacao.objects.filter(processo=processo).order_by(*_ORDEM_DOS_JUNTADOS)


@leitura.por_pagina
def checklist_do_processo(processo) -> list[LinhaChecklist]:
    """A lista do Art. 15 do tipo, item a item, com os arquivos juntados (uma consulta)."""
    por_item = defaultdict(lambda: defaultdict(list))
    for documento in _juntados(processo):
        documento.processo = processo
        por_item[documento.item][documento.numero].append(documento)
    exigidos = _exigidos_pelo_fundamento(processo)
    linhas = []
    for definicao in checklist.itens_do_tipo(processo.tipo):
        do_item = por_item.get(definicao.codigo, {})
        linhas.append(
            LinhaChecklist(
                item=definicao.codigo,
                rotulo=definicao.rotulo,
                fundamento=definicao.fundamento,
                obrigatorio=definicao.obrigatorio or definicao.codigo in exigidos,
                arquivos=[ArquivoDoItem(n, do_item[n]) for n in sorted(do_item)],
                aceitos=definicao.aceitos,
            )
        )
    return linhas


def _exigidos_pelo_fundamento(processo) -> tuple[str, ...]:
    """Na extinção, os itens que o fundamento registrado torna obrigatórios (Art. 10, II)."""
    if processo.tipo != "extincao":
        return ()
    from representacao.extincao import dados_vigentes  # a extinção importa este módulo

    dados = dados_vigentes(processo)
    fundamento = dados.fundamento_extincao if dados else ""
    return checklist.EXIGIDOS_POR_FUNDAMENTO.get(fundamento, ())


def itens_faltantes(processo) -> list[str]:
    """Os itens obrigatórios sem arquivo vigente, com o artigo: o que impede receber a
    representação na CRT (Art. 16)."""
    return [
        linha.rotulo_completo
        for linha in checklist_do_processo(processo)
        if linha.obrigatorio and not linha.presente
    ]


def documentos_vigentes(processo) -> list[DocumentoRepresentacao]:
    """A versão vigente de cada arquivo, item a item na ordem da lista do Art. 15 e, no
    item, na ordem em que os arquivos foram juntados."""
    return [d for linha in checklist_do_processo(processo) for d in linha.vigentes]


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
