"""A lista ordenada pelo prazo mais próximo, página a página. No PostgreSQL cada
página é tirada das duas partes da ordem (os processos com prazo aberto, pelo prazo; depois
os demais, pelo protocolo), com o prazo de cada processo agrupado dos ofícios e a faixa da
página achada pela posição de cada prazo; no SQLite, a ordem simples. Nos dois, o que a tela
mostra é o mesmo: as páginas em sequência são a lista inteira, na ordem, sem repetir nem
pular processos, com os empatados no prazo pelo protocolo, e o total é o de todos."""

from datetime import timedelta

import pytest
from django.utils import timezone

from instrucao.models import Oficio
from instrucao.prazos_abertos import recalcular_todos
from painel.views import POR_PAGINA
from processos.estados import Estado
from processos.models import FormaEncaminhamento, Processo
from tests.processos.construtores import PASSADO
from tests.processos.paginas_da_lista import protocolos, todas_as_paginas

COM_PRAZO = POR_PAGINA + 23  # a parte com prazo acaba no meio da segunda página
SEM_PRAZO = POR_PAGINA + 9
DIAS = 4  # poucos vencimentos: muitos empates, que o protocolo desempata


def _oficio(processo, numero: str, vencimento, criado_por, **campos) -> Oficio:
    return Oficio.objects.create(
        processo=processo,
        orgao="tre",
        incisos="II",
        numero=numero,
        enviado_em=vencimento - timedelta(days=32),
        recebido_em=vencimento - timedelta(days=30),
        vencimento=vencimento,
        criado_por=criado_por,
        **campos,
    )


@pytest.fixture
def prazos(db, servidor):
    """COM_PRAZO processos com prazo aberto em DIAS vencimentos diferentes (o prazo de cada
    um é o menor dos seus ofícios abertos e vigentes) e SEM_PRAZO sem: sem ofício, com o
    ofício respondido, com o prazo aberto num processo arquivado. Os protocolos de dois anos,
    intercalados com os dos que têm prazo. Devolve o prazo de cada protocolo com prazo."""
    hoje = timezone.localdate()
    total = COM_PRAZO + SEM_PRAZO
    processos = Processo.objects.bulk_create(
        [
            Processo(
                numero=i,
                ano=2025 + i % 2,
                tipo="criacao",
                estado=Estado.ARQUIVADO if i % 10 == 1 else Estado.AGUARDANDO_CERTIDOES,
                nome_proposto=f"Prazo {i}",
                forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
                data_leitura_expediente=PASSADO,
            )
            for i in range(1, total + 1)
        ]
    )
    com_prazo = [p for p in processos if p.numero % 10 != 1][:COM_PRAZO]
    prazo = {}
    for p in com_prazo:
        vencimento = hoje + timedelta(days=p.numero % DIAS - 1)  # um dia vencido
        _oficio(p, f"{p.numero}a/{p.ano}", vencimento, servidor)
        # Um ofício posterior não muda o prazo; um anterior já respondido, também não.
        _oficio(p, f"{p.numero}b/{p.ano}", vencimento + timedelta(days=9), servidor)
        _oficio(
            p,
            f"{p.numero}c/{p.ano}",
            vencimento - timedelta(days=5),
            servidor,
            respondido_em=vencimento - timedelta(days=6),
        )
        prazo[p.protocolo] = vencimento
    # Um ofício reiterado deixa de ser o vigente: o prazo passa a ser o da reiteração.
    reiterado = com_prazo[0]
    original = _oficio(reiterado, "r1/2025", hoje - timedelta(days=40), servidor)
    _oficio(reiterado, "r2/2025", hoje + timedelta(days=60), servidor, reitera=original)
    for p in processos:
        if p.estado == Estado.ARQUIVADO:
            # Prazo aberto em processo arquivado não conta (Art. 2º, § 3º).
            _oficio(p, f"{p.numero}x/{p.ano}", hoje - timedelta(days=3), servidor)
    # Semeados sem os atos (que somam os prazos abertos na sua transação).
    recalcular_todos()
    return prazo


def _ano_e_numero(protocolo: str) -> tuple[str, str]:
    return protocolo[-4:], protocolo[:4]


def _esperado(prazo: dict, decrescente: bool) -> list[str]:
    """Os com prazo pelo prazo (no sentido pedido), os empatados do protocolo mais novo ao
    mais antigo; depois os sem prazo, do protocolo mais novo ao mais antigo."""
    com = sorted(prazo, key=_ano_e_numero, reverse=True)
    com.sort(key=prazo.get, reverse=decrescente)  # estável: o protocolo desempata
    sem = sorted(
        (p.protocolo for p in Processo.objects.all() if p.protocolo not in prazo),
        key=_ano_e_numero,
        reverse=True,
    )
    return com + sem


@pytest.mark.parametrize("sinal", ["", "-"])
def test_paginas_pelo_prazo_sao_a_lista_inteira_com_os_empates_pelo_protocolo(
    client, servidor, prazos, sinal
):
    client.force_login(servidor)

    primeira = client.get(f"/processos/?ordem={sinal}prazo").text
    vistos = todas_as_paginas(client, f"ordem={sinal}prazo")

    assert f"{COM_PRAZO + SEM_PRAZO} processos" in primeira
    assert "Página 1 de 3" in primeira
    assert vistos == _esperado(prazos, decrescente=sinal == "-")


def test_pagina_que_atravessa_o_corte_tem_o_fim_dos_com_prazo_e_o_inicio_dos_sem(
    client, servidor, prazos
):
    client.force_login(servidor)
    esperado = _esperado(prazos, decrescente=False)

    segunda = protocolos(client.get("/processos/?ordem=prazo&pagina=2").text)

    assert segunda == esperado[POR_PAGINA : 2 * POR_PAGINA]
    assert set(segunda[: COM_PRAZO - POR_PAGINA]) <= set(prazos)
    assert not set(segunda[COM_PRAZO - POR_PAGINA :]) & set(prazos)


def test_pelo_prazo_com_filtro_conta_as_posicoes_entre_os_filtrados(client, servidor, prazos):
    client.force_login(servidor)
    de_2026 = {p: v for p, v in prazos.items() if p.endswith("2026")}
    esperado = [p for p in _esperado(prazos, decrescente=True) if p.endswith("2026")]

    vistos = todas_as_paginas(client, "ordem=-prazo&ano=2026")

    assert vistos == esperado
    assert set(vistos[: len(de_2026)]) == set(de_2026)
