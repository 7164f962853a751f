"""A ordem das datas da lei (processos.cronologia, Arts. 13 a 20): cada data de cada ato, de
todo tipo que passa pelo ato, um dia antes da data anterior (recusado, nada gravado) e no
mesmo dia (gravado). As tabelas vêm do código (cronologia, rito, atos), para que um ato
novo entre sozinho; os casos do relato ficam escritos por extenso no fim."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from processos import cronologia, rito
from processos.atos import ATOS
from processos.models import Andamento, AtoRecusado, Processo
from tests.processos.construtores import (
    dados_em,
    dados_resultado,
    formulario_do_ato,
    para_post,
    praticar,
    processo_no_estado,
    recarregar,
)
from tests.territorio.construtores import preparar_recalculo

HOJE = timezone.localdate()
D = HOJE - timedelta(days=5)  # a data anterior (o marco)
VESPERA = D - timedelta(days=1)
CONCLUSAO = {"deliberar_arquivamento": "rejeitado", "deliberar_plenario": "aprovado"}
ATOS_DE_RESULTADO = ("registrar_resultado", "retificar_resultado")


def _br(data):
    return data.strftime("%d/%m/%Y")


def _origem(nome_ato: str) -> str:
    """O estado de onde o ato parte (o primeiro do rito, nos atos gerais)."""
    if nome_ato == "emitir_parecer_preliminar":  # do estado em_instrucao só a alteração de nome
        return "visita_realizada"
    campo = Processo._meta.get_field("estado")
    origens = {t.source for t in campo.get_all_transitions(Processo) if t.name == nome_ato}
    return next(e for e in rito.CAMINHO_COMPLETO + tuple(rito.DESVIOS) if e in origens)


def _variante(tipo: str) -> str:
    return "revisao_limites_com_plebiscito" if tipo == "revisao_limites" else tipo


def _tipos_do_ato(nome_ato: str) -> list[str]:
    origem = _origem(nome_ato)
    caminhos = {t: rito.caminho(t) + tuple(rito.DESVIOS) for t in rito.RITOS}
    return [t for t, caminho in caminhos.items() if origem in caminho]


def _dados(processo, nome_ato: str, data) -> dict:
    if nome_ato in ATOS_DE_RESULTADO:
        return dados_resultado(processo) | {"data_oficio_tre": data, "data_leitura_plenario": data}
    return dados_em(nome_ato, CONCLUSAO.get(nome_ato, _primeira(nome_ato)), data)


def _primeira(nome_ato: str) -> str:
    from tests.processos.construtores import DADOS

    return next(iter(DADOS[nome_ato]))


REGRAS = [
    pytest.param(nome_ato, regra, marco, tipo, id=f"{nome_ato}-{regra.campo}-{i}-{tipo}")
    for nome_ato, regras in cronologia.DATAS.items()
    for regra in regras
    for i, marco in enumerate(regra.depois_de)
    for tipo in _tipos_do_ato(nome_ato)
]


def _com_o_marco(operador, nome_ato, marco, tipo):
    processo = processo_no_estado(operador, _variante(tipo), _origem(nome_ato))
    if marco.ato:  # o ato anterior, gravado com a data do marco
        dados = {} if marco.campo == "data_ato" else {marco.campo: D.isoformat()}
        Andamento.objects.create(
            processo=processo,
            ato=marco.ato,
            estado_origem=processo.estado,
            estado_destino=processo.estado,
            usuario=operador,
            data_ato=D if marco.campo == "data_ato" else processo.andamentos.first().data_ato,
            dados=dados | ({"fase": marco.fase} if marco.fase else {}),
        )
    return recarregar(processo)


def _praticar_com(processo, operador, nome_ato, regra, marco, valor):
    data_ato = HOJE
    dados = _dados(processo, nome_ato, HOJE)
    if marco.ato is None:  # o marco é outra data do mesmo ato
        if marco.campo == "data_ato":
            data_ato = D
            dados = _dados(processo, nome_ato, D)
        else:
            dados[marco.campo] = D
    if regra.campo == "data_ato":
        data_ato = valor
        dados = _dados(processo, nome_ato, valor)
    else:
        dados[regra.campo] = valor
    if marco.quando_fase:  # o marco só vale nestas fases do ato (a realização do plebiscito)
        dados["fase"] = marco.quando_fase[0]
    return praticar(processo, operador, nome_ato, dados=dados, data_ato=data_ato)


@pytest.mark.parametrize(("nome_ato", "regra", "marco", "tipo"), REGRAS)
def test_cada_data_da_tabela_nos_dois_lados(operador, nome_ato, regra, marco, tipo):
    processo = _com_o_marco(operador, nome_ato, marco, tipo)
    antes = processo.andamentos.count()

    with pytest.raises(AtoRecusado) as recusa:
        _praticar_com(processo, operador, nome_ato, regra, marco, VESPERA)
    assert f"{regra.rotulo} ({_br(VESPERA)}) não pode ser anterior {marco.rotulo} ({_br(D)}, " in (
        str(recusa.value)
    )
    assert processo.andamentos.count() == antes

    andamento = _praticar_com(processo, operador, nome_ato, regra, marco, D)
    assert andamento.ato == nome_ato
    assert processo.andamentos.count() == antes + 1


# A correção da lista de signatários é praticada hoje, na tela da fase (sem data a digitar).
GERAIS = [
    pytest.param(nome, id=nome)
    for nome, ato in ATOS.items()
    if nome != "protocolar" and not ato.tela_da_fase
]


@pytest.mark.parametrize("nome_ato", GERAIS)
def test_todo_ato_nao_antecede_o_ultimo_andamento_e_aceita_o_mesmo_dia(operador, nome_ato):
    """Regra geral: a data de todo ato segue a do último andamento do processo."""
    tipo = _tipos_do_ato(nome_ato)[0]
    # A reabertura pelo Plenário pressupõe o arquivamento por uma votação do Plenário.
    desvio = "deliberacao_plenario" if nome_ato == "reabrir_por_decisao_do_plenario" else None
    processo = processo_no_estado(
        operador,
        _variante(tipo),
        _origem(nome_ato),
        **({"origem_desvio": desvio} if desvio else {}),
    )
    if nome_ato == "revogar_liberacao":  # revoga-se o que foi liberado (Art. 23)
        praticar(processo, operador, "liberar_informacao", data_ato=D)
    if nome_ato == "recalcular_territorio":  # um mapa conferido e outra edição da malha
        preparar_recalculo(processo, operador)
    processo.andamentos.update(data_ato=D)
    ultimo = processo.andamentos.order_by("-data_ato", "-pk").first()
    antes = processo.andamentos.count()

    with pytest.raises(AtoRecusado) as recusa:
        praticar(
            processo,
            operador,
            nome_ato,
            dados=_dados(processo, nome_ato, VESPERA),
            data_ato=VESPERA,
        )
    assert (
        f"A data do ato ({_br(VESPERA)}) não pode ser anterior à do último andamento "
        f"({_br(D)}, ato “{ATOS[ultimo.ato].rotulo}”)." in str(recusa.value)
    )
    assert processo.andamentos.count() == antes

    praticar(processo, operador, nome_ato, dados=_dados(processo, nome_ato, D), data_ato=D)
    assert processo.andamentos.count() == antes + 1


# --- o relato, por extenso --------------------------------------------------------


def test_publicacao_do_decreto_antes_da_aprovacao_e_recusada_no_formulario(client, operador):
    """Art. 19, § 1º: "aprovado em 02/12, publicado em 01/12" não chega ao portal."""
    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")
    client.force_login(operador)
    post = formulario_do_ato(
        processo,
        "publicar_decreto",
        data_aprovacao=_br(D),
        data_diario_oficial=_br(VESPERA),
    )
    resposta = client.post(reverse("processos:ato", args=[processo.slug, "publicar-decreto"]), post)
    assert resposta.status_code == 400
    assert (
        f"A publicação ({_br(VESPERA)}) não pode ser anterior à aprovação do Decreto "
        f"Legislativo ({_br(D)}, neste ato; Art. 19, § 1º)." in resposta.content.decode()
    )
    assert recarregar(processo).estado == "pdl_em_tramitacao"


def test_aprovar_pl_antes_da_sessao_da_ordem_do_dia_e_recusado(operador):
    """Art. 20, § 2º: o PL não é aprovado antes da sessão em cuja Ordem do Dia entrou."""
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")
    apresentar = _dados(processo, "apresentar_pl", D)
    praticar(processo, operador, "apresentar_pl", dados=apresentar, data_ato=D)
    with pytest.raises(AtoRecusado, match="A deliberação do Projeto de Lei .* não pode ser"):
        praticar(processo, operador, "aprovar_pl", data_ato=VESPERA)
    assert recarregar(processo).estado == "pl_em_ordem_do_dia"


def _fase(processo, fase, data):
    return dados_em("registrar_fase_tre", "", HOJE) | {"fase": fase, "data_fase": data}


def test_data_marcada_pelo_tre_pode_ser_futura(client, operador):
    """Art. 19, § 2º: o TRE marca o plebiscito para uma data futura, e a CRT a registra."""
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    marcada = HOJE + timedelta(days=101)
    client.force_login(operador)
    post = formulario_do_ato(processo, "registrar_fase_tre") | para_post(
        {"fase": "data_marcada", "data_fase": marcada}
    )
    resposta = client.post(
        reverse("processos:ato", args=[processo.slug, "registrar-fase-tre"]), post
    )
    assert resposta.status_code == 302
    assert processo.fases_tre.get().data == marcada


@pytest.mark.parametrize("fase", ["resolucao", "realizado", "apurado", "homologado"])
def test_as_demais_fases_do_tre_nao_sao_futuras(operador, fase):
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    amanha = HOJE + timedelta(days=1)
    with pytest.raises(AtoRecusado, match=rf"A data da fase \({_br(amanha)}\) não pode ser futura"):
        praticar(processo, operador, "registrar_fase_tre", dados=_fase(processo, fase, amanha))
    assert not processo.fases_tre.exists()
    praticar(processo, operador, "registrar_fase_tre", dados=_fase(processo, fase, HOJE))
    assert processo.fases_tre.get().data == HOJE


def test_plebiscito_realizado_antes_da_data_marcada_e_recusado_e_a_remarcacao_vale(operador):
    """Art. 19, § 2º: marcado para daqui a 100 dias, o plebiscito não consta realizado hoje;
    o TRE que antecipa a data registra outra "Data marcada", e a última é a que vale."""
    processo = processo_no_estado(operador, "criacao", "plebiscito_no_tre")
    marcada = HOJE + timedelta(days=100)
    praticar(
        processo, operador, "registrar_fase_tre", dados=_fase(processo, "data_marcada", marcada)
    )
    antes = processo.andamentos.count()

    with pytest.raises(AtoRecusado) as recusa:
        praticar(processo, operador, "registrar_fase_tre", dados=_fase(processo, "realizado", HOJE))
    assert (
        f"A data da fase ({_br(HOJE)}) não pode ser anterior à data marcada pelo TRE "
        f"({_br(marcada)}, ato “Registrar fase do plebiscito no TRE”"
    ) in str(recusa.value)
    assert processo.andamentos.count() == antes

    praticar(processo, operador, "registrar_fase_tre", dados=_fase(processo, "data_marcada", HOJE))
    praticar(processo, operador, "registrar_fase_tre", dados=_fase(processo, "realizado", HOJE))
    assert processo.andamentos.count() == antes + 2
