"""O número de consultas de cada página medida pelo benchmark de carga não cresce
com o número de processos (30 e 500, com a massa sintética de `gerar_massa`)."""

from io import StringIO
from urllib.parse import urlencode

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from instrucao.models import Oficio
from painel import contagens, filtros
from processos import leitura
from processos.models import Processo
from requisitos.models import Municipio

LIMITE = 10  # consultas por página


def _gerar(n: int) -> None:
    call_command("gerar_massa", processos=n, semente=3, assinaturas=2, stdout=StringIO())


def _consultas(client, url: str) -> int:
    # Sem o conteúdo do portal em cache nem os parâmetros legais guardados pelo processo do
    # servidor, nem as estatísticas do planejador que o Painel guarda por 5 minutos: conta-se
    # a página montada (o acerto do cache tem o seu teste em test_portal_cache.py).
    caches["portal"].clear()
    leitura._parametros_guardados.clear()
    contagens.esquecer_estatisticas()
    filtros.esquecer_municipios()
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200, url
    return len(contexto)


def _paginas(processo) -> dict[str, str]:
    return {
        "lista": "/processos/",
        "lista_ultima": "/processos/?pagina=999",
        "busca": "/processos/?q=Esperan%C3%A7a",
        "busca_protocolo": f"/processos/?q={processo.numero}/{processo.ano}",
        # O nome inteiro: as palavras também nos nomes de municípios de origem ("Nova", "do").
        "busca_nome": f"/processos/?{urlencode({'q': processo.nome_proposto})}",
        "ordem_prazo": "/processos/?ordem=-prazo",
        "painel": "/painel/",
        "prazos": "/prazos/",
        "processo": f"/processos/{processo.slug}/",
        "portal": "/portal/",
        "portal_processo": f"/portal/processos/{processo.slug}/",
    }


@pytest.mark.django_db
def test_cada_pagina_faz_as_mesmas_consultas_com_30_ou_500_processos(
    client, servidor, contadores_fora_do_banco
):
    for i in range(6):
        Municipio.objects.create(codigo_ibge=5100100 + i, nome=f"Origem {i}")
    _gerar(30)
    # Já há ofícios com prazo aberto: a página de prazos lê linhas nas duas medições.
    assert Oficio.objects.com_prazo_aberto().exists()
    # O mesmo processo (o primeiro da semente) nas duas medições da página do processo.
    processo = Processo.objects.order_by("id").first()
    client.force_login(servidor)
    paginas = _paginas(processo)
    com_30 = {nome: _consultas(client, url) for nome, url in paginas.items()}

    _gerar(500)
    com_500 = {nome: _consultas(client, url) for nome, url in paginas.items()}

    assert Processo.objects.count() == 500
    assert com_500 == com_30
    # O orçamento de consultas vale aqui para as páginas da lista e do painel; a do processo
    # e as do portal têm dono próprio (ver o relatório do benchmark).
    lista = {
        k: v for k, v in com_500.items() if k.startswith(("lista", "busca", "ordem", "painel"))
    }
    assert max(lista.values()) <= LIMITE, lista
