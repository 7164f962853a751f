"""O corpo da tabela de processos é escrito em Python (painel.linhas.LinhasDaTabela), não pelo
template: o que vem do cadastro sai escapado como o template o escaparia, na lista interna e
no portal, e cada um vê só as suas colunas (o portal não mostra o ato pendente nem o prazo,
Art. 23)."""

import pytest

from processos.estados import Estado
from processos.models import FormaEncaminhamento, Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO

NOME = 'Vila <b>"Nova"</b> & Cia'
ORIGEM = "Santo <Antônio> & Leverger"


@pytest.fixture
def processo(db):
    processo = Processo.objects.create(
        numero=7,
        ano=2026,
        tipo="criacao",
        estado=Estado.EM_INSTRUCAO,
        nome_proposto=NOME,
        sede_proposta=NOME,
        forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
        data_leitura_expediente=PASSADO,
    )
    processo.municipios_origem.add(Municipio.objects.create(codigo_ibge=5107800, nome=ORIGEM))
    return processo


def test_lista_interna_escapa_o_cadastro_e_mostra_o_ato_pendente(client, servidor, processo):
    client.force_login(servidor)

    html = client.get("/processos/").content.decode()

    assert '<a href="/processos/0007-2026/">0007/2026</a>' in html
    assert "Vila &lt;b&gt;&quot;Nova&quot;&lt;/b&gt; &amp; Cia" in html
    assert "Santo &lt;Antônio&gt; &amp; Leverger" in html
    assert NOME not in html and ORIGEM not in html
    assert "data-aguardando>Aguardando:" in html
    assert 'data-rotulo="Prazo mais próximo"><span class="text-muted">—</span>' in html


def test_portal_escapa_o_cadastro_sem_as_colunas_da_tramitacao(client, processo):
    html = client.get("/portal/").content.decode()

    assert '<a href="/portal/processos/0007-2026/">0007/2026</a>' in html
    assert "Vila &lt;b&gt;&quot;Nova&quot;&lt;/b&gt; &amp; Cia" in html
    assert "Santo &lt;Antônio&gt; &amp; Leverger" in html
    assert NOME not in html and ORIGEM not in html
    assert "data-aguardando" not in html
    assert 'data-rotulo="Prazo mais próximo"' not in html
