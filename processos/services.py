"""Um ato = uma função de serviço: transação → trava a linha → transição → grava →
Andamento → efeitos colaterais. As views validam a entrada e chamam uma destas funções."""

from dataclasses import dataclass
from datetime import date

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django_fsm import ConcurrentTransition

from processos import cronologia, deliberacoes, extensoes, nova_representacao, versao
from processos.atos import ANTERIOR_A_CF, ATOS, PROMULGACAO_CF, recusa_no_processo
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
    # 2º), gravados no Andamento; a fase da representação os guarda nos seus dados.
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
        processo.protocolar({})
        processo.save()
        processo.municipios_origem.set(dados.municipios_origem)
        if anterior is not None:
            # A página do arquivado passa a mostrar a nova representação: o cache da página
            # pública é chaveado pela última movimentação.
            Processo.objects.filter(pk=anterior.pk).update(ultima_movimentacao=timezone.now())
        andamento = Andamento.objects.create(
            processo=processo,
            ato="protocolar",
            estado_origem="",
            estado_destino=processo.estado,
            usuario=usuario,
            data_ato=dados.data_leitura_expediente,
            dados={"forma_encaminhamento": dados.forma_encaminhamento}
            | _extincao(dados)
            | ({"processo_anterior": anterior.protocolo} if anterior else {}),
        )
        extensoes.aplicar_efeitos(andamento)
        # Art. 14: o comprovante de protocolo para os peticionários, na mesma transação.
        emitir_documentos_do_ato(andamento)
        versao.tocar(processo)
    return processo


def _extincao(dados: DadosProtocolo) -> dict:
    if not dados.fundamento_extincao:
        return {}
    destinos = [{"codigo_ibge": m.codigo_ibge, "nome": m.nome} for m in dados.municipios_destino]
    return {"fundamento_extincao": dados.fundamento_extincao, "municipios_destino": destinos}


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

    `minuta`: pré-visualização — o ato corre inteiro (guardas, preparo, Andamento) numa
    transação que é desfeita; levanta `MinutaDoAto` com o PDF marcado MINUTA, sem código.

    A linha do processo é travada (SELECT ... FOR UPDATE) e o estado lido é comparado com o
    que o usuário viu: de dois atos simultâneos, exatamente um vale; o outro recebe
    ProcessoDesatualizado. O ConcurrentTransitionMixin é a segunda barreira (SQLite).
    `ultimo_andamento` é a versão que o formulário viu (`processos.versao`): um Andamento
    mais novo recusa o ato. Nos atos que não mudam o estado (`Ato.permanece`) o estado não
    distingue o mesmo POST repetido nem a correção feita por outro usuário: ali a versão é
    obrigatória, e sem ela o ato é recusado. `anexo`: o PDF que a lei prevê para o ato (a
    ata, o parecer, o ofício; `processos.campos.CampoAnexo`), já conferido, juntado ao Andamento.
    """
    ato = ATOS[nome_ato]
    if ato.permanece and ultimo_andamento is None:
        raise ProcessoDesatualizado(MENSAGEM_SEM_VERSAO)
    if ato.exige_justificativa and not justificativa.strip():
        raise AtoRecusado(f"O ato “{ato.rotulo}” exige justificativa.")
    with transaction.atomic():
        processo = Processo.objects.select_for_update().get(pk=processo_id)
        if estado_esperado is not None and processo.estado != estado_esperado:
            raise ProcessoDesatualizado(MENSAGEM_DESATUALIZADO)
        if ultimo_andamento is not None and ha_andamento_novo(processo.pk, ultimo_andamento):
            raise ProcessoDesatualizado(MENSAGEM_ANDAMENTO_NOVO)
        # O estado antes do papel: has_transition_perm é falso também quando o ato não parte
        # do estado atual, e a recusa diria "seu papel não permite" a quem tem o papel.
        # As guardas que dependem da data (Art. 3º, parâmetros em vigor) usam a do ato.
        processo.data_do_ato = data_ato
        motivos = motivos_indisponivel(processo, nome_ato)
        if motivos:
            raise AtoRecusado(" ".join(motivos))
        metodo = getattr(processo, nome_ato)
        # O papel é conferido à parte: has_transition_perm do django-fsm também avalia as
        # condições, e uma condição não atendida deve dar a mensagem do motivo, não 403.
        if not tem_papel(usuario, *ato.papeis):
            raise PermissionDenied(f"Seu papel não permite o ato “{ato.rotulo}”.")
        # A permissão por processo que a transição declara (Art. 23: o Deputado só no
        # processo de que é autor), lida na linha travada: recusa antes de qualquer escrita.
        if recusa := recusa_no_processo(processo, nome_ato, usuario):
            raise AtoRecusado(recusa)
        # A ordem das datas da lei (processos.cronologia), a do ato e as dos dados.
        fora_de_ordem = cronologia.erros(
            processo, nome_ato, data_ato, dados, hoje=timezone.localdate()
        )
        if fora_de_ordem:
            raise AtoRecusado(" ".join(mensagem for _, mensagem in fora_de_ordem))
        if votos := deliberacoes.erro_dos_votos(nome_ato, dados):
            raise AtoRecusado(votos)
        origem = processo.estado
        metodo(dados)
        processo.ultima_movimentacao = timezone.now()
        try:
            processo.save()
        except ConcurrentTransition as exc:
            raise ProcessoDesatualizado(MENSAGEM_DESATUALIZADO) from exc
        andamento = Andamento.objects.create(
            processo=processo,
            ato=nome_ato,
            estado_origem=origem,
            estado_destino=processo.estado,
            usuario=usuario,
            data_ato=data_ato,
            justificativa=justificativa.strip(),
            dados=dados,
        )
        if anexo is not None:
            anexo.juntar(andamento)
        # As linhas que a fase do ato cria (resultado do plebiscito, fases no TRE, ...), os
        # PDFs do ato e, depois deles, o que vem nos autos em seguida (os ofícios do Art. 17,
        # § 2º, com os seus PDFs) — tudo na mesma transação.
        extensoes.aplicar_efeitos(andamento)
        if minuta:
            # Antes de qualquer arquivo gravado; a exceção desfaz a transação inteira.
            raise MinutaDoAto(extensoes.documentos().minuta(andamento))
        emitir_documentos_do_ato(andamento)
        extensoes.aplicar_efeitos(andamento, depois_dos_documentos=True)
        versao.tocar(processo)
        return andamento


def emitir_documentos_do_ato(andamento: Andamento) -> list:
    """Os PDFs que o ato produz, na transação dele: a app `documentos`, abaixo das fases,
    registra a emissão em `extensoes` (o hub não a importa)."""
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
    return Manifestacao.objects.create(processo=processo, deputado=deputado, texto=texto)


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
