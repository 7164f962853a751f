"""A página interna do processo lê o processo, os andamentos, os parâmetros e as
relações de cada fase uma vez por requisição (`processos.leitura`), e o número de consultas
não depende de quantos processos há no banco.

Conta-se o que a página pede ao banco; os SAVEPOINT que o teste (dentro de uma transação)
acrescenta ao gravar a sessão não existem fora dele e não entram na conta. A sessão aberta no
login só é regravada depois de um minuto (`emancipacao.sessao`): nenhum UPDATE na conta.
"""

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from processos.estados import Estado
from processos.models import Processo
from processos.papeis import papeis_do_usuario
from processos.views import detalhe
from requisitos.models import Municipio
from tests.processos.construtores import alcancaveis, completar_tabela_va, processo_no_estado

# Teto medido em todo estado e papel : a sessão e o usuário com
# os grupos (antes da view); o processo (com, na mesma consulta, a contagem das assinaturas
# e se há manifestações, documentos da representação, documentos emitidos e resultado do
# plebiscito), os andamentos, os municípios e os parâmetros legais; conforme a fase, os
# ofícios com as certidões e os números, a tabela do VA, os dados da extinção com os
# municípios que recebem o território, o resultado com as unidades; e a vista do Deputado
# registrada (Art. 22). As relações vazias não são consultadas.
LIMITE = 13
# Na view, para o processo concluído: processo, andamentos, municípios, parâmetros,
# ofícios, certidões, números certificados e a tabela do VA.
LIMITE_NA_VIEW_CONCLUIDO = 8
VARIANTES = (
    "criacao",
    "fusao",
    "incorporacao",
    "extincao",
    "revisao_limites_com_plebiscito",
    "revisao_limites_sem_plebiscito",
)


def _consultas(client, processo) -> tuple[int, str]:
    """As consultas da página com os trechos em cache já guardados (a segunda visita na
    mesma revisão do processo); a primeira visita lê e guarda cada trecho."""
    client.get(f"/processos/{processo.slug}/")
    connection.queries_log.clear()
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(f"/processos/{processo.slug}/")
    assert resposta.status_code == 200
    # A leitura dos trechos guardados: no servidor, a cópia em memória do cache os serve sem
    # ir ao banco (`emancipacao.cache.MemoriaLocal`); dentro da transação do teste, ela não é
    # usada e cada trecho seria uma consulta à tabela do cache, que não entra na conta.
    feitas = [
        q
        for q in contexto.captured_queries
        if "SAVEPOINT" not in q["sql"] and "emancipacao_cache_portal" not in q["sql"]
    ]
    return len(feitas), resposta.content.decode()


def _medir(client, usuarios, processos) -> dict[tuple[str, str], int]:
    medidas = {}
    for estado, processo in processos.items():
        for nome, usuario in usuarios.items():
            client.force_login(usuario)
            total, html = _consultas(client, processo)
            # Algo visível: o estado no cabeçalho e a seção dos atos.
            assert Estado(estado).label in html
            assert "Ações disponíveis" in html
            medidas[(estado, nome)] = total
    return medidas


@pytest.mark.django_db
@pytest.mark.parametrize("variante", VARIANTES)
def test_pagina_do_processo_faz_as_mesmas_consultas_com_poucos_ou_200_processos(
    client, servidor, presidente, mesa, deputado, variante
):
    usuarios = {"servidor": servidor, "presidente": presidente, "mesa": mesa, "deputado": deputado}
    processos = {e: processo_no_estado(servidor, variante, e) for e in alcancaveis(variante)}
    poucos = _medir(client, usuarios, processos)

    for i in range(6):
        Municipio.objects.get_or_create(codigo_ibge=5100100 + i, defaults={"nome": f"Origem {i}"})
    call_command("gerar_massa", processos=200, semente=3, assinaturas=2, stdout=StringIO())
    completar_tabela_va()  # a tabela da SEFAZ segue completa (Art. 2º, IV)
    assert Processo.objects.count() >= 200
    muitos = _medir(client, usuarios, processos)

    assert muitos == poucos
    assert max(muitos.values()) <= LIMITE, {k: v for k, v in muitos.items() if v > LIMITE}


@pytest.mark.django_db
def test_atos_da_pagina_sao_os_mesmos_com_a_leitura_unica(client, presidente, servidor):
    """A leitura única não muda o que as condições decidem: o botão indisponível diz o
    mesmo motivo que o serviço dá fora da página (Art. 2º, §§ 2º e 3º)."""
    from processos import services

    processo = processo_no_estado(
        servidor, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    motivos = services.motivos_indisponivel(processo, "concluir_certidoes")
    assert motivos and "Falta a certidão" in motivos[0]
    client.force_login(servidor)
    html = client.get(f"/processos/{processo.slug}/").content.decode()
    assert f"Concluir certidões — indisponível: {motivos[0]}" in html


@pytest.mark.django_db
def test_view_do_processo_concluido_faz_no_maximo_oito_consultas(servidor):
    """A página toda em até 10 consultas — 2 antes da view (sessão; usuário com os
    grupos) e até 8 nela. Conta-se só a view, com o usuário já lido como o middleware o lê."""
    processo = processo_no_estado(servidor, "criacao", "concluido")
    pedido = RequestFactory().get(f"/processos/{processo.slug}/")
    pedido.user = servidor
    papeis_do_usuario(servidor)  # os papéis vêm com o usuário da sessão, antes da view
    detalhe(pedido, protocolo=processo.slug)  # guarda os trechos da página em cache

    with CaptureQueriesContext(connection) as contexto:
        resposta = detalhe(pedido, protocolo=processo.slug)

    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Concluído" in html and "Ofícios e prazos" in html and "Andamentos" in html
    feitas = [
        q["sql"][:80]
        for q in contexto.captured_queries
        if "emancipacao_cache_portal" not in q["sql"]  # servidas da memória (ver acima)
    ]
    assert len(feitas) <= LIMITE_NA_VIEW_CONCLUIDO, feitas
