"""O AR lançado com a data errada: a CRT o retifica com justificativa, o vencimento é
recalculado da data certa (Art. 2º, § 3º) e a correção fica registrada com as datas
anteriores. Só enquanto o prazo importa: ofício vigente, sem resposta, sem rascunho de
reiteração pendente."""

from datetime import date, timedelta
from unittest import mock

import pytest
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test.utils import CaptureQueriesContext

from instrucao.models import Oficio, RetificacaoRecebimento
from instrucao.reiteracao import preparar_reiteracao, reiterar_oficio
from instrucao.services import registrar_recebimento, retificar_recebimento
from processos import consulta_da_pagina
from processos.models import AtoRecusado
from tests.processos.construtores import processo_no_estado, responder_oficios

HOJE = date(2026, 9, 10)  # quinta-feira
ENVIO = date(2026, 8, 3)
AR_ERRADO = date(2026, 9, 8)  # + 30 dias = 08/10/2026, quinta-feira
AR_CERTO = date(2026, 9, 1)  # + 30 dias = 01/10/2026, quinta-feira


@pytest.fixture(autouse=True)
def hoje():
    with mock.patch("django.utils.timezone.localdate", return_value=HOJE):
        yield HOJE


@pytest.fixture
def processo(operador, servidor):
    """Em aguardando_certidoes; o ofício ao TRE enviado em 03/08 com o AR lançado em 08/09."""
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    Oficio.objects.filter(processo=processo).update(enviado_em=ENVIO)
    registrar_recebimento(oficio_id=_tre(processo).pk, usuario=servidor, recebido_em=AR_ERRADO)
    return processo


def _tre(processo) -> Oficio:
    return processo.oficios.vigentes().get(orgao="tre")


def _retificar(processo, usuario, recebido_em=AR_CERTO, justificativa="AR lido errado."):
    return retificar_recebimento(
        oficio_id=_tre(processo).pk,
        usuario=usuario,
        recebido_em=recebido_em,
        justificativa=justificativa,
    )


# --- serviço ---------------------------------------------------------------------------------


def test_retificacao_recalcula_o_vencimento_e_guarda_as_datas_anteriores(processo, servidor):
    movimento = type(processo).objects.get(pk=processo.pk).ultima_movimentacao

    retificacao = _retificar(processo, servidor, justificativa="  AR lido errado.  ")

    tre = _tre(processo)
    assert (tre.recebido_em, tre.vencimento) == (AR_CERTO, date(2026, 10, 1))
    gravada = RetificacaoRecebimento.objects.get()
    assert gravada == retificacao
    assert (gravada.recebido_em_anterior, gravada.vencimento_anterior) == (
        AR_ERRADO,
        date(2026, 10, 8),
    )
    assert (gravada.recebido_em, gravada.vencimento) == (AR_CERTO, date(2026, 10, 1))
    assert (gravada.justificativa, gravada.registrada_por) == ("AR lido errado.", servidor)
    # Quem lançou o AR continua registrado; a correção é um registro à parte.
    assert tre.recebimento_registrado_por == servidor
    assert type(processo).objects.get(pk=processo.pk).ultima_movimentacao > movimento


def test_retificar_para_uma_data_mais_antiga_pode_vencer_o_prazo(processo, servidor):
    """Art. 2º, § 3º: com o AR de 10/08, o prazo venceu em 09/09 (ontem): reiterável."""
    _retificar(processo, servidor, recebido_em=date(2026, 8, 10))

    tre = _tre(processo)
    assert tre.vencimento == date(2026, 9, 9)
    assert preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE).pendente


@pytest.mark.parametrize(("dias", "aceito"), [(0, True), (1, False)])
def test_data_do_ar_retificado_nao_pode_ser_futura(dias, aceito, processo, servidor):
    data = HOJE + timedelta(days=dias)
    if not aceito:
        with pytest.raises(AtoRecusado, match="não pode ser futura"):
            _retificar(processo, servidor, recebido_em=data)
        assert _tre(processo).recebido_em == AR_ERRADO
        return
    assert _retificar(processo, servidor, recebido_em=data).recebido_em == HOJE


@pytest.mark.parametrize(("dias", "aceito"), [(0, True), (-1, False)])
def test_data_do_ar_retificado_nao_pode_ser_anterior_ao_envio(dias, aceito, processo, servidor):
    data = ENVIO + timedelta(days=dias)
    if not aceito:
        with pytest.raises(AtoRecusado, match="anterior"):
            _retificar(processo, servidor, recebido_em=data)
        assert not RetificacaoRecebimento.objects.exists()
        return
    assert _retificar(processo, servidor, recebido_em=data).recebido_em == ENVIO


def test_sem_justificativa_ou_com_a_mesma_data_nada_muda(processo, servidor):
    with pytest.raises(AtoRecusado, match="Informe a justificativa"):
        _retificar(processo, servidor, justificativa="  ")
    with pytest.raises(AtoRecusado, match="já está registrado em 08/09/2026"):
        _retificar(processo, servidor, recebido_em=AR_ERRADO)

    assert not RetificacaoRecebimento.objects.exists()
    assert _tre(processo).recebido_em == AR_ERRADO


def test_sem_ar_registrado_nao_ha_o_que_retificar(processo, servidor):
    cartografia = processo.oficios.get(orgao="cartografia")

    with pytest.raises(AtoRecusado, match="ainda não foi registrado"):
        retificar_recebimento(
            oficio_id=cartografia.pk, usuario=servidor, recebido_em=AR_CERTO, justificativa="x"
        )


def test_oficio_respondido_nao_tem_o_ar_retificado(processo, servidor, operador):
    responder_oficios(processo, operador, orgaos=("tre",))

    with pytest.raises(AtoRecusado, match="já respondeu .*o AR não se retifica"):
        _retificar(processo, servidor)


def test_com_rascunho_de_reiteracao_pendente_o_ar_nao_se_retifica(processo, servidor):
    Oficio.objects.filter(pk=_tre(processo).pk).update(vencimento=HOJE - timedelta(days=1))
    preparar_reiteracao(oficio_id=_tre(processo).pk, usuario=servidor, enviar_em=HOJE)

    with pytest.raises(AtoRecusado, match="descarte-o antes de retificar o AR"):
        _retificar(processo, servidor)


def test_oficio_reiterado_nao_tem_o_ar_retificado(processo, servidor, presidente):
    original = _tre(processo)
    Oficio.objects.filter(pk=original.pk).update(vencimento=HOJE - timedelta(days=1))
    reiterar_oficio(oficio_id=original.pk, usuario=presidente, enviado_em=HOJE)

    with pytest.raises(AtoRecusado, match="já foi reiterado"):
        retificar_recebimento(
            oficio_id=original.pk, usuario=servidor, recebido_em=AR_CERTO, justificativa="x"
        )


def test_deputado_nao_retifica(processo, deputado):
    with pytest.raises(PermissionDenied):
        _retificar(processo, deputado)
    assert _tre(processo).recebido_em == AR_ERRADO


# --- telas -----------------------------------------------------------------------------------


def test_servidor_retifica_pela_tela(client, servidor, processo):
    tre = _tre(processo)
    client.force_login(servidor)
    url = f"/processos/{processo.slug}/oficios/{tre.pk}/retificar-recebimento/"
    pagina = client.get(f"/processos/{processo.slug}/").content.decode()
    assert url in pagina and "Retificar AR" in pagina
    formulario = client.get(url).content.decode()
    assert "Registrado hoje: 08/09/2026" in formulario and 'value="08/09/2026"' in formulario

    sem_justificativa = client.post(
        url, {"recebido_em": "01/09/2026", "justificativa": "", "versao_vista": 0}
    )
    assert sem_justificativa.status_code == 400
    assert "Informe a justificativa da retificação do AR." in sem_justificativa.content.decode()
    futura = client.post(
        url, {"recebido_em": "11/09/2026", "justificativa": "Erro.", "versao_vista": 0}
    )
    assert futura.status_code == 400
    assert not RetificacaoRecebimento.objects.exists()

    resposta = client.post(
        url,
        {"recebido_em": "01/09/2026", "justificativa": "AR lido errado.", "versao_vista": 0},
        follow=True,
    )

    html = resposta.content.decode()
    assert "AR retificado; o vencimento foi recalculado" in html
    linha = html.split(f'data-oficio="{tre.numero}"')[1].split("</tr>")[0]
    assert "01/09/2026" in linha and "01/10/2026" in linha
    assert "retificado; lançado antes como 08/09/2026" in linha
    assert RetificacaoRecebimento.objects.get().recebido_em_anterior == AR_ERRADO
    # Só a linha do ofício retificado diz que o AR foi corrigido.
    assert html.count("data-ar-retificado") == 1

    historico = client.get(url).content.decode().split("data-retificacoes-ar")[1]
    historico = historico.split("</section>")[0]
    assert "por Alice Servidora: AR de 08/09/2026 para 01/09/2026" in historico
    assert "vencimento de 08/10/2026 para 01/10/2026" in historico
    assert "Justificativa: AR lido errado." in historico


def test_segunda_retificacao_mostra_o_ar_lancado_primeiro(client, servidor, processo):
    """A linha diz a data lançada da primeira vez; o formulário, cada correção."""
    _retificar(processo, servidor, recebido_em=AR_CERTO, justificativa="Primeira leitura.")
    _retificar(processo, servidor, recebido_em=date(2026, 9, 2), justificativa="Segunda.")
    client.force_login(servidor)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    linha = html.split(f'data-oficio="{_tre(processo).numero}"')[1].split("</tr>")[0]
    assert "02/09/2026" in linha and "retificado; lançado antes como 08/09/2026" in linha
    formulario = client.get(
        f"/processos/{processo.slug}/oficios/{_tre(processo).pk}/retificar-recebimento/"
    ).content.decode()
    assert formulario.count("Justificativa: ") == 2
    assert formulario.index("Primeira leitura.") < formulario.index("Segunda.")


def test_a_linha_do_ar_retificado_nao_custa_consulta(client, servidor, processo):
    client.force_login(servidor)
    url = f"/processos/{processo.slug}/"
    client.get(url)
    # As duas páginas desenhadas sem os trechos guardados em cache nem as anotações guardadas
    # pela revisão (a seção dos ofícios e a consulta do processo lidas do banco nas duas).
    caches["portal"].clear()
    consulta_da_pagina.esquecer()
    with CaptureQueriesContext(connection) as sem_retificacao:
        client.get(url)
    _retificar(processo, servidor)

    caches["portal"].clear()
    consulta_da_pagina.esquecer()
    with CaptureQueriesContext(connection) as com_retificacao:
        html = client.get(url).content.decode()

    assert "retificado; lançado antes como 08/09/2026" in html
    assert len(com_retificacao) == len(sem_retificacao)


def test_respondido_nao_mostra_o_botao(client, servidor, operador, processo):
    responder_oficios(processo, operador, orgaos=("tre",))
    client.force_login(servidor)

    html = client.get(f"/processos/{processo.slug}/").content.decode()

    assert "/retificar-recebimento/" not in html
