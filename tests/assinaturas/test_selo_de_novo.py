"""O selo que falhou é pedido de novo pela CRT, na própria página onde a falha aparece: um botão
que põe outro selo na fila, só quando o último falhou e nenhum está em curso. O pedido novo é
uma linha nova da fila (quem pediu, quando); a que falhou fica com a sua mensagem. O selo não
muda o estado do processo: nenhum Andamento."""

import pytest

from documentos import tarefas
from documentos.assinatura import fila
from documentos.models import Documento, EstadoTarefa, Modalidade, TarefaDocumento, TipoTarefa
from processos.models import Andamento
from tests.documentos.conftest import construir, media  # noqa: F401 — fixtures
from tests.processos.construtores import protocolar
from tests.processos.test_concorrencia import _em_paralelo, transacional

BOTAO = "data-selar-de-novo="


def _pedidos(documento):
    return TarefaDocumento.objects.filter(tipo=TipoTarefa.SELO, documento=documento)


@pytest.fixture
def comprovante(construir, comprovante_real):  # noqa: F811
    """O comprovante de protocolo de um processo novo (o selo, se instalado, na fila)."""
    return Documento.objects.get(processo=construir(), tipo="comprovante_protocolo")


@pytest.fixture
def selo_que_falhou(selo_instalado, comprovante, settings):
    """O comprovante de protocolo cujo selo falhou: a autoridade de carimbo fora do ar."""
    correta = settings.CARIMBO_DO_TEMPO_URL
    settings.CARIMBO_DO_TEMPO_URL = "http://127.0.0.1:9/tsa"  # porta 9: ninguém responde
    tarefas.processar(uma_vez=True)
    settings.CARIMBO_DO_TEMPO_URL = correta  # o suporte religou a autoridade
    assert _pedidos(comprovante).get().estado == EstadoTarefa.FALHOU
    return comprovante


def _selar_de_novo(client, documento):
    return client.post(f"/documentos/{documento.codigo}/selar-de-novo/", follow=True)


def test_falha_botao_e_o_novo_pedido_sela(client, servidor, selo_que_falhou):
    comprovante = selo_que_falhou
    pagina = f"/processos/{comprovante.processo.slug}/"
    andamentos = Andamento.objects.filter(processo=comprovante.processo).count()
    client.force_login(servidor)
    html = client.get(pagina).content.decode()
    assert f'{BOTAO}"{comprovante.codigo}"' in html

    resposta = _selar_de_novo(client, comprovante)
    html = resposta.content.decode()
    assert "pedido de novo" in html and "selando…" in html
    assert "pedido por Alice Servidora em" in html  # quem pediu e quando, na página
    assert BOTAO not in html  # em curso: nada a pedir
    falhou, novo = _pedidos(comprovante).order_by("id")
    assert falhou.estado == EstadoTarefa.FALHOU and falhou.mensagem  # a falha fica registrada
    assert (novo.estado, novo.solicitada_por) == (EstadoTarefa.PENDENTE, servidor)
    assert novo.criada_em > falhou.criada_em

    tarefas.processar(uma_vez=True)
    novo.refresh_from_db()
    assert novo.estado == EstadoTarefa.PRONTA
    (selo,) = comprovante.assinaturas.filter(modalidade=Modalidade.SELO)
    assert selo.nivel == "B-LTA"
    html = client.get(pagina).content.decode()
    assert "Selo da Assembleia: assinado por" in html and BOTAO not in html
    # O selo não muda o processo: nenhum Andamento a mais.
    assert Andamento.objects.filter(processo=comprovante.processo).count() == andamentos


def test_sem_falha_nao_ha_botao_e_o_post_e_recusado(client, servidor, selo_instalado, comprovante):
    client.force_login(servidor)
    assert BOTAO not in client.get(f"/processos/{comprovante.processo.slug}/").content.decode()
    html = _selar_de_novo(client, comprovante).content.decode()  # na fila desde a emissão
    assert "já está na fila" in html
    assert _pedidos(comprovante).count() == 1

    tarefas.processar(uma_vez=True)  # selado
    html = _selar_de_novo(client, comprovante).content.decode()
    assert "já tem o selo da Assembleia" in html
    assert _pedidos(comprovante).count() == 1


def test_documento_sem_pedido_de_selo_nao_e_selado_pelo_botao(client, servidor, comprovante):
    # Sem selo instalado: a emissão não pediu selo nenhum.
    client.force_login(servidor)
    html = _selar_de_novo(client, comprovante).content.decode()
    assert "Só se pede de novo o selo que falhou" in html
    assert not _pedidos(comprovante).exists()


@pytest.mark.parametrize("papel", ["mesa", "deputado"])
def test_papel_sem_permissao_recebe_403_e_nao_ve_o_botao(request, client, papel, selo_que_falhou):
    client.force_login(request.getfixturevalue(papel))
    html = client.get(f"/processos/{selo_que_falhou.processo.slug}/").content.decode()
    assert 'data-selo="falhou"' in html and BOTAO not in html
    resposta = client.post(f"/documentos/{selo_que_falhou.codigo}/selar-de-novo/")
    assert resposta.status_code == 403
    assert _pedidos(selo_que_falhou).count() == 1


def test_presidente_tambem_pede_e_get_nao_pede(client, presidente, selo_que_falhou):
    client.force_login(presidente)
    assert client.get(f"/documentos/{selo_que_falhou.codigo}/selar-de-novo/").status_code == 405
    assert _pedidos(selo_que_falhou).count() == 1
    _selar_de_novo(client, selo_que_falhou)
    assert _pedidos(selo_que_falhou).filter(solicitada_por=presidente).count() == 1


def test_clique_duplo_cria_um_pedido_so(client, servidor, selo_que_falhou):
    client.force_login(servidor)
    primeiro = _selar_de_novo(client, selo_que_falhou).content.decode()
    segundo = _selar_de_novo(client, selo_que_falhou).content.decode()
    assert "pedido de novo" in primeiro
    assert "já está na fila" in segundo
    assert _pedidos(selo_que_falhou).filter(estado=EstadoTarefa.PENDENTE).count() == 1
    tarefas.processar(uma_vez=True)
    assert selo_que_falhou.assinaturas.filter(modalidade=Modalidade.SELO).count() == 1


def test_o_servico_recusa_quando_o_banco_ja_tem_um_em_curso(servidor, selo_que_falhou):
    fila.pedir_de_novo(selo_que_falhou, usuario=servidor)
    with pytest.raises(fila.PedidoRecusado, match="já está na fila"):
        fila.pedir_de_novo(selo_que_falhou, usuario=servidor)


@pytest.mark.so_postgresql
@transacional
def test_pedidos_simultaneos_do_selo_que_falhou_criam_um_so(operador, comprovante_real, media):  # noqa: F811
    """Dois cliques ao mesmo tempo (duas abas, duas pessoas): a linha do documento travada faz
    o segundo ver o primeiro em curso; um pedido só."""
    processo = protocolar(operador)
    comprovante = Documento.objects.get(processo=processo, tipo="comprovante_protocolo")
    TarefaDocumento.objects.create(
        tipo=TipoTarefa.SELO,
        processo=processo,
        documento=comprovante,
        estado=EstadoTarefa.FALHOU,
        mensagem="O selo da Assembleia não foi aplicado (o documento vale pelo código): teste.",
    )

    resultados = _em_paralelo([lambda: fila.pedir_de_novo(comprovante, usuario=operador).pk] * 4)

    assert sorted(r[0] for r in resultados) == ["erro"] * 3 + ["ok"], resultados
    assert all(isinstance(r[1], fila.PedidoRecusado) for r in resultados if r[0] == "erro")
    assert _pedidos(comprovante).filter(estado=EstadoTarefa.PENDENTE).count() == 1
