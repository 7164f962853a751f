"""A fila de tarefas na página do processo (Art. 19, § 1º: a cópia integral; o selo da
Assembleia): o pedido e cada mudança de estado da tarefa incrementam a revisão do processo na
mesma transação, e a página — que guarda as anotações da fila e os trechos em cache pela
revisão — mostra na hora o mesmo que a desenhada sem cache nenhum. Cada visita seguinte, na
mesma revisão, não relê a fila na consulta do processo nem faz consulta a mais."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from documentos import tarefas
from documentos.assinatura import fila
from documentos.models import Documento, EstadoTarefa, TarefaDocumento, TipoTarefa
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures
from tests.processos.test_consultas_processo import LIMITE
from tests.processos.test_trechos_em_cache import _conferir_na_hora, _pagina

MONTANDO = "A cópia integral autenticada está sendo montada em segundo plano"


def _consultas_da_visita(client, processo) -> list[str]:
    """O SQL da segunda visita na mesma revisão (a primeira guarda trechos e anotações), sem
    os SAVEPOINT do teste nem a tabela do cache (servida da memória no servidor)."""
    _pagina(client, processo)
    with CaptureQueriesContext(connection) as contexto:
        _pagina(client, processo)
    return [
        q["sql"]
        for q in contexto.captured_queries
        if "SAVEPOINT" not in q["sql"] and "emancipacao_cache_portal" not in q["sql"]
    ]


def _da_fila(consultas: list[str]) -> list[str]:
    return [sql for sql in consultas if "documentos_tarefadocumento" in sql]


def test_copia_integral_pedida_tomada_e_pronta_aparece_na_hora(
    client,
    presidente,
    construir,  # noqa: F811
):
    processo = construir(ate="receber_na_crt")
    client.force_login(presidente)
    sem_fila = _consultas_da_visita(client, processo)
    assert not _da_fila(sem_fila)

    def pedir():
        tarefas.solicitar_copia_integral(processo, usuario=presidente)

    html = "".join(_conferir_na_hora(client, processo, pedir))
    assert f"{MONTANDO} (Na fila: aguardando o início da montagem)" in html
    # Na fila: a consulta do processo não relê a fila; só o painel lê a tarefa em curso (a
    # etapa que avança sem mexer na revisão), uma consulta, como antes.
    na_fila = _consultas_da_visita(client, processo)
    assert len(na_fila) == len(sem_fila) + 1 <= LIMITE
    assert len(_da_fila(na_fila)) == 1

    tomada = []
    _conferir_na_hora(client, processo, lambda: tomada.append(tarefas.tomar_proxima()))
    assert f"{MONTANDO} (Iniciando a montagem)" in _pagina(client, processo)
    # O avanço gravado pelo executor (sem revisão nova) aparece na visita seguinte.
    tarefas._registrar_progresso(tomada[0])("Juntando as páginas das peças: 12 de 40", 12, 40)
    assert f"{MONTANDO} (Juntando as páginas das peças: 12 de 40)" in _pagina(client, processo)
    assert len(_consultas_da_visita(client, processo)) == len(na_fila)

    html = "".join(_conferir_na_hora(client, processo, lambda: tarefas.executar(tomada[0])))
    tomada[0].refresh_from_db()
    assert tomada[0].estado == EstadoTarefa.PRONTA
    assert MONTANDO not in _pagina(client, processo)
    assert tomada[0].documento.codigo in html
    assert len(_consultas_da_visita(client, processo)) <= LIMITE


@pytest.fixture
def protocolado(construir, selo_instalado, comprovante_real):  # noqa: F811
    """O processo protocolado, com o selo do comprovante de protocolo pedido na emissão."""
    return construir()


def test_selo_pedido_falho_e_refeito_aparece_na_hora(protocolado, client, servidor, settings):
    processo = protocolado
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    client.force_login(servidor)
    html = _pagina(client, processo)
    assert 'data-selo="selando"' in html and fila.NA_FILA in html
    selando = _consultas_da_visita(client, processo)
    assert not _da_fila(selando)  # a linha "selando…" vem do trecho em cache
    carimbo = settings.CARIMBO_DO_TEMPO_URL
    # Porta 9 (discard) no próprio computador: ninguém responde, nada sai da máquina.
    settings.CARIMBO_DO_TEMPO_URL = "http://127.0.0.1:9/tsa"

    tomada = []
    _conferir_na_hora(client, processo, lambda: tomada.append(tarefas.tomar_proxima()))
    assert "selando… (Iniciando a montagem" in _pagina(client, processo)

    def falhar():
        tarefas.executar(tomada.pop())

    html = "".join(_conferir_na_hora(client, processo, falhar))
    assert 'data-selo="falhou"' in html and tarefas.SELO_SEM_CARIMBO in html
    assert f'data-selar-de-novo="{comprovante.codigo}"' in html
    assert len(_consultas_da_visita(client, processo)) == len(selando)

    # Pedido de novo pela tela (quem pediu fica na fila) e, falhando outra vez, pela fila
    # (como a emissão o pede): cada pedido volta a "selando…" na hora.
    def pedir_de_novo():
        fila.pedir_de_novo(comprovante, usuario=servidor)

    html = "".join(_conferir_na_hora(client, processo, pedir_de_novo))
    assert 'data-selo="selando"' in html and 'data-selo="falhou"' not in html
    _conferir_na_hora(client, processo, lambda: tarefas.processar(uma_vez=True))
    assert 'data-selo="falhou"' in _pagina(client, processo)

    settings.CARIMBO_DO_TEMPO_URL = carimbo
    html = "".join(_conferir_na_hora(client, processo, lambda: fila.solicitar_selo(comprovante)))
    assert 'data-selo="selando"' in html

    html = "".join(_conferir_na_hora(client, processo, lambda: tarefas.processar(uma_vez=True)))
    assert "selando…" not in html and 'data-selo="falhou"' not in html
    assert "Selo da Assembleia: assinado por" in html
    assert len(_consultas_da_visita(client, processo)) == len(selando)
    assert TarefaDocumento.objects.filter(tipo=TipoTarefa.SELO).count() == 3
