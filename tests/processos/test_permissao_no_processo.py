"""A permissão por processo que uma transição declara (`permission=`) é conferida pelo hub:
na página do ato (`processos:ato`, 403 no GET e no POST) e em `praticar_ato` (AtoRecusado),
antes de qualquer escrita. O caso da lei é o Art. 23: o Presidente da CRT libera e revoga a
liberação de informações em qualquer processo; o Deputado, só no processo de que é autor."""

import pytest
from django.urls import resolve
from django.utils import timezone

from processos.atos import RECUSA_ART23, recusa_no_processo
from processos.models import Andamento, AtoRecusado, FormaEncaminhamento
from processos.papeis import DEPUTADO
from processos.services import DadosProtocolo, protocolar_processo
from tests.processos.construtores import (
    JUSTIFICATIVA,
    PASSADO,
    origem_padrao,
    praticar,
    protocolar,
    recarregar,
    usuario_com_papeis,
)
from transparencia.models import Liberacao

ATOS_ART23 = ["liberar_informacao", "revogar_liberacao"]


@pytest.fixture
def autora(db):
    return usuario_com_papeis("fabia", DEPUTADO, nome="Fábia Deputada")


def protocolar_pela_autora(usuario, autora):
    """Processo encaminhado por intermédio da Deputada (Art. 14, parágrafo único)."""
    dados = DadosProtocolo(
        tipo="criacao",
        nome_proposto="Vale do Arinos",
        sede_proposta="Vale do Arinos",
        municipios_origem=[origem_padrao()],
        forma_encaminhamento=FormaEncaminhamento.DEPUTADO,
        deputado_autor=autora,
        data_leitura_expediente=PASSADO,
    )
    return protocolar_processo(usuario=usuario, dados=dados)


def processo_pronto_para(nome_ato, presidente, autora):
    processo = protocolar_pela_autora(presidente, autora)
    if nome_ato == "revogar_liberacao":  # revoga-se o que foi liberado
        praticar(processo, presidente, "liberar_informacao", dados={"item": "detalhes"})
    return recarregar(processo)


def url(processo, nome_ato):
    return f"/processos/{processo.slug}/atos/{nome_ato.replace('_', '-')}/"


def formulario(processo):
    return {
        "data_ato": timezone.localdate().strftime("%d/%m/%Y"),
        "estado_esperado": processo.estado,
        "ultimo_andamento": processo.andamentos.first().pk,
        "item": "detalhes",
        "justificativa": JUSTIFICATIVA,
    }


def gravado(processo):
    """O que uma recusa não pode mudar: Andamentos, liberações e a última movimentação."""
    vigentes = Liberacao.objects.vigentes().filter(processo=processo).count()
    return (Andamento.objects.count(), vigentes, recarregar(processo).ultima_movimentacao)


def test_os_atos_do_art23_sao_servidos_pela_rota_do_hub():
    """Sem rota interceptadora: a permissão por processo não depende de qual URL atende."""
    for nome_ato in ATOS_ART23:
        rota = resolve(f"/processos/0001-2026/atos/{nome_ato.replace('_', '-')}/")
        assert rota.view_name == "processos:ato"


@pytest.mark.parametrize("nome_ato", ATOS_ART23)
def test_deputada_autora_pratica_o_ato_do_art23_pela_pagina(client, nome_ato, presidente, autora):
    processo = processo_pronto_para(nome_ato, presidente, autora)
    client.force_login(autora)

    assert client.get(url(processo, nome_ato)).status_code == 200
    resposta = client.post(url(processo, nome_ato), formulario(processo))

    assert resposta.status_code == 302
    andamento = recarregar(processo).andamentos.first()
    assert (andamento.ato, andamento.usuario) == (nome_ato, autora)
    liberacao = Liberacao.objects.get(processo=processo)
    if nome_ato == "liberar_informacao":
        assert liberacao.andamento == andamento and liberacao.revogacao is None
    else:
        assert liberacao.revogacao == andamento


@pytest.mark.parametrize("nome_ato", ATOS_ART23)
def test_outro_deputado_recebe_403_na_pagina_do_ato_do_art23_e_nada_e_gravado(
    client, nome_ato, presidente, deputado, autora
):
    processo = processo_pronto_para(nome_ato, presidente, autora)
    antes = gravado(processo)
    client.force_login(deputado)

    get = client.get(url(processo, nome_ato))
    post = client.post(url(processo, nome_ato), formulario(processo))

    assert (get.status_code, post.status_code) == (403, 403)
    for resposta in (get, post):
        assert RECUSA_ART23 in resposta.content.decode()
    assert gravado(processo) == antes


@pytest.mark.parametrize("nome_ato", ATOS_ART23)
def test_o_servico_recusa_o_ato_do_art23_a_outro_deputado_sem_gravar_nada(
    nome_ato, presidente, deputado, autora
):
    """A regra vale no próprio ato, não só na tela: o serviço chamado direto também recusa."""
    processo = processo_pronto_para(nome_ato, presidente, autora)
    antes = gravado(processo)

    with pytest.raises(AtoRecusado, match=r"o Deputado autor no processo que apresentou"):
        praticar(processo, deputado, nome_ato, dados={"item": "detalhes"})

    assert gravado(processo) == antes


@pytest.mark.parametrize("nome_ato", ATOS_ART23)
def test_deputada_autora_e_presidente_praticam_pelo_servico(nome_ato, presidente, autora):
    processo = processo_pronto_para(nome_ato, presidente, autora)

    pela_autora = praticar(processo, autora, nome_ato, dados={"item": "detalhes"})
    # De novo, agora pelo Presidente: o que a autora fez é desfeito pelo ato oposto.
    oposto = "revogar_liberacao" if nome_ato == "liberar_informacao" else "liberar_informacao"
    praticar(processo, autora, oposto, dados={"item": "detalhes"})
    pelo_presidente = praticar(processo, presidente, nome_ato, dados={"item": "detalhes"})

    assert (pela_autora.usuario, pelo_presidente.usuario) == (autora, presidente)
    assert {pela_autora.ato, pelo_presidente.ato} == {nome_ato}


def test_presidente_pratica_o_ato_do_art23_em_processo_sem_deputado_autor(client, presidente):
    """Processo encaminhado pela comunidade: só o Presidente libera (Art. 23)."""
    processo = protocolar(presidente)
    client.force_login(presidente)

    resposta = client.post(url(processo, "liberar_informacao"), formulario(processo))

    assert resposta.status_code == 302
    assert Liberacao.objects.vigentes().filter(processo=processo, documento=None).exists()


def test_deputada_autora_nao_pratica_o_art23_no_processo_de_outro(presidente, deputado, autora):
    """Os dois lados do limite do Art. 23, para a mesma Deputada: no seu processo sim, no de
    outro Deputado não (a recusa é a da permissão por processo, não a do papel)."""
    dela = protocolar_pela_autora(presidente, autora)
    do_outro = protocolar_pela_autora(presidente, deputado)

    assert recusa_no_processo(dela, "liberar_informacao", autora) is None
    assert recusa_no_processo(do_outro, "liberar_informacao", autora) == RECUSA_ART23


def test_ato_sem_permissao_por_processo_recusa_so_pelo_papel(presidente, deputado, autora):
    """Um ato que só declara o papel: ser autor do processo não dá à Deputada o Arquivar."""
    processo = protocolar_pela_autora(presidente, autora)

    assert recusa_no_processo(processo, "arquivar", presidente) is None
    assert recusa_no_processo(processo, "arquivar", autora) == (
        "Seu papel não permite o ato “Arquivar”."
    )


def test_botao_do_art23_so_para_quem_a_permissao_admite(client, presidente, deputado, autora):
    processo = protocolar_pela_autora(presidente, autora)
    link = f'href="{url(processo, "liberar_informacao")}"'

    vistas = {}
    for usuario in (presidente, autora, deputado):
        client.force_login(usuario)
        vistas[usuario.username] = link in client.get(f"/processos/{processo.slug}/").text

    assert vistas == {"bruno": True, "fabia": True, "davi": False}
