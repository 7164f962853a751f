"""Todo formulário de ato leva a versão do processo que o usuário viu (o último
andamento, processos.versao). Nos atos que não mudam o estado ela é obrigatória; um
formulário desatualizado recebe "Outro usuário alterou este processo…" e não grava nada.

As listas de atos vêm da tabela processos.atos: um ato novo entra nestes testes sozinho."""

import re

import pytest
from django.apps import apps
from django.urls import reverse

from processos.atos import ATOS
from processos.models import Andamento, Processo
from processos.services import motivos_indisponivel
from processos.versao import versao_do_processo
from tests.processos.construtores import (
    CAMINHOS,
    alcancaveis,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    recarregar,
)
from tests.territorio.construtores import preparar_recalculo

DESATUALIZADO = (
    "Outro usuário alterou este processo depois que você abriu o formulário (ou este mesmo "
    "formulário já foi enviado); recarregue a página e confira antes de repetir. Nada foi "
    "gravado."
)
SEM_VERSAO = (
    "Este formulário não diz qual versão do processo você viu; recarregue a página e confira "
    "antes de repetir. Nada foi gravado."
)

# Todo ato com página de formulário (o protocolo tem a sua, fora da tabela de atos).
# Os da tela da fase (a linha da lista de signatários) levam a versão na página da fase
# (tests/representacao/test_correcao_da_lista.py).
ATOS_COM_FORMULARIO = sorted(
    nome for nome, ato in ATOS.items() if nome != "protocolar" and not ato.tela_da_fase
)
ATOS_QUE_PERMANECEM = sorted(
    nome for nome, ato in ATOS.items() if ato.permanece and not ato.tela_da_fase
)
_TRANSICOES = tuple(Processo._meta.get_field("estado").get_all_transitions(Processo))


def _origens(nome_ato: str) -> set[str]:
    return {str(t.source) for t in _TRANSICOES if t.name == nome_ato}


def _desvio(nome_ato: str) -> str:
    """De onde o processo arquivado veio: a reabertura pelo Plenário pressupõe o arquivamento
    por uma votação; os demais atos do arquivado, o do Presidente."""
    return (
        "deliberacao_plenario"
        if nome_ato == "reabrir_por_decisao_do_plenario"
        else ("em_instrucao")
    )


def processo_em_que_cabe(usuario, nome_ato: str) -> Processo:
    """O primeiro processo (tipo, etapa do caminho) em que o ato está disponível agora.
    Revogar uma liberação (Art. 23) pressupõe uma liberação vigente: os detalhes são
    liberados antes."""
    origens = _origens(nome_ato)
    for variante in CAMINHOS:
        for estado in alcancaveis(variante):
            if estado not in origens:
                continue
            processo = processo_no_estado(
                usuario, variante, estado, origem_desvio=_desvio(nome_ato)
            )
            if nome_ato == "revogar_liberacao":
                praticar(processo, usuario, "liberar_informacao", dados={"item": "detalhes"})
            if nome_ato == "recalcular_territorio":  # um mapa conferido e outra edição
                preparar_recalculo(processo, usuario)
            if not motivos_indisponivel(recarregar(processo), nome_ato):
                return recarregar(processo)
            Processo.objects.filter(pk=processo.pk).update(estado="arquivado")
    raise AssertionError(f"nenhum processo de teste em que caiba {nome_ato}")


def _url(processo, nome_ato: str) -> str:
    return reverse("processos:ato", args=[processo.slug, ATOS[nome_ato].slug])


def _versao_da_pagina(client, processo, nome_ato: str) -> str:
    pagina = client.get(_url(processo, nome_ato))
    assert pagina.status_code == 200
    achado = re.search(
        r'<input type="hidden" name="ultimo_andamento" value="(\d+)"', pagina.content.decode()
    )
    assert achado, f"o formulário de {nome_ato} não leva a versão do processo"
    return achado.group(1)


def _linhas_gravadas() -> dict[str, int]:
    """Quantas linhas cada tabela das fases tem: o que um ato recusado não pode mudar."""
    return {
        modelo._meta.label: modelo.objects.count()
        for modelo in apps.get_models()
        if modelo._meta.app_label
        in {"processos", "plebiscito", "instrucao", "representacao", "documentos", "transparencia"}
    }


@pytest.mark.parametrize("nome_ato", ATOS_COM_FORMULARIO)
def test_todo_formulario_de_ato_leva_a_versao_que_o_usuario_viu(client, operador, nome_ato):
    processo = processo_em_que_cabe(operador, nome_ato)
    client.force_login(operador)

    visto = _versao_da_pagina(client, processo, nome_ato)

    assert int(visto) == versao_do_processo(processo.pk)
    assert int(visto) == processo.andamentos.order_by("-pk").first().pk


@pytest.mark.parametrize("nome_ato", ATOS_QUE_PERMANECEM)
def test_ato_que_nao_muda_o_estado_do_mesmo_formulario_duas_vezes_vale_uma(
    client, operador, nome_ato
):
    processo = processo_em_que_cabe(operador, nome_ato)
    client.force_login(operador)
    visto = _versao_da_pagina(client, processo, nome_ato)
    post = formulario_do_ato(processo, nome_ato, ultimo_andamento=visto)
    praticados = processo.andamentos.filter(ato=nome_ato).count()

    primeira = client.post(_url(processo, nome_ato), post)
    assert primeira.status_code == 302, primeira.content.decode()[:3000]
    antes = _linhas_gravadas()
    segunda = client.post(_url(processo, nome_ato), post)

    assert segunda.status_code == 400
    assert DESATUALIZADO in segunda.content.decode()
    assert _linhas_gravadas() == antes
    assert processo.andamentos.filter(ato=nome_ato).count() == praticados + 1


@pytest.mark.parametrize("nome_ato", ATOS_QUE_PERMANECEM)
def test_ato_que_nao_muda_o_estado_sem_a_versao_e_recusado(client, operador, nome_ato):
    processo = processo_em_que_cabe(operador, nome_ato)
    client.force_login(operador)
    post = formulario_do_ato(processo, nome_ato)
    del post["ultimo_andamento"]
    antes = _linhas_gravadas()

    resposta = client.post(_url(processo, nome_ato), post)

    assert resposta.status_code == 400
    assert SEM_VERSAO in resposta.content.decode()
    assert _linhas_gravadas() == antes


def test_ato_que_muda_o_estado_confere_a_versao_quando_vem(client, operador):
    """O estado visto continua a guarda dos atos que o mudam; a versão, quando vem, recusa
    também o formulário aberto antes de um ato que não mudou o estado (aqui, uma liberação
    do Art. 23)."""
    processo = processo_no_estado(operador, "criacao", "em_instrucao")
    client.force_login(operador)
    visto = _versao_da_pagina(client, processo, "registrar_visita")
    praticar(processo, operador, "liberar_informacao", dados={"item": "detalhes"})

    com_versao = formulario_do_ato(processo, "registrar_visita", ultimo_andamento=visto)
    recusada = client.post(_url(processo, "registrar_visita"), com_versao)
    assert recusada.status_code == 400
    assert DESATUALIZADO in recusada.content.decode()
    assert recarregar(processo).estado == "em_instrucao"

    sem_versao = formulario_do_ato(processo, "registrar_visita")
    del sem_versao["ultimo_andamento"]
    assert client.post(_url(processo, "registrar_visita"), sem_versao).status_code == 302
    assert recarregar(processo).estado == "visita_realizada"


def test_retificacao_do_resultado_desatualizada_mostra_o_aviso_e_guarda_o_digitado(
    client, operador, mesa
):
    """O caso relatado: duas retificações do resultado a partir da mesma página. A
    segunda diz o motivo na página (400, não 500) e devolve o que o usuário digitou."""
    processo = processo_em_que_cabe(operador, "retificar_resultado")
    client.force_login(operador)
    visto = _versao_da_pagina(client, processo, "retificar_resultado")
    post = formulario_do_ato(processo, "retificar_resultado", ultimo_andamento=visto)
    assert client.post(_url(processo, "retificar_resultado"), post).status_code == 302
    versoes = Andamento.objects.filter(processo=processo, ato="retificar_resultado").count()

    client.force_login(mesa)
    digitado = post | {"oficio_tre": "77/2026", "justificativa": "Corrige o comparecimento."}
    resposta = client.post(_url(processo, "retificar_resultado"), digitado)

    assert resposta.status_code == 400
    pagina = resposta.content.decode()
    assert DESATUALIZADO in pagina
    assert 'value="77/2026"' in pagina
    assert "Corrige o comparecimento." in pagina
    assert Andamento.objects.filter(processo=processo, ato="retificar_resultado").count() == (
        versoes
    )
