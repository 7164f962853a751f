"""Os prazos abertos somados (Art. 2º, § 3º) — por dia de vencimento e o mais próximo de cada
processo — mudam na transação de cada ato e de cada registro num ofício: o Painel, Prazos e
a lista pelo prazo mostram a mudança na hora, e as somas são sempre as que os ofícios dão."""

import re
from datetime import date, timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command

from instrucao.models import Oficio, PrazoDoProcesso, PrazosNoDia
from instrucao.prazos_abertos import contagem, recalcular_todos
from instrucao.reiteracao import reiterar_oficio
from instrucao.services import registrar_recebimento, registrar_resposta, retificar_recebimento
from tests.processos.construtores import (
    certidao_pdf,
    dados_certidao,
    praticar,
    processo_no_estado,
)

HOJE = date(2026, 9, 10)  # quinta-feira
AR = date(2026, 9, 1)  # o prazo de 30 dias vence em 01/10 (Art. 2º, § 3º)
VENCIMENTO = date(2026, 10, 1)


@pytest.fixture(autouse=True)
def hoje():
    with mock.patch("django.utils.timezone.localdate", return_value=HOJE):
        yield HOJE


@pytest.fixture
def processo(operador):
    return processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )


def _oficio(processo, orgao: str) -> Oficio:
    return processo.oficios.vigentes().get(orgao=orgao)


def _somas() -> tuple[dict, dict]:
    """(dia → abertos, processo → prazo mais próximo), como guardados."""
    dias = dict(PrazosNoDia.objects.values_list("vencimento", "abertos"))
    return dias, dict(PrazoDoProcesso.objects.values_list("processo_id", "vencimento"))


def _confere_com_os_oficios() -> tuple[dict, dict]:
    """As somas guardadas são as que os ofícios dão (refeitas do zero)."""
    guardadas = _somas()
    recalcular_todos()
    assert _somas() == guardadas
    return guardadas


def _ar(processo, orgao: str, recebido_em=AR, usuario=None):
    registrar_recebimento(
        oficio_id=_oficio(processo, orgao).pk, usuario=usuario, recebido_em=recebido_em
    )


def test_sem_ar_o_prazo_nao_corre_e_nada_e_somado(processo):
    assert processo.oficios.count() == 3
    assert _confere_com_os_oficios() == ({}, {})


def test_o_ar_abre_o_prazo_e_o_painel_o_conta_na_hora(client, processo, operador):
    _ar(processo, "tre", usuario=operador)
    _ar(processo, "sefaz", recebido_em=AR + timedelta(days=3), usuario=operador)

    dias, prazos = _confere_com_os_oficios()
    assert dias == {VENCIMENTO: 1, date(2026, 10, 5): 1}
    assert prazos == {processo.pk: VENCIMENTO}
    # Os dois lados de cada dia: vencido antes de hoje; vencendo de hoje até o alerta.
    assert contagem(VENCIMENTO, date(2026, 10, 4)) == {"vencidos": 0, "vencendo": 1, "total": 2}
    assert contagem(date(2026, 10, 2), date(2026, 10, 5)) == {
        "vencidos": 1,
        "vencendo": 1,
        "total": 2,
    }
    with mock.patch("django.utils.timezone.localdate", return_value=date(2026, 10, 2)):
        client.force_login(operador)
        painel = client.get("/painel/").content.decode()
    assert re.search(r'data-cartao="oficios_vencidos">\s*<span class="display-6">1<', painel)
    assert re.search(r'data-cartao="oficios_vencendo">\s*<span class="display-6">1<', painel)


def test_a_retificacao_do_ar_muda_o_dia_do_prazo(processo, operador):
    _ar(processo, "tre", usuario=operador)

    retificar_recebimento(
        oficio_id=_oficio(processo, "tre").pk,
        usuario=operador,
        recebido_em=AR - timedelta(days=10),
        justificativa="AR lido errado.",
    )

    dias, prazos = _confere_com_os_oficios()
    assert list(dias.values()) == [1] and VENCIMENTO not in dias
    assert prazos[processo.pk] < VENCIMENTO


def test_a_resposta_fecha_o_prazo(processo, operador):
    _ar(processo, "tre", usuario=operador)
    oficio = _oficio(processo, "tre")

    registrar_resposta(
        oficio_id=oficio.pk,
        usuario=operador,
        respondido_em=HOJE,
        certidao=dados_certidao(oficio, data=HOJE, arquivo=certidao_pdf()),
    )

    assert _confere_com_os_oficios() == ({}, {})


def test_a_reiteracao_fecha_o_prazo_do_original_e_a_nova_so_corre_com_o_ar(operador):
    with mock.patch("django.utils.timezone.localdate", return_value=date(2026, 10, 5)):
        processo = processo_no_estado(
            operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
        )
        _ar(processo, "tre", usuario=operador)
        assert _confere_com_os_oficios()[1] == {processo.pk: VENCIMENTO}
    with mock.patch("django.utils.timezone.localdate", return_value=date(2026, 10, 5)):
        reiterar_oficio(
            oficio_id=_oficio(processo, "tre").pk, usuario=operador, enviado_em=date(2026, 10, 5)
        )

    assert _confere_com_os_oficios() == ({}, {})


def test_arquivar_fecha_os_prazos_e_desarquivar_os_reabre(processo, operador):
    """Art. 2º, § 3º: prazo de processo arquivado não corre (não conta)."""
    _ar(processo, "tre", usuario=operador)

    praticar(processo, operador, "arquivar")
    assert _confere_com_os_oficios() == ({}, {})

    praticar(processo, operador, "desarquivar")
    assert _confere_com_os_oficios() == ({VENCIMENTO: 1}, {processo.pk: VENCIMENTO})


def test_o_prazo_mais_proximo_e_o_menor_dos_abertos(processo, operador):
    _ar(processo, "sefaz", recebido_em=AR + timedelta(days=3), usuario=operador)
    assert _somas()[1] == {processo.pk: date(2026, 10, 5)}

    _ar(processo, "tre", usuario=operador)

    assert _confere_com_os_oficios()[1] == {processo.pk: VENCIMENTO}


def test_painel_e_prazos_mostram_o_prazo_aberto_logo_depois_do_ar(client, processo, operador):
    client.force_login(operador)
    assert "1 ofício com prazo em curso" not in client.get("/prazos/").content.decode()

    _ar(processo, "tre", usuario=operador)

    assert "1 ofício com prazo em curso" in client.get("/prazos/").content.decode()
    lista = client.get("/processos/?ordem=prazo").content.decode()
    assert "01/10/2026" in lista


def test_o_comando_refaz_as_somas_de_oficios_gravados_direto(processo, operador):
    oficio = _oficio(processo, "tre")
    Oficio.objects.filter(pk=oficio.pk).update(recebido_em=AR, vencimento=VENCIMENTO)
    assert _somas() == ({}, {})  # gravado sem o ato: as somas não o viram

    saida = StringIO()
    call_command("recalcular_prazos_abertos", stdout=saida)

    assert _somas() == ({VENCIMENTO: 1}, {processo.pk: VENCIMENTO})
    assert "1 processo(s) com prazo aberto" in saida.getvalue()
