"""As emissões longas em segundo plano (STYLE 17: comandos de gestão lendo linhas do banco,
sem fila nem broker). A requisição só cria a linha (`solicitar_copia_integral`) e devolve a
página de acompanhamento; o comando `processar_tarefas` — um serviço próprio no
docker-compose, uma linha de execução do `make run` — toma a mais antiga e a executa,
gravando o progresso na própria linha. O selo da Assembleia (B-LTA, ~1 s) vem pela mesma
fila: pedido na emissão ou na última assinatura pessoal (documentos.assinatura.fila).

Quem executa e morre no meio (SIGKILL, falta de memória, máquina reiniciada) deixa de tocar
o batimento; depois de `LIMITE_SEM_SINAL` a tarefa volta a ser tomada, até `MAX_TENTATIVAS`
vezes — depois disso falha com a mensagem, em vez de derrubar os executores para sempre.
"""

import logging
import threading
import time
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, close_old_connections, connection, transaction
from django.db.models import Q
from django.utils import timezone

from documentos.copia_integral import copia_atual, emitir_copia_integral
from documentos.models import Documento, EstadoTarefa, TarefaDocumento, TipoTarefa
from processos import versao
from processos.condicoes import condicao
from processos.models import AtoRecusado

logger = logging.getLogger(__name__)

# Sem sinal de vida por este tempo, quem executava é dado como morto. O batimento é tocado a
# cada avanço (cada peça lida, cada 20 páginas juntadas); a composição das molduras de um
# processo de milhares de páginas é o trecho mais longo sem avanço (minutos, não dezenas).
LIMITE_SEM_SINAL = timedelta(minutes=20)
MAX_TENTATIVAS = 3
# Entre duas gravações do progresso (a página se atualiza a cada poucos segundos).
INTERVALO_PROGRESSO = 1.0

FALHA_INESPERADA = (
    "A montagem da cópia integral falhou por um erro inesperado do sistema (registrado para o "
    "suporte). Peça a cópia de novo; se a falha se repetir, acione o suporte."
)
FALHA_INTERROMPIDA = (
    f"A montagem da cópia integral foi interrompida {MAX_TENTATIVAS} vezes (o executor parou "
    "no meio, provavelmente sem memória). Acione o suporte antes de pedir de novo."
)
SELANDO = "Selando: assinatura da Assembleia em PAdES B-LTA, com o carimbo do tempo"
# O selo que não sai não desfaz nada: o documento continua emitido e válido pelo código.
SELO_NAO_APLICADO = "O selo da Assembleia não foi aplicado (o documento vale pelo código): "
SELO_SEM_CARIMBO = (
    SELO_NAO_APLICADO + "a autoridade de carimbo do tempo não respondeu. Acione o suporte."
)
SELO_INTERROMPIDO = (
    SELO_NAO_APLICADO + f"o executor parou no meio {MAX_TENTATIVAS} vezes. Acione o suporte."
)
SELO_INESPERADA = (
    SELO_NAO_APLICADO + "erro inesperado do sistema (registrado para o suporte). Acione o suporte."
)


def em_curso(processo, tipo: str = TipoTarefa.COPIA_INTEGRAL) -> TarefaDocumento | None:
    return TarefaDocumento.objects.filter(
        processo=processo, tipo=tipo, estado__in=[EstadoTarefa.PENDENTE, EstadoTarefa.EXECUTANDO]
    ).first()


def solicitar_copia_integral(processo, *, usuario) -> TarefaDocumento:
    """Põe a cópia integral na fila, ou devolve a que já está na fila ou em montagem: dois
    pedidos (dois cliques, duas abas) acompanham a mesma montagem. A página do processo (em
    cache pela revisão, `versao.tocar`) mostra a montagem na hora."""
    existente = em_curso(processo)
    if existente:
        return existente
    try:
        with transaction.atomic():
            tarefa = TarefaDocumento.objects.create(
                tipo=TipoTarefa.COPIA_INTEGRAL,
                processo=processo,
                solicitada_por=usuario,
                etapa="Na fila: aguardando o início da montagem",
            )
            versao.tocar(processo)
            return tarefa
    except IntegrityError:
        # Outro pedido criou a linha entre a consulta e o INSERT (restrição do banco).
        return em_curso(processo)


def _sem_copia_pronta(processo) -> str:
    tarefa = em_curso(processo)
    if tarefa:
        return (
            "A cópia integral autenticada (Art. 19, § 1º) ainda está sendo montada "
            f"({tarefa.etapa}); o encaminhamento ao TRE fica disponível quando ela estiver pronta."
        )
    anterior = Documento.objects.vigentes().filter(processo=processo, tipo="copia_integral")
    if anterior.exists():
        return (
            "A cópia integral autenticada vigente é anterior ao último ato do processo e não "
            "contém todos os autos (Art. 19, § 1º): peça uma nova na seção “Documentos "
            "emitidos”; ela é montada em segundo plano."
        )
    return (
        "O Decreto Legislativo segue ao TRE com a cópia integral autenticada do processo "
        "(Art. 19, § 1º): peça-a antes na seção “Documentos emitidos”; ela é montada em "
        "segundo plano."
    )


@condicao(_sem_copia_pronta)
def copia_integral_pronta(processo) -> bool:
    """Art. 19, § 1º: o encaminhamento ao TRE lê a cópia pronta; não a monta na requisição."""
    return copia_atual(processo) is not None


def _tomaveis(agora):
    abandonada = Q(estado=EstadoTarefa.EXECUTANDO, batimento_em__lt=agora - LIMITE_SEM_SINAL)
    return TarefaDocumento.objects.filter(Q(estado=EstadoTarefa.PENDENTE) | abandonada)


def tomar_proxima() -> TarefaDocumento | None:
    """A tarefa pendente mais antiga (ou uma abandonada por quem morreu), já marcada como em
    execução por este executor. No PostgreSQL, `skip_locked` deixa dois executores tomarem
    tarefas diferentes ao mesmo tempo; a atualização condicional garante, também no SQLite,
    que só um deles fica com cada tarefa."""
    agora = timezone.now()
    with transaction.atomic():
        tarefa = _tomaveis(agora).select_for_update(skip_locked=True).order_by("criada_em").first()
        if tarefa is None:
            return None
        if tarefa.tentativas >= MAX_TENTATIVAS:
            interrompida = (
                SELO_INTERROMPIDO if tarefa.tipo == TipoTarefa.SELO else FALHA_INTERROMPIDA
            )
            _concluir(tarefa, EstadoTarefa.FALHOU, mensagem=interrompida)
            return tomar_proxima()
        tomada = (
            TarefaDocumento.objects.filter(
                pk=tarefa.pk, estado=tarefa.estado, tentativas=tarefa.tentativas
            ).update(
                estado=EstadoTarefa.EXECUTANDO,
                tentativas=tarefa.tentativas + 1,
                iniciada_em=agora,
                batimento_em=agora,
                etapa="Iniciando a montagem",
                feito=0,
                total=0,
            )
            == 1
        )
        if tomada and tarefa.processo_id:
            # A mudança de estado (e a etapa, que a página mostra) muda a página do processo.
            versao.tocar(tarefa.processo_id)
    if not tomada:
        return tomar_proxima()
    tarefa.refresh_from_db()
    return tarefa


def _concluir(tarefa: TarefaDocumento, estado: str, *, documento=None, mensagem="") -> None:
    campos = {
        "estado": estado,
        "mensagem": mensagem,
        "etapa": "Concluída" if estado == EstadoTarefa.PRONTA else "Falhou",
        "concluida_em": timezone.now(),
    }
    # No selo, o documento é o alvo desde a criação da linha: nunca é apagado.
    if documento is not None or tarefa.tipo != TipoTarefa.SELO:
        campos["documento"] = documento
    with transaction.atomic():
        TarefaDocumento.objects.filter(pk=tarefa.pk).update(**campos)
        if tarefa.processo_id:
            # A página do processo (em cache pela revisão) deixa o "selando…" e mostra a falha.
            versao.tocar(tarefa.processo_id)


def _registrar_progresso(tarefa: TarefaDocumento) -> Callable[[str, int, int], None]:
    """O avanço da cópia integral: não incrementa a revisão do processo (seria a cada
    segundo); a página lê a etapa da tarefa em curso a cada visita, fora dos trechos em
    cache, enquanto a anotação guardada pela revisão diz que há uma."""
    ultimo = [0.0]

    def progresso(etapa: str, feito: int, total: int) -> None:
        agora = time.monotonic()
        if agora - ultimo[0] < INTERVALO_PROGRESSO and feito != total:
            return
        ultimo[0] = agora
        TarefaDocumento.objects.filter(pk=tarefa.pk).update(
            etapa=etapa[:200], feito=feito, total=total, batimento_em=timezone.now()
        )

    return progresso


def executar(tarefa: TarefaDocumento) -> None:
    """Executa a tarefa e grava o resultado: o documento, ou a falha em pt-BR."""
    if tarefa.tipo == TipoTarefa.SELO:
        _executar_selo(tarefa)
    else:
        _executar_copia(tarefa)


def _executar_copia(tarefa: TarefaDocumento) -> None:
    """Monta a cópia integral. A recusa prevista (peça alterada, sumida) sai com a mensagem
    dela; um erro do sistema, com a mensagem genérica — e o registro completo no log. A
    cópia pronta pede o próprio selo (a emissão o põe nesta mesma fila)."""
    try:
        documento = emitir_copia_integral(
            tarefa.processo, usuario=tarefa.solicitada_por, progresso=_registrar_progresso(tarefa)
        )
    except AtoRecusado as recusa:
        _concluir(tarefa, EstadoTarefa.FALHOU, mensagem=str(recusa))
    except Exception:
        logger.exception("Falha na tarefa de documento %s", tarefa.pk)
        _concluir(tarefa, EstadoTarefa.FALHOU, mensagem=FALHA_INESPERADA)
    else:
        _concluir(tarefa, EstadoTarefa.PRONTA, documento=documento)


def _executar_selo(tarefa: TarefaDocumento) -> None:
    # O pyHanko (~40 MB) só no executor que sela: as páginas importam este módulo (a fila da
    # cópia integral) e o worker que as serve não deve carregá-lo.
    from pyhanko.sign.timestamps.common_utils import TimestampRequestError

    from documentos.assinatura import pessoal, selo, servicos

    with transaction.atomic():
        TarefaDocumento.objects.filter(pk=tarefa.pk).update(
            etapa=SELANDO, batimento_em=timezone.now()
        )
        if tarefa.processo_id:
            versao.tocar(tarefa.processo_id)  # a página mostra "selando… (Selando: …)"
    try:
        servicos.selar(tarefa.documento)
    except selo.SeloIndisponivel as erro:
        mensagem = SELO_NAO_APLICADO + str(erro)
    except TimestampRequestError:
        logger.exception("Selo do documento %s: carimbo do tempo", tarefa.documento_id)
        mensagem = SELO_SEM_CARIMBO
    except pessoal.AssinaturaRecusada as erro:
        mensagem = SELO_NAO_APLICADO + str(erro)
    except Exception:
        logger.exception("Falha no selo do documento %s", tarefa.documento_id)
        mensagem = SELO_INESPERADA
    else:
        _concluir(tarefa, EstadoTarefa.PRONTA, documento=tarefa.documento)
        return
    _concluir(tarefa, EstadoTarefa.FALHOU, documento=tarefa.documento, mensagem=mensagem)


def _renovar_conexao() -> None:
    """Como o Django faz a cada requisição: a conexão velha ou quebrada (o banco reiniciou)
    é trocada entre duas tarefas. Dentro de uma transação de quem chamou (os testes), não."""
    if not connection.in_atomic_block:
        close_old_connections()


def processar(
    *,
    uma_vez: bool = False,
    intervalo: float = 2.0,
    parar: threading.Event | None = None,
    sinal_de_vida: Callable[[], None] | None = None,
) -> int:
    """O laço do executor: toma e executa tarefas; sem nenhuma, espera `intervalo` segundos.
    `uma_vez`: executa as que houver e volta. Devolve quantas executou."""
    parar = parar or threading.Event()
    executadas = 0
    while not parar.is_set():
        _renovar_conexao()
        if sinal_de_vida:
            sinal_de_vida()
        tarefa = tomar_proxima()
        if tarefa is not None:
            executar(tarefa)
            executadas += 1
            continue
        if uma_vez:
            break
        parar.wait(intervalo)
    _renovar_conexao()
    return executadas


def iniciar_em_segundo_plano(intervalo: float = 2.0) -> threading.Thread:
    """Para o servidor local (`make run`): o mesmo laço numa linha de execução do processo,
    que morre com ele."""

    def laco():
        while True:
            try:
                processar(intervalo=intervalo)
            except Exception:  # o banco pode estar ocupado; o laço não pode morrer
                logger.exception("Executor de tarefas: falha no laço; recomeçando")
                time.sleep(intervalo)

    linha = threading.Thread(target=laco, name="processar_tarefas", daemon=True)
    linha.start()
    return linha
