"""Art. 2º, § 3º: "30 dias a contar da data do recebimento" — vencimento e situação do prazo,
dos dois lados de cada limite. Decisão: dias corridos; fim de semana ou feriado nacional ou
de Mato Grosso leva ao dia útil seguinte (Lei 9.784/1999, art. 66, por analogia)."""

from datetime import date

import pytest

from requisitos.prazos import situacao_prazo, vencimento

# Feriados de 2026-2027 como o pacote `holidays` os lista para BR-MT (conferido em
# tests/processos/test_oficios_prazo.py contra o próprio pacote).
FERIADOS = frozenset(
    {
        date(2026, 9, 7),  # Independência (segunda-feira)
        date(2026, 10, 12),  # Nossa Senhora Aparecida
        date(2026, 11, 2),  # Finados (segunda-feira)
        date(2026, 11, 15),  # Proclamação da República (domingo)
        date(2026, 11, 20),  # Consciência Negra (sexta-feira)
        date(2026, 12, 25),
        date(2027, 1, 1),  # Confraternização Universal (sexta-feira)
    }
)


@pytest.mark.parametrize(
    ("recebido_em", "esperado"),
    [
        # dia útil comum: 30 dias corridos, o dia do recebimento não conta
        (date(2026, 6, 1), date(2026, 7, 1)),
        # recebido numa sexta: +30 cai num domingo → segunda
        (date(2026, 6, 5), date(2026, 7, 6)),
        # +30 cai num sábado → segunda
        (date(2026, 6, 4), date(2026, 7, 6)),
        # +30 cai no domingo 06/09, e a segunda 07/09 é feriado → terça 08/09
        (date(2026, 8, 7), date(2026, 9, 8)),
        # +30 cai em Finados (segunda 02/11) → terça 03/11
        (date(2026, 10, 3), date(2026, 11, 3)),
        # +30 cai em 15/11 (domingo e feriado) → segunda 16/11
        (date(2026, 10, 16), date(2026, 11, 16)),
        # +30 cai em 20/11 (sexta, Consciência Negra) → segunda 23/11
        (date(2026, 10, 21), date(2026, 11, 23)),
        # virada do ano: +30 cai em 01/01/2027 (sexta, feriado) → segunda 04/01/2027
        (date(2026, 12, 2), date(2027, 1, 4)),
        # 31/12 + 30 = 30/01/2027 (sábado) → segunda 01/02/2027
        (date(2026, 12, 31), date(2027, 2, 1)),
    ],
)
def test_vencimento_conta_30_dias_corridos_e_passa_ao_dia_util_seguinte(recebido_em, esperado):
    assert vencimento(recebido_em, 30, FERIADOS) == esperado


def test_vencimento_sem_feriados_so_pula_o_fim_de_semana():
    assert vencimento(date(2026, 8, 7), 30, frozenset()) == date(2026, 9, 7)


def test_vencimento_usa_o_prazo_do_parametro_legal():
    assert vencimento(date(2026, 6, 1), 45, FERIADOS) == date(2026, 7, 16)


@pytest.mark.parametrize("dias", [0, -1])
def test_prazo_sem_dias_e_recusado(dias):
    with pytest.raises(ValueError):
        vencimento(date(2026, 6, 1), dias, FERIADOS)


VENCE = date(2026, 7, 1)


@pytest.mark.parametrize(
    ("hoje", "codigo", "dias"),
    [
        (date(2026, 6, 2), "no_prazo", 29),
        (date(2026, 6, 23), "no_prazo", 8),
        (date(2026, 6, 24), "vence_em_breve", 7),
        (date(2026, 6, 30), "vence_em_breve", 1),
        # o dia do vencimento ainda está no prazo
        (date(2026, 7, 1), "vence_em_breve", 0),
        # o dia seguinte já está vencido
        (date(2026, 7, 2), "vencido", 1),
        (date(2026, 7, 31), "vencido", 30),
    ],
)
def test_situacao_do_prazo_de_cada_lado_do_vencimento(hoje, codigo, dias):
    assert situacao_prazo(VENCE, hoje, None) == (codigo, dias)


def test_oficio_respondido_nao_tem_prazo_correndo_mesmo_depois_do_vencimento():
    assert situacao_prazo(VENCE, date(2026, 8, 1), date(2026, 7, 20)) == ("respondido", None)


def test_oficio_sem_aviso_de_recebimento_ainda_nao_tem_prazo():
    assert situacao_prazo(None, date(2026, 8, 1), None) == ("aguardando_recebimento", None)
