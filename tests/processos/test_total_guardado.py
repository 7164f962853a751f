"""A lista sem filtros mostra o total de processos guardado pelo PostgreSQL (migração
`painel.0001_total_de_processos`), não um COUNT(*) da tabela a cada página: o total muda na
hora com o processo protocolado pelo ato, com os incluídos de uma vez e com os excluídos; a
última página continua a dos mais antigos; e a página faz as mesmas consultas com 30 ou 500
processos, nenhuma delas um COUNT(*) dos processos. O formulário de filtros relê os
municípios só quando a versão do cadastro, guardada ao lado do total, muda."""

import re

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from painel import contagens, filtros
from painel.views import POR_PAGINA
from processos.models import FormaEncaminhamento, Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO, protocolar
from tests.processos.paginas_da_lista import protocolos

pytestmark = pytest.mark.so_postgresql


def _incluir(quantos: int) -> None:
    inicio = Processo.objects.count() + 1
    Processo.objects.bulk_create(
        [
            Processo(
                numero=i,
                ano=2025,
                tipo="criacao",
                estado="em_instrucao",
                nome_proposto=f"Nome {i}",
                sede_proposta=f"Nome {i}",
                forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
                data_leitura_expediente=PASSADO,
            )
            for i in range(inicio, inicio + quantos)
        ]
    )


def _total_na_tela(html: str) -> int:
    return int(re.search(r"(\d+) processos?</p>", html).group(1))


def test_total_muda_na_hora_com_o_ato_a_inclusao_e_a_exclusao(client, servidor, operador):
    client.force_login(servidor)
    _incluir(2 * POR_PAGINA)
    assert _total_na_tela(client.get("/processos/").text) == 2 * POR_PAGINA

    protocolar(operador, nome="Novo Horizonte do Sul", sede="Novo Horizonte do Sul")
    html = client.get("/processos/").text
    assert _total_na_tela(html) == 2 * POR_PAGINA + 1
    assert "Página 1 de 3" in html
    # A última página tem só o mais antigo (o protocolado agora é o primeiro da lista).
    assert protocolos(client.get("/processos/?pagina=3").text) == ["0001/2025"]

    Processo.objects.filter(ano=2025, numero__lte=3).delete()
    html = client.get("/processos/").text
    assert _total_na_tela(html) == 2 * POR_PAGINA - 2
    assert "Página 1 de 2" in html
    ultima = protocolos(client.get("/processos/?pagina=2").text)
    assert len(ultima) == POR_PAGINA - 2 and ultima[-1] == "0004/2025"
    assert contagens.total_de_processos() == Processo.objects.count()


def test_lista_sem_filtro_nao_conta_a_tabela_com_30_ou_500(client, servidor):
    client.force_login(servidor)
    medidas = []
    for quantos in (30, 470):
        _incluir(quantos)
        filtros.esquecer_municipios()
        with CaptureQueriesContext(connection) as consultas:
            html = client.get("/processos/").text
        medidas.append(len(consultas))
        assert _total_na_tela(html) == Processo.objects.count()
        contagem = 'COUNT(*) AS "__count" FROM "processos_processo"'
        assert not [c for c in consultas if contagem in c["sql"]]
    assert medidas[0] == medidas[1]


def _leu_os_municipios(consultas) -> bool:
    return any(c["sql"].startswith('SELECT "requisitos_municipio"."id"') for c in consultas)


def test_filtro_so_rele_os_municipios_quando_o_cadastro_muda(client, servidor):
    client.force_login(servidor)
    Municipio.objects.create(codigo_ibge=5100250, nome="Alta Floresta")
    sorriso = Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    client.get("/processos/")

    with CaptureQueriesContext(connection) as consultas:
        html = client.get("/processos/").text
    assert not _leu_os_municipios(consultas)
    assert ">Sorriso</option>" in html

    sorriso.delete()
    with CaptureQueriesContext(connection) as consultas:
        html = client.get("/processos/").text
    assert _leu_os_municipios(consultas)
    assert ">Sorriso</option>" not in html and ">Alta Floresta</option>" in html


def test_mudanca_desfeita_no_cadastro_nao_deixa_a_sua_versao_para_outra(client, servidor):
    """A versão vem de uma sequência: o município lido numa transação desfeita não volta
    quando outra mudança é gravada depois."""
    client.force_login(servidor)
    with pytest.raises(RuntimeError), transaction.atomic():
        Municipio.objects.create(codigo_ibge=5100250, nome="Alta Floresta")
        assert ">Alta Floresta</option>" in client.get("/processos/").text
        raise RuntimeError("desfeita")

    Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")
    html = client.get("/processos/").text

    assert ">Sorriso</option>" in html and ">Alta Floresta</option>" not in html
