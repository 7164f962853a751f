"""Um ato = uma função de serviço: transação → trava a linha → guardas → preparo → transição
(só o estado) → grava → Andamento → efeitos colaterais. As views validam a entrada e chamam
uma destas funções."""

from dataclasses import dataclass, fields
from datetime import date

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django_fsm import RETURN_VALUE, ConcurrentTransition

from processos import cronologia, deliberacoes, extensoes, nova_representacao, versao
from processos.atos import (
    ANTERIOR_A_CF,
    ATOS,
    PROMULGACAO_CF,
    preparo_obrigatorio,
    recusa_no_processo,
)
from processos.estados import Estado, Tipo
from processos.leitura import lido
from processos.models import (
    Andamento,
    AtoRecusado,
    Manifestacao,
    Processo,
    SequenciaProtocolo,
)
from processos.papeis import DEPUTADO, papeis_do_usuario, tem_papel
from processos.sequencias import proximo_numero
from processos.versao import (
    MENSAGEM_ANDAMENTO_NOVO,
    MENSAGEM_DESATUALIZADO,
    MENSAGEM_SEM_VERSAO,
    ha_andamento_novo,
)

ORIGEM_DA_CRIACAO = (
    "Na criação, informe o município ou os municípios de origem de onde a área se desmembra "
    "(Art. 1º, § 3º)."
)


SEM_PREPARO = "Ato indisponível: a fase que o calcula não está instalada."


class ProcessoDesatualizado(AtoRecusado):
    """Outra pessoa praticou um ato no mesmo processo antes deste."""


@dataclass(frozen=True)
class DadosProtocolo:
    tipo: str
    nome_proposto: str
    municipios_origem: list
    forma_encaminhamento: str
    data_leitura_expediente: date
    sede_proposta: str = ""
    deputado_autor: object | None = None
    representantes: str = ""
    resumo: str = ""
    area_movida_km2: object | None = None
    area_total_km2: object | None = None
    divisas: str = ""
    memorial_descritivo: str = ""
    # Extinção (Art. 10): o fundamento e os municípios que recebem o território (§§ 1º e
    # 2º), entradas do protocolo; a fase da representação os grava no Andamento pelo seu
    # resultado tipado (`representacao.extincao.ExtincaoNoProtocolo`) e nos seus dados.
    fundamento_extincao: str = ""
    municipios_destino: tuple = ()
    # Art. 13: o protocolo do processo arquivado de que esta é nova representação.
    processo_anterior: str = ""


def protocolar_processo(*, usuario, dados: DadosProtocolo) -> Processo:
    """Art. 13 e 14: a representação lida no expediente é protocolada, registrada e autuada."""
    validar_data_ato(dados.data_leitura_expediente)
    if dados.tipo == Tipo.CRIACAO and not dados.municipios_origem:
        # Art. 1º, § 3º: o novo município resulta do desmembramento de um ou mais municípios.
        raise AtoRecusado(ORIGEM_DA_CRIACAO)
    hoje = timezone.localdate()
    with transaction.atomic():
        anterior = nova_representacao.processo_anterior(
            dados.processo_anterior,
            tipo=dados.tipo,
            municipios_origem=dados.municipios_origem,
            travar=True,
        )
        processo = Processo(
            processo_anterior=anterior,
            tipo=dados.tipo,
            nome_proposto=dados.nome_proposto,
            sede_proposta=dados.sede_proposta,
            forma_encaminhamento=dados.forma_encaminhamento,
            deputado_autor=dados.deputado_autor,
            representantes=dados.representantes,
            data_leitura_expediente=dados.data_leitura_expediente,
            resumo=dados.resumo,
            area_movida_km2=dados.area_movida_km2,
            area_total_km2=dados.area_total_km2,
            divisas=dados.divisas,
            memorial_descritivo=dados.memorial_descritivo,
            ano=hoje.year,
        )
        if not tem_papel(usuario, *ATOS["protocolar"].papeis):
            raise PermissionDenied("Somente a CRT ou a Mesa podem protocolar.")
        processo.numero = proximo_numero(SequenciaProtocolo, hoje.year)
        processo.protocolar()
        processo.save()
        processo.municipios_origem.set(dados.municipios_origem)
        if anterior is not None:
            # A página do arquivado passa a mostrar a nova representação: o cache da página
            # pública é chaveado pela última movimentação.
            Processo.objects.filter(pk=anterior.pk).update(ultima_movimentacao=timezone.now())
        # O que as fases acrescentam ao protocolo (na extinção, o fundamento e os destinos,
        # Art. 10), cada uma pelo seu resultado tipado, lido das entradas do protocolo.
        entradas = {campo.name: getattr(dados, campo.name) for campo in fields(dados)}
        preparados = extensoes.preparar("protocolar", processo, entradas)
        andamento = Andamento.objects.create(
            processo=processo,
            ato="protocolar",
            estado_origem="",
            estado_destino=processo.estado,
            usuario=usuario,
            data_ato=dados.data_leitura_expediente,
            dados={"forma_encaminhamento": dados.forma_encaminhamento}
            | _gravado_pelas_fases(preparados)
            | ({"processo_anterior": anterior.protocolo} if anterior else {}),
        )
        extensoes.registrar(andamento, preparados)
        # Art. 14: o comprovante de protocolo para os peticionários, na mesma transação.
        emitir_documentos_do_ato(andamento)
        extensoes.depois_dos_documentos(andamento, preparados)
        versao.tocar(processo)
        extensoes.avisar(andamento)
    return processo


def _gravado_pelas_fases(preparados: list[extensoes.Preparado]) -> dict:
    """O que os resultados tipados das fases gravam no Andamento (`como_dados()`)."""
    gravado = {}
    for preparado in preparados:
        if preparado.resultado is not None:
            gravado |= preparado.resultado.como_dados()
    return gravado


def validar_data_ato(data_ato: date) -> None:
    """A data da leitura no protocolo (os demais atos: processos.cronologia)."""
    if data_ato > timezone.localdate():
        raise AtoRecusado("A data do ato não pode ser futura.")
    if data_ato < PROMULGACAO_CF:
        raise AtoRecusado(ANTERIOR_A_CF)


def praticar_ato(
    *,
    processo_id: int,
    nome_ato: str,
    usuario,
    data_ato: date,
    dados: dict,
    justificativa: str = "",
    estado_esperado: str | None = None,
    ultimo_andamento: int | None = None,
    minuta: bool = False,
    anexo=None,
) -> Andamento:
    """Pratica o ato `nome_ato` (processos.atos) ou não muda nada.

    Os passos, nesta ordem, cada um uma função abaixo: travar a linha e conferir o estado e
    a versão vistos → guardas (papel, processo, cronologia, votos, condições) → preparar (a
    parte de cada fase, `processos.extensoes.declarar_ato`) → transição (só move o estado)
    → gravar o processo e o Andamento → registrar (as linhas das fases) → documentos → o que
    vem depois dos documentos → avisos. Tudo numa transação.

    `minuta`: pré-visualização — o ato corre inteiro (guardas, preparo, Andamento) numa
    transação que é desfeita; levanta `MinutaDoAto` com o PDF marcado MINUTA, sem código.
    `anexo`: o PDF que a lei prevê para o ato (a ata, o parecer, o ofício;
    `processos.campos.CampoAnexo`), já conferido, juntado ao Andamento.
    """
    ato = ATOS[nome_ato]
    _conferir_pedido(ato, justificativa, ultimo_andamento)
    with transaction.atomic():
        processo = _travar(processo_id, estado_esperado, ultimo_andamento)
        _conferir_guardas(processo, ato, usuario=usuario, data_ato=data_ato, dados=dados)
        preparados = _preparar(processo, ato, dados)
        origem = processo.estado
        _transitar(processo, ato, preparados)
        andamento = _gravar(
            processo,
            ato,
            preparados,
            origem=origem,
            usuario=usuario,
            data_ato=data_ato,
            justificativa=justificativa,
            dados=dados,
            anexo=anexo,
        )
        extensoes.registrar(andamento, preparados)
        if minuta:
            # Antes de qualquer arquivo gravado; a exceção desfaz a transação inteira.
            raise MinutaDoAto(extensoes.documentos().minuta(andamento))
        emitir_documentos_do_ato(andamento)
        extensoes.depois_dos_documentos(andamento, preparados)
        versao.tocar(processo)
        # Por último, os avisos de todo ato (os e-mails: `acompanhamento.envio`).
        extensoes.avisar(andamento)
        return andamento


def _conferir_pedido(ato, justificativa: str, ultimo_andamento: int | None) -> None:
    """Antes de travar: nos atos que não mudam o estado (`Ato.permanece`) o estado não
    distingue o mesmo POST repetido nem a correção feita por outro usuário; ali a versão
    vista (`processos.versao`) é obrigatória."""
    if ato.permanece and ultimo_andamento is None:
        raise ProcessoDesatualizado(MENSAGEM_SEM_VERSAO)
    if ato.exige_justificativa and not justificativa.strip():
        raise AtoRecusado(f"O ato “{ato.rotulo}” exige justificativa.")


def _travar(processo_id: int, estado_esperado: str | None, ultimo_andamento: int | None):
    """A linha do processo é travada (SELECT ... FOR UPDATE) e o estado e a versão lidos são
    comparados com o que o usuário viu: de dois atos simultâneos, exatamente um vale; o
    outro recebe ProcessoDesatualizado. O ConcurrentTransitionMixin é a segunda barreira."""
    processo = Processo.objects.select_for_update().get(pk=processo_id)
    if estado_esperado is not None and processo.estado != estado_esperado:
        raise ProcessoDesatualizado(MENSAGEM_DESATUALIZADO)
    if ultimo_andamento is not None and ha_andamento_novo(processo.pk, ultimo_andamento):
        raise ProcessoDesatualizado(MENSAGEM_ANDAMENTO_NOVO)
    return processo


def _conferir_guardas(processo: Processo, ato, *, usuario, data_ato: date, dados: dict) -> None:
    # As guardas que dependem da data (Art. 3º, parâmetros em vigor) usam a do ato.
    processo.data_do_ato = data_ato
    # O estado antes do papel: has_transition_perm é falso também quando o ato não parte
    # do estado atual, e a recusa diria "seu papel não permite" a quem tem o papel.
    motivos = motivos_indisponivel(processo, ato.nome)
    if motivos:
        raise AtoRecusado(" ".join(motivos))
    # O papel é conferido à parte: has_transition_perm do django-fsm também avalia as
    # condições, e uma condição não atendida deve dar a mensagem do motivo, não 403.
    if not tem_papel(usuario, *ato.papeis):
        raise PermissionDenied(f"Seu papel não permite o ato “{ato.rotulo}”.")
    # A permissão por processo que a transição declara (Art. 23: o Deputado só no
    # processo de que é autor), lida na linha travada: recusa antes de qualquer escrita.
    if recusa := recusa_no_processo(processo, ato.nome, usuario):
        raise AtoRecusado(recusa)
    # A ordem das datas da lei (processos.cronologia), a do ato e as dos dados.
    fora_de_ordem = cronologia.erros(processo, ato.nome, data_ato, dados, hoje=timezone.localdate())
    if fora_de_ordem:
        raise AtoRecusado(" ".join(mensagem for _, mensagem in fora_de_ordem))
    if votos := deliberacoes.erro_dos_votos(ato.nome, dados):
        raise AtoRecusado(votos)


def _preparar(processo: Processo, ato, dados: dict) -> list[extensoes.Preparado]:
    """A parte de cada fase no ato calcula, na linha travada e antes da transição, o que o
    ato decide e grava; sem a fase que calcula um ato que depende dela, recusa (lado
    seguro: o veredito da lei não pode sumir em silêncio)."""
    if preparo_obrigatorio(processo, ato.nome) and not extensoes.tem_preparo(ato.nome):
        raise AtoRecusado(SEM_PREPARO)
    return extensoes.preparar(ato.nome, processo, dados)


def _transitar(processo: Processo, ato, preparados: list) -> None:
    """O método de mesmo nome em `processos/transicoes.py`, a transição do django-fsm, só
    move o estado; nos atos de mais de um destino, para o que o preparo decidiu (a
    conclusão, o veredito do plebiscito, o estado de retorno). Sem ele, recusa (lado seguro:
    o destino que a lei manda calcular não se adivinha)."""
    metodo = getattr(processo, ato.nome)
    if not isinstance(_transicao(processo, ato.nome).target, RETURN_VALUE):
        metodo()
        return
    destino = extensoes.destino(preparados)
    if destino is None:
        raise AtoRecusado(SEM_PREPARO)
    metodo(destino)


def _gravar(
    processo: Processo,
    ato,
    preparados: list,
    *,
    origem: str,
    usuario,
    data_ato,
    justificativa,
    dados,
    anexo,
) -> Andamento:
    """O que o preparo muda no processo (os dados retificados), o processo e o Andamento do
    ato, com o anexo (a ata, o parecer) juntado a ele."""
    extensoes.aplicar(processo, preparados)
    processo.ultima_movimentacao = timezone.now()
    try:
        processo.save()
    except ConcurrentTransition as exc:
        raise ProcessoDesatualizado(MENSAGEM_DESATUALIZADO) from exc
    andamento = Andamento.objects.create(
        processo=processo,
        ato=ato.nome,
        estado_origem=origem,
        estado_destino=processo.estado,
        usuario=usuario,
        data_ato=data_ato,
        justificativa=justificativa.strip(),
        dados=dados,
    )
    if anexo is not None:
        anexo.juntar(andamento)
    return andamento


def emitir_documentos_do_ato(andamento: Andamento) -> list:
    """Os PDFs que o ato produz, na transação dele: a app `documentos`, abaixo das fases,
    registra a emissão em `extensoes` (o hub não a importa) — `documentos.emissao`, que
    monta as peças que a fase declarou no bloco do ato (`declarar_ato(documentos=...)`)."""
    return extensoes.documentos().emitir(andamento)


class MinutaDoAto(Exception):
    """A pré-visualização do documento do ato: nada ficou gravado; `pdf` é a minuta."""

    def __init__(self, pdf: bytes | None):
        super().__init__("minuta")
        self.pdf = pdf


def motivos_indisponivel(processo: Processo, nome_ato: str) -> list[str]:
    """Por que o ato não pode ser praticado agora (lista vazia = pode). Não olha o papel.
    Na página do processo (leitura única), calculado uma vez por ato."""
    return list(lido(processo, _motivos, nome_ato))


def _motivos(processo: Processo, nome_ato: str) -> tuple[str, ...]:
    transicao = _transicao(processo, nome_ato)
    if transicao is None:
        rotulo = Estado(processo.estado).label if processo.estado else "novo"
        return (f"Ato não disponível no estado atual ({rotulo}).",)
    motivos = []
    for condicao in transicao.conditions:
        # As condições das fases dizem, numa passada, quais falharam e por quê.
        if hasattr(condicao, "motivos"):
            falhas = condicao.motivos(processo)
            if falhas:
                motivos.append(" ".join(falhas))
        elif not condicao(processo):
            mensagem = getattr(condicao, "mensagem", "Condição não atendida.")
            motivos.append(mensagem(processo) if callable(mensagem) else mensagem)
    return tuple(motivos)


def _transicao(processo: Processo, nome_ato: str):
    for transicao in processo.get_all_estado_transitions():
        if transicao.name == nome_ato and transicao.source == processo.estado:
            return transicao
    return None


@dataclass(frozen=True)
class AtoNaTela:
    nome: str
    rotulo: str
    slug: str
    motivos: tuple[str, ...]

    @property
    def disponivel(self) -> bool:
        return not self.motivos


def atos_da_tela(processo: Processo, usuario) -> list[AtoNaTela]:
    """Os atos que partem do estado atual e que o papel do usuário permite: disponíveis, ou
    indisponíveis com o motivo (exibido no botão desabilitado)."""
    lista = []
    vistos = set()
    for transicao in processo.get_all_estado_transitions():
        if transicao.source != processo.estado or transicao.name in vistos:
            continue
        vistos.add(transicao.name)
        ato = ATOS[transicao.name]
        if ato.tela_da_fase or not transicao.has_perm(processo, usuario):
            continue
        motivos = tuple(motivos_indisponivel(processo, transicao.name))
        lista.append(AtoNaTela(ato.nome, ato.rotulo, ato.slug, motivos))
    return lista


def registrar_manifestacao(*, processo: Processo, deputado, texto: str) -> Manifestacao:
    """Art. 22: voz do Deputado no processo, sem ato nem voto."""
    if not tem_papel(deputado, DEPUTADO):
        raise PermissionDenied("Somente Deputados registram manifestações (Art. 22).")
    texto = texto.strip()
    if not texto:
        raise AtoRecusado("Escreva a manifestação.")
    with transaction.atomic():
        manifestacao = Manifestacao.objects.create(
            processo=processo, deputado=deputado, texto=texto
        )
        # A página do processo guarda pela revisão se há manifestações.
        versao.tocar(processo)
    return manifestacao


# Atos que cabem em quase qualquer estado: não contam como trabalho pendente no painel.
ATOS_GERAIS = frozenset(
    {"arquivar", "desarquivar", "reabrir_por_decisao_do_plenario", "sobrestar", "retomar"}
)


def estados_com_atos_do_usuario(usuario) -> set[str]:
    """Estados de onde parte algum ato do rito que o papel do usuário pratica: os processos
    nesses estados esperam por ele (painel e filtro "aguardando meus atos")."""
    meus = papeis_do_usuario(usuario)
    return {
        transicao.source
        for transicao in Processo._meta.get_field("estado").get_all_transitions(Processo)
        if transicao.name not in ATOS_GERAIS
        and not ATOS[transicao.name].permanece
        and transicao.source
        and ATOS[transicao.name].papeis & meus
    }
