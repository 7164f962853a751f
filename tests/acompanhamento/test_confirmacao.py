"""Confirmar (dupla confirmação) e cancelar: o link vale 48 horas e uma vez só; cancelar
apaga o endereço. Os dois pedem um clique: abrir o link (GET) não muda nada."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from acompanhamento.models import Inscricao
from tests.acompanhamento.conftest import caminho, confirmar_pelo_link, pedir
from tests.processos.construtores import protocolar

pytestmark = pytest.mark.django_db


@pytest.fixture
def processo(operador):
    return protocolar(operador)


@pytest.fixture
def link(client, processo):
    pedir(client, processo, "ana@exemplo.com.br")
    return caminho(mail.outbox[-1], "confirmar")


def test_abrir_o_link_mostra_o_botao_e_nao_confirma(client, processo, link):
    pagina = client.get(link)

    assert pagina.status_code == 200
    assert "Confirmar o acompanhamento" in pagina.content.decode()
    assert processo.protocolo in pagina.content.decode()
    assert "ana@exemplo.com.br" not in pagina.content.decode()
    assert Inscricao.objects.get().confirmada_em is None


def test_confirmar_pelo_botao_confirma_e_apaga_o_token(client, processo, link):
    resposta = client.post(link)

    assert resposta.status_code == 200
    assert "Acompanhamento confirmado" in resposta.content.decode()
    inscricao = Inscricao.objects.get()
    assert inscricao.confirmada_em is not None
    assert inscricao.token_hash is None


def test_link_de_confirmacao_usado_de_novo_e_recusado(client, link):
    client.post(link)
    confirmada_em = Inscricao.objects.get().confirmada_em

    for resposta in (client.get(link), client.post(link)):
        assert resposta.status_code == 404
        assert "Este link de confirmação não vale mais" in resposta.content.decode()
    assert Inscricao.objects.get().confirmada_em == confirmada_em


@pytest.mark.parametrize(
    ("idade", "vale"),
    [
        (timedelta(hours=47, minutes=59), True),
        (timedelta(hours=48, minutes=1), False),
    ],
)
def test_link_de_confirmacao_vale_48_horas(client, link, idade, vale):
    Inscricao.objects.update(pedida_em=timezone.now() - idade)

    resposta = client.post(link)

    assert (resposta.status_code == 200) is vale
    assert (Inscricao.objects.get().confirmada_em is not None) is vale
    if not vale:
        assert resposta.status_code == 404
        assert "O link expirou" in resposta.content.decode()


@pytest.mark.parametrize("token", ["x", "a" * 43, "%00"])
def test_link_de_confirmacao_inventado_e_recusado(client, link, token):
    resposta = client.post(f"/acompanhamento/confirmar/{token}/")

    assert resposta.status_code in (400, 404)
    assert Inscricao.objects.get().confirmada_em is None


def test_pedido_nao_confirmado_e_apagado_depois_de_48_horas(client, operador, processo):
    pedir(client, processo, "velho@exemplo.com.br")
    pedir(client, processo, "recente@exemplo.com.br")
    confirmar_pelo_link(client, processo, "confirmado@exemplo.com.br")
    Inscricao.objects.filter(email="velho@exemplo.com.br").update(
        pedida_em=timezone.now() - timedelta(hours=48, minutes=1)
    )
    Inscricao.objects.filter(email="recente@exemplo.com.br").update(
        pedida_em=timezone.now() - timedelta(hours=47, minutes=59)
    )
    # A confirmação conta da confirmação, não do pedido: nunca expira.
    Inscricao.objects.filter(email="confirmado@exemplo.com.br").update(
        pedida_em=timezone.now() - timedelta(days=400)
    )

    call_command("enviar_avisos")

    assert sorted(Inscricao.objects.values_list("email", flat=True)) == [
        "confirmado@exemplo.com.br",
        "recente@exemplo.com.br",
    ]


def test_cancelar_pelo_link_apaga_o_endereco(client, processo):
    confirmar_pelo_link(client, processo, "ana@exemplo.com.br")
    cancelar = caminho(mail.outbox[-1], "cancelar")

    pagina = client.get(cancelar)
    assert pagina.status_code == 200
    assert "Deixar de acompanhar" in pagina.content.decode()
    assert Inscricao.objects.count() == 1  # abrir o link não apaga

    resposta = client.post(cancelar)

    assert resposta.status_code == 200
    assert "O endereço de e-mail foi apagado" in resposta.content.decode()
    assert not Inscricao.objects.filter(email="ana@exemplo.com.br").exists()
    repetido = client.post(cancelar)
    assert repetido.status_code == 404
    assert "Acompanhamento não encontrado" in repetido.content.decode()


def test_cancelar_pedido_ainda_nao_confirmado(client, processo):
    pedir(client, processo, "naofui@exemplo.com.br")

    client.post(caminho(mail.outbox[-1], "cancelar"))

    assert not Inscricao.objects.exists()


def test_cancelar_um_processo_nao_mexe_nos_outros(client, operador, processo):
    outro = protocolar(operador, nome="Vale do Arinos")
    confirmar_pelo_link(client, processo, "ana@exemplo.com.br")
    cancelar = caminho(mail.outbox[-1], "cancelar")
    confirmar_pelo_link(client, outro, "ana@exemplo.com.br")

    client.post(cancelar)

    assert list(Inscricao.objects.values_list("processo", flat=True)) == [outro.pk]


def test_links_de_confirmar_e_cancelar_exigem_csrf_no_post(processo, link):
    from django.test import Client

    cliente = Client(enforce_csrf_checks=True)

    assert cliente.post(link).status_code == 403
    assert Inscricao.objects.get().confirmada_em is None
