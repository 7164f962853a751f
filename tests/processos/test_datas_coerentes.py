"""Datas que fazem sentido entre si: a sessão da Ordem do Dia não antecede o ato,
a resposta do órgão não antecede o recebimento do ofício, e o resultado do TRE não antecede
o encaminhamento do Decreto Legislativo. Os dois lados de cada fronteira."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from instrucao.services import registrar_recebimento, registrar_resposta
from processos.models import AtoRecusado
from tests.processos.construtores import (
    DADOS,
    PASSADO,
    certidao_pdf,
    dados_certidao,
    dados_resultado,
    formulario_do_ato,
    praticar,
    processo_no_estado,
    recarregar,
)

HOJE = timezone.localdate()
ONTEM = HOJE - timedelta(days=1)


def _dados_pl(sessao):
    return dict(DADOS["apresentar_pl"][""]) | {"data_sessao_ordem_do_dia": sessao}


# --- apresentar_pl: sessão da Ordem do Dia ------------------------------------------------


def test_recusa_sessao_da_ordem_do_dia_anterior_ao_ato(operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")
    with pytest.raises(
        AtoRecusado,
        match=r"A sessão da Ordem do Dia \(\d\d/\d\d/\d{4}\) não pode ser anterior à data do ato",
    ):
        praticar(processo, operador, "apresentar_pl", dados=_dados_pl(ONTEM), data_ato=HOJE)
    assert recarregar(processo).estado == "elaboracao_pl"


def test_aceita_sessao_da_ordem_do_dia_no_dia_do_ato(operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")
    praticar(processo, operador, "apresentar_pl", dados=_dados_pl(HOJE), data_ato=HOJE)
    assert recarregar(processo).estado == "pl_em_ordem_do_dia"


def test_formulario_aponta_a_sessao_anterior_ao_ato_no_campo(client, operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")
    client.force_login(operador)
    post = formulario_do_ato(
        processo, "apresentar_pl", data_sessao_ordem_do_dia=ONTEM.strftime("%d/%m/%Y")
    )
    resposta = client.post(reverse("processos:ato", args=[processo.slug, "apresentar-pl"]), post)
    assert resposta.status_code == 400
    assert (
        f"A sessão da Ordem do Dia ({ONTEM:%d/%m/%Y}) não pode ser anterior à data do ato "
        f"({HOJE:%d/%m/%Y}, neste ato; Art. 20, § 2º)." in resposta.content.decode()
    )
    assert recarregar(processo).estado == "elaboracao_pl"


# --- ofícios: resposta e recebimento (AR) -------------------------------------------------

AR = PASSADO + timedelta(days=8)


def _oficio_com_ar(operador):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    oficio = processo.oficios.first()
    registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=AR)
    return oficio


def test_recusa_resposta_anterior_ao_recebimento_do_oficio(operador):
    oficio = _oficio_com_ar(operador)
    with pytest.raises(AtoRecusado, match="anterior ao recebimento do ofício"):
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=operador,
            respondido_em=AR - timedelta(days=1),
            certidao=dados_certidao(
                oficio,
                data=AR - timedelta(days=1),
                arquivo=certidao_pdf(),
            ),
        )
    oficio.refresh_from_db()
    assert oficio.respondido_em is None


def test_aceita_resposta_no_dia_do_recebimento(operador):
    oficio = _oficio_com_ar(operador)
    registrar_resposta(
        oficio_id=oficio.pk,
        usuario=operador,
        respondido_em=AR,
        certidao=dados_certidao(
            oficio,
            data=AR,
            arquivo=certidao_pdf(),
        ),
    )
    oficio.refresh_from_db()
    assert oficio.respondido_em == AR


def _oficio_respondido_sem_ar(operador):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    oficio = processo.oficios.first()
    registrar_resposta(
        oficio_id=oficio.pk,
        usuario=operador,
        respondido_em=AR,
        certidao=dados_certidao(
            oficio,
            data=AR,
            arquivo=certidao_pdf(),
        ),
    )
    return oficio


def test_recusa_recebimento_posterior_a_resposta(operador):
    oficio = _oficio_respondido_sem_ar(operador)
    with pytest.raises(AtoRecusado, match="posterior à resposta do órgão"):
        registrar_recebimento(
            oficio_id=oficio.pk, usuario=operador, recebido_em=AR + timedelta(days=1)
        )


def test_aceita_recebimento_no_dia_da_resposta(operador):
    oficio = _oficio_respondido_sem_ar(operador)
    registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=AR)
    oficio.refresh_from_db()
    assert oficio.recebido_em == AR


# --- registrar_resultado: o ofício do TRE e o encaminhamento ------------------------------

ENCAMINHADO = HOJE - timedelta(days=10)


def _plebiscito_encaminhado(operador):
    processo = processo_no_estado(operador, "criacao", "decreto_publicado")
    praticar(processo, operador, "encaminhar_ao_tre", data_ato=ENCAMINHADO)
    return recarregar(processo)


def _resultado(processo, data_oficio):
    return dados_resultado(processo) | {
        "data_oficio_tre": data_oficio,
        "data_leitura_plenario": HOJE,
    }


def test_recusa_resultado_com_oficio_do_tre_anterior_ao_encaminhamento(operador):
    processo = _plebiscito_encaminhado(operador)
    dados = _resultado(processo, ENCAMINHADO - timedelta(days=1))
    with pytest.raises(
        AtoRecusado,
        match=(
            "O ofício do TRE com o resultado .* não pode ser anterior ao encaminhamento do Decreto "
            r"Legislativo ao TRE \(.*, ato “Encaminhar ao TRE”"
        ),
    ):
        praticar(processo, operador, "registrar_resultado", dados=dados)
    assert recarregar(processo).estado == "plebiscito_no_tre"


def test_aceita_resultado_com_oficio_do_tre_no_dia_do_encaminhamento(operador):
    processo = _plebiscito_encaminhado(operador)
    praticar(processo, operador, "registrar_resultado", dados=_resultado(processo, ENCAMINHADO))
    assert recarregar(processo).estado == "resultado_em_analise"


def test_recusa_sessao_anterior_informada_em_iso_pelo_servico(operador):
    processo = processo_no_estado(operador, "criacao", "elaboracao_pl")
    with pytest.raises(
        AtoRecusado,
        match=r"A sessão da Ordem do Dia \(\d\d/\d\d/\d{4}\) não pode ser anterior à data do ato",
    ):
        praticar(
            processo, operador, "apresentar_pl", dados=_dados_pl(ONTEM.isoformat()), data_ato=HOJE
        )
