"""A página de Prazos (UX, tela 5) em páginas de 50 ofícios — os vencidos primeiro,
do mais atrasado ao mais recente, depois pela data de vencimento (Art. 2º, § 3º) — e os
ofícios sem AR limitados aos mais antigos, com o total; as consultas não crescem com o
número de processos nem de ofícios."""

import re
from datetime import date, timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from instrucao.models import Oficio
from instrucao.prazos_abertos import recalcular_todos
from instrucao.views import SEM_AR_NA_PAGINA
from processos.models import Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO, protocolar

HOJE = date(2026, 9, 10)
LIMITE = 10  # consultas por página


@pytest.fixture(autouse=True)
def hoje():
    with mock.patch("django.utils.timezone.localdate", return_value=HOJE):
        yield HOJE


def _oficios(processos, vencimentos, *, prefixo="T", criado_por, com_ar=True) -> list[Oficio]:
    """Ofícios gravados direto (o que se testa é a página): um por vencimento, distribuídos
    entre os processos; `com_ar=False`, sem AR (o prazo ainda não corre)."""
    oficios = [
        Oficio(
            processo=processos[i % len(processos)],
            orgao="sefaz",
            incisos="III",
            numero=f"{prefixo}{i:04d}/2026",
            enviado_em=PASSADO,
            recebido_em=PASSADO if com_ar else None,
            vencimento=vencimento if com_ar else None,
            criado_por=criado_por,
        )
        for i, vencimento in enumerate(vencimentos)
    ]
    oficios = Oficio.objects.bulk_create(oficios)
    recalcular_todos()  # gravados sem os atos, que somam os prazos abertos
    return oficios


def _numeros(html: str) -> list[str]:
    tabela = html.split('data-tabela="prazos"')[1].split("</table>")[0]
    return re.findall(r'data-oficio="([^"]+)"', tabela)


@pytest.mark.django_db
def test_51_oficios_abertos_dao_duas_paginas_com_os_vencidos_primeiro(client, mesa, operador):
    processo = protocolar(operador)
    # Do 1º ao 51º na ordem da tela: 30 vencidos (o mais atrasado primeiro), 21 no prazo.
    vencimentos = [HOJE - timedelta(days=60 - i) for i in range(30)]
    vencimentos += [HOJE + timedelta(days=i) for i in range(21)]
    oficios = _oficios([processo], list(reversed(vencimentos)), criado_por=operador)
    na_ordem = sorted(oficios, key=lambda o: o.vencimento)
    client.force_login(mesa)

    primeira = client.get("/prazos/").content.decode()
    segunda = client.get("/prazos/?pagina=2").content.decode()

    assert _numeros(primeira) == [o.numero for o in na_ordem[:50]]
    assert _numeros(segunda) == [na_ordem[50].numero]
    assert "Vencido há 60 dias" in primeira.split('data-oficio="')[1]
    assert "Página 1 de 2" in primeira and "Página 2 de 2" in segunda
    assert 'href="?pagina=2">Próxima</a>' in primeira
    assert 'href="?pagina=1">Anterior</a>' in segunda
    assert "51 ofícios com prazo em curso" in primeira


@pytest.mark.django_db
def test_50_oficios_cabem_numa_pagina_sem_paginacao(client, mesa, operador):
    processo = protocolar(operador)
    _oficios([processo], [HOJE + timedelta(days=i) for i in range(50)], criado_por=operador)
    client.force_login(mesa)

    html = client.get("/prazos/").content.decode()

    assert len(_numeros(html)) == 50
    assert "Página 1" not in html and 'aria-label="Paginação dos prazos"' not in html


@pytest.mark.django_db
def test_pagina_invalida_mostra_a_primeira_e_alem_da_ultima_mostra_a_ultima(client, mesa, operador):
    processo = protocolar(operador)
    _oficios([processo], [HOJE + timedelta(days=i) for i in range(51)], criado_por=operador)
    client.force_login(mesa)

    assert "Página 1 de 2" in client.get("/prazos/?pagina=abc").content.decode()
    assert "Página 2 de 2" in client.get("/prazos/?pagina=999").content.decode()


@pytest.mark.django_db
def test_sem_ar_mostra_os_mais_antigos_com_o_total(client, mesa, operador):
    processo = protocolar(operador)
    sem_ar = _oficios(
        [processo], [None] * (SEM_AR_NA_PAGINA + 3), criado_por=operador, com_ar=False
    )
    client.force_login(mesa)

    html = client.get("/prazos/").content.decode()

    mostrados = re.findall(r'data-sem-ar="([^"]+)"', html)
    assert mostrados == [o.numero for o in sem_ar[:SEM_AR_NA_PAGINA]]
    assert f"Mostrando os {SEM_AR_NA_PAGINA} mais antigos de {SEM_AR_NA_PAGINA + 3}." in html


@pytest.mark.django_db
def test_sem_ar_que_cabem_todos_nao_falam_em_total(client, mesa, operador):
    processo = protocolar(operador)
    _oficios([processo], [None] * 3, criado_por=operador, com_ar=False)
    client.force_login(mesa)

    html = client.get("/prazos/").content.decode()

    assert len(re.findall(r'data-sem-ar="', html)) == 3
    assert "Mostrando os" not in html


def _gerar(n: int) -> None:
    call_command("gerar_massa", processos=n, semente=5, assinaturas=0, stdout=StringIO())


def _consultas(client, url: str) -> int:
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200, url
    return len(contexto)


@pytest.mark.django_db
def test_consultas_das_tres_paginas_iguais_com_10_ou_200_processos(client, servidor, operador):
    for i in range(6):
        Municipio.objects.create(codigo_ibge=5100100 + i, nome=f"Origem {i}")
    urls = ["/prazos/", "/prazos/?pagina=2", "/prazos/?pagina=3"]
    client.force_login(servidor)

    def medir(prefixo: str) -> list[int]:
        # Mais de 100 ofícios abertos e mais de 50 sem AR, espalhados pelos processos.
        processos = list(Processo.objects.exclude(estado__in=["arquivado", "concluido"]))
        vencimentos = [HOJE + timedelta(days=i - 40) for i in range(120)]
        _oficios(processos, vencimentos, prefixo=prefixo, criado_por=operador)
        _oficios(processos, [None] * 60, prefixo=prefixo + "S", criado_por=operador, com_ar=False)
        return [_consultas(client, url) for url in urls]

    _gerar(10)
    com_10 = medir("A")
    _gerar(200)
    com_200 = medir("B")

    assert Processo.objects.count() == 200
    assert com_200 == com_10
    assert max(com_200) <= LIMITE, com_200
