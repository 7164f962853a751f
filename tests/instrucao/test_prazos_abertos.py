"""Os prazos abertos somados (Art. 2º, § 3º) — por dia de vencimento e o mais próximo de cada
processo — mudam na transação de cada ato e de cada registro num ofício: o Painel, Prazos e
a lista pelo prazo mostram a mudança na hora, e as somas são sempre as que os ofícios dão."""

import re
from datetime import date, timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from instrucao.models import Oficio, PrazoDoProcesso, PrazosNoDia, SemArDoProcesso, SemArNoDia
from instrucao.prazos_abertos import contagem, recalcular_todos, sincronizar
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


def _sem_ar() -> tuple[dict, dict]:
    """(dia de envio → sem AR, processo → quantos sem AR), como guardados."""
    dias = dict(SemArNoDia.objects.values_list("enviado_em", "quantos"))
    processos = {p: len(e) for p, e in SemArDoProcesso.objects.values_list("processo", "enviados")}
    return dias, processos


def _confere_com_os_oficios() -> tuple[dict, dict]:
    """As somas guardadas (prazos abertos e sem AR) são as que os ofícios dão (refeitas do
    zero)."""
    guardadas, sem_ar = _somas(), _sem_ar()
    recalcular_todos()
    assert (_somas(), _sem_ar()) == (guardadas, sem_ar)
    return guardadas


def _ar(processo, orgao: str, recebido_em=AR, usuario=None):
    registrar_recebimento(
        oficio_id=_oficio(processo, orgao).pk, usuario=usuario, recebido_em=recebido_em
    )


def test_sem_ar_o_prazo_nao_corre_e_nada_e_somado(processo):
    assert processo.oficios.count() == 3
    assert _confere_com_os_oficios() == ({}, {})
    # Os três nasceram do ato, sem AR: somados na hora pelo dia de envio.
    enviados = set(processo.oficios.values_list("enviado_em", flat=True))
    assert _sem_ar() == ({enviados.pop(): 3}, {processo.pk: 3}) and not enviados


def test_o_ar_tira_o_oficio_dos_sem_ar_na_hora(client, processo, operador):
    client.force_login(operador)
    assert len(re.findall(r"data-sem-ar=", client.get("/prazos/").content.decode())) == 3

    _ar(processo, "tre", usuario=operador)

    html = client.get("/prazos/").content.decode()
    assert len(re.findall(r"data-sem-ar=", html)) == 2
    assert list(_sem_ar()[1].values()) == [2]
    _confere_com_os_oficios()


def test_o_total_dos_sem_ar_alem_da_pagina_e_o_somado(client, processo, operador):
    """Prazos mostra os mais antigos e o total; o total vem das somas dos atos."""
    client.force_login(operador)
    with mock.patch("instrucao.views.SEM_AR_NA_PAGINA", 2):
        html = client.get("/prazos/").content.decode()
        assert "Mostrando os 2 mais antigos de 3." in html
        _ar(processo, "tre", usuario=operador)
        html = client.get("/prazos/").content.decode()
    # Restam dois sem AR: cabem na página, sem falar em total.
    assert "mais antigos de" not in html
    assert len(re.findall(r"data-sem-ar=", html)) == 2


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


SOMAS = ("prazosnodia", "prazodoprocesso", "semarnodia", "semardoprocesso")


def _consultas_das_somas(consultas) -> list[str]:
    return [q["sql"] for q in consultas if any(f"instrucao_{t}" in q["sql"] for t in SOMAS)]


def test_ato_que_nao_encerra_nem_reabre_nao_refaz_as_somas(processo, operador, presidente):
    """Sobrestar não encerra o processo (o prazo segue contado, Art. 2º, § 3º): o último
    passo do ato não lê nem grava as somas; arquivar as refaz."""
    _ar(processo, "tre", usuario=operador)

    with CaptureQueriesContext(connection) as sobrestar:
        praticar(processo, presidente, "sobrestar")
    assert _consultas_das_somas(sobrestar) == []
    assert _confere_com_os_oficios() == ({VENCIMENTO: 1}, {processo.pk: VENCIMENTO})

    with CaptureQueriesContext(connection) as arquivar:
        praticar(processo, operador, "arquivar")
    assert _consultas_das_somas(arquivar) != []
    assert _confere_com_os_oficios() == ({}, {})


def test_sincronizar_sem_mudanca_custa_duas_consultas(
    processo, operador, django_assert_num_queries
):
    _ar(processo, "tre", usuario=operador)
    # A linha do processo travada com as parcelas guardadas; os ofícios em espera.
    with django_assert_num_queries(2):
        sincronizar(processo.pk)


def test_arquivar_e_desarquivar_mudam_a_pagina_de_prazos_na_hora(client, processo, operador):
    _ar(processo, "tre", usuario=operador)
    client.force_login(operador)
    html = client.get("/prazos/").content.decode()
    assert "1 ofício com prazo em curso" in html and "data-sem-ar=" in html

    praticar(processo, operador, "arquivar")
    html = client.get("/prazos/").content.decode()
    assert "Nenhum prazo em curso." in html and "data-sem-ar=" not in html

    praticar(processo, operador, "desarquivar")
    html = client.get("/prazos/").content.decode()
    assert "1 ofício com prazo em curso" in html
    assert len(re.findall(r"data-sem-ar=", html)) == 2


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
    assert list(_sem_ar()[1].values()) == [2]  # o do AR gravado direto saiu dos sem AR
    assert "1 processo(s) com prazo aberto" in saida.getvalue()
