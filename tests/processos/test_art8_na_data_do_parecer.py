"""Art. 8º (*tempus regit actum*): na revisão de limites, o limiar da dispensa do plebiscito
é o em vigor no parecer preliminar, quando as áreas travam; uma versão nova do parâmetro
depois dele não inverte o rito (o parecer preliminar diz a versão que usou:
tests/documentos/test_art8_no_parecer_preliminar.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from processos.models import Andamento
from requisitos.models import ParametroLegal
from tests.processos.construtores import avancar, protocolar_variante, recarregar

pytestmark = pytest.mark.django_db

HOJE = timezone.localdate()
DIA_DO_PARECER = HOJE - timedelta(days=30)


def _com_parecer_ha_30_dias(operador):
    """Revisão com 20,001 % da área movida (plebiscito exigido sob o limiar de 20 %), com o
    parecer preliminar datado de 30 dias atrás (como num processo em curso)."""
    processo = avancar(
        protocolar_variante(operador, "revisao_limites_com_plebiscito"),
        operador,
        "aguardando_certidoes",
    )
    Andamento.objects.filter(processo=processo, ato="emitir_parecer_preliminar").update(
        data_ato=DIA_DO_PARECER
    )
    return recarregar(processo)


def _limiar_de_25_por_cento(desde):
    ParametroLegal.objects.create(
        nome="percentual_area_revisao",
        valor="25",
        vigencia_inicio=desde,
        fundamento="LC hipotética",
    )


def test_art8_versao_do_limiar_posterior_ao_parecer_preliminar_nao_inverte_o_rito(operador):
    processo = _com_parecer_ha_30_dias(operador)
    _limiar_de_25_por_cento(DIA_DO_PARECER + timedelta(days=1))

    processo = recarregar(processo)

    assert not processo.plebiscito_dispensado
    assert "plebiscito_no_tre" in processo.caminho()


def test_art8_versao_do_limiar_em_vigor_no_dia_do_parecer_preliminar_vale(operador):
    processo = _com_parecer_ha_30_dias(operador)
    _limiar_de_25_por_cento(DIA_DO_PARECER)

    processo = recarregar(processo)

    assert processo.plebiscito_dispensado
    assert "plebiscito_no_tre" not in processo.caminho()


def test_art8_antes_do_parecer_preliminar_o_limiar_de_hoje_e_a_previa(operador):
    processo = avancar(
        protocolar_variante(operador, "revisao_limites_com_plebiscito"),
        operador,
        "visita_realizada",
    )
    assert not processo.plebiscito_dispensado
    _limiar_de_25_por_cento(HOJE)

    assert recarregar(processo).plebiscito_dispensado
