"""O pedido de acompanhamento na página pública: dupla confirmação, entrada ruim recusada
sem gravar nada, a mesma resposta inscrito ou não, e os limites por IP e por endereço."""

import pytest
from django.core import mail
from django.test import Client

from acompanhamento.models import Inscricao
from processos.models import Processo
from tests.acompanhamento.conftest import (
    URL_PUBLICA,
    caminho,
    confirmar_pelo_link,
    pedir,
    url_acompanhar,
)
from tests.processos.construtores import protocolar

pytestmark = pytest.mark.django_db


@pytest.fixture
def processo(operador):
    return protocolar(operador)


def test_pagina_publica_oferece_o_formulario_de_acompanhamento(client, processo):
    pagina = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert "Acompanhar este processo por e-mail" in pagina
    assert f'action="{url_acompanhar(processo)}"' in pagina
    assert 'name="csrfmiddlewaretoken"' in pagina


def test_pagina_interna_do_processo_nao_traz_o_formulario(client, operador, processo):
    client.force_login(operador)

    pagina = client.get(f"/processos/{processo.slug}/").content.decode()

    assert "Acompanhar este processo" not in pagina


def test_processo_concluido_nao_oferece_acompanhamento(client, processo):
    Processo.objects.filter(pk=processo.pk).update(estado="concluido")

    pagina = client.get(f"/portal/processos/{processo.slug}/").content.decode()
    resposta = pedir(client, processo, "ana@exemplo.com.br")

    assert "Acompanhar este processo por e-mail" not in pagina
    assert resposta.status_code == 400
    assert "não haverá novas mudanças" in resposta.content.decode()
    assert not Inscricao.objects.exists()


def test_pedido_grava_pendente_e_envia_so_o_link_de_confirmacao(client, processo):
    resposta = pedir(client, processo, "  Ana.Silva@Exemplo.com.BR ")

    assert resposta.status_code == 302
    assert resposta["Location"] == f"/portal/processos/{processo.slug}/#acompanhar"
    pagina = client.get(resposta["Location"]).content.decode()
    assert "Pedido recebido" in pagina
    assert "ana.silva@exemplo.com.br" not in pagina.lower()  # o endereço nunca é exibido
    inscricao = Inscricao.objects.get()
    assert inscricao.email == "ana.silva@exemplo.com.br"
    assert inscricao.confirmada_em is None
    (mensagem,) = mail.outbox
    assert mensagem.to == ["ana.silva@exemplo.com.br"]
    assert mensagem.subject == f"Confirme o acompanhamento do processo nº {processo.protocolo}"
    assert "válido por 48 horas" in mensagem.body
    # O banco guarda só o hash do token; o link traz o token, que não está no banco.
    token = caminho(mensagem, "confirmar").split("/")[-2]
    assert token not in (inscricao.token_hash or "")
    assert not Inscricao.objects.filter(token_hash=token).exists()
    # Cancelar já na primeira mensagem ("não fui eu").
    assert caminho(mensagem, "cancelar") == f"/acompanhamento/cancelar/{inscricao.chave}/"
    assert mensagem.extra_headers["List-Unsubscribe"] == (
        f"<{URL_PUBLICA}/acompanhamento/cancelar/{inscricao.chave}/>"
    )


@pytest.mark.parametrize(
    ("email", "erro"),
    [
        ("", "Informe o endereço de e-mail"),
        ("ana", "Informe um endereço de e-mail válido"),
        ("ana@", "Informe um endereço de e-mail válido"),
        ("ana@@exemplo.com", "Informe um endereço de e-mail válido"),
        ("ana silva@exemplo.com", "Informe um endereço de e-mail válido"),
        ("ana@exemplo.com\nBcc: outro@exemplo.com", "Informe um endereço de e-mail válido"),
        ("<script>@exemplo.com", "Informe um endereço de e-mail válido"),
    ],
)
def test_endereco_malformado_e_recusado_sem_gravar_nem_enviar(client, processo, email, erro):
    resposta = pedir(client, processo, email)

    assert resposta.status_code == 400
    assert erro in resposta.content.decode()
    assert "O pedido não foi registrado" in resposta.content.decode()
    assert not Inscricao.objects.exists()
    assert mail.outbox == []


def _endereco_de_tamanho(n: int) -> str:
    # Partes locais e rótulos de domínio dentro dos limites do EmailValidator (64 e 63).
    dominio = ".".join(["d" * 60] * 3)  # 182 caracteres
    local = "a" * (n - len(dominio) - 1 - len(".br"))
    return f"{local}@{dominio}.br"


@pytest.mark.parametrize(("tamanho", "aceito"), [(254, True), (255, False)])
def test_endereco_tem_no_maximo_254_caracteres(client, processo, tamanho, aceito):
    email = _endereco_de_tamanho(tamanho)
    assert len(email) == tamanho

    resposta = pedir(client, processo, email)

    assert Inscricao.objects.exists() is aceito
    if not aceito:
        assert resposta.status_code == 400
        assert "no máximo 254 caracteres" in resposta.content.decode()


def test_pedido_exige_o_token_csrf(processo):
    cliente = Client(enforce_csrf_checks=True)

    resposta = pedir(cliente, processo, "ana@exemplo.com.br")

    assert resposta.status_code == 403
    assert not Inscricao.objects.exists()


def test_pedido_so_por_post(client, processo):
    assert client.get(url_acompanhar(processo)).status_code == 405


def test_pedido_para_processo_inexistente_e_404(client, processo):
    resposta = client.post("/portal/processos/9999-2020/acompanhar/", {"email": "a@b.com.br"})

    assert resposta.status_code == 404
    assert not Inscricao.objects.exists()


def test_resposta_e_a_mesma_para_endereco_ja_inscrito(client, processo):
    """Sem enumeração: quem pede não descobre se o endereço já acompanha o processo."""
    confirmar_pelo_link(client, processo, "ana@exemplo.com.br")
    enviados = len(mail.outbox)

    ja_inscrito = pedir(client, processo, "ana@exemplo.com.br")
    novo = pedir(client, processo, "bia@exemplo.com.br")

    assert ja_inscrito.status_code == novo.status_code == 302
    assert ja_inscrito["Location"] == novo["Location"]
    pagina_ja = client.get(ja_inscrito["Location"]).content.decode()
    assert "Pedido recebido" in pagina_ja
    # Para o já inscrito, nenhuma mensagem nova; para o novo, a confirmação.
    assert [m.to for m in mail.outbox[enviados:]] == [["bia@exemplo.com.br"]]


def test_enxurrada_para_um_endereco_manda_uma_confirmacao_por_janela(client, processo):
    respostas = [pedir(client, processo, "ana@exemplo.com.br") for _ in range(20)]

    assert {r.status_code for r in respostas} == {302}
    assert len(mail.outbox) == 1
    assert Inscricao.objects.count() == 1


def test_reenvio_so_depois_da_janela_de_15_minutos_e_invalida_o_link_anterior(client, processo):
    from datetime import timedelta

    from django.utils import timezone

    pedir(client, processo, "ana@exemplo.com.br")
    primeiro = caminho(mail.outbox[0], "confirmar")
    inscricao = Inscricao.objects.get()

    # 14min59s depois do pedido: ainda dentro da janela, nada é enviado.
    Inscricao.objects.filter(pk=inscricao.pk).update(
        pedida_em=timezone.now() - timedelta(minutes=14, seconds=59)
    )
    pedir(client, processo, "ana@exemplo.com.br")
    assert len(mail.outbox) == 1

    # 15 minutos: novo link; o anterior deixa de valer.
    Inscricao.objects.filter(pk=inscricao.pk).update(
        pedida_em=timezone.now() - timedelta(minutes=15, seconds=1)
    )
    pedir(client, processo, "ana@exemplo.com.br")
    assert len(mail.outbox) == 2
    segundo = caminho(mail.outbox[1], "confirmar")
    assert segundo != primeiro
    assert client.post(primeiro).status_code == 404
    assert client.post(segundo).status_code == 200


def test_limite_por_endereco_vale_somados_os_processos(client, settings, operador, processo):
    settings.ACOMPANHAMENTO_LIMITE_ENDERECO = "2/h"
    outros = [protocolar(operador, nome=f"Vale do Arinos {i}") for i in range(2)]

    for p in [processo, *outros]:
        resposta = pedir(client, p, "ana@exemplo.com.br")
        assert resposta.status_code == 302  # a mesma resposta neutra, também acima do limite

    assert len(mail.outbox) == 2
    assert Inscricao.objects.count() == 2  # o terceiro pedido não gravou nada


def test_limite_por_ip_responde_429_com_espera(client, settings, processo):
    settings.ACOMPANHAMENTO_LIMITE_IP = "3/h"
    respostas = [pedir(client, processo, f"p{i}@exemplo.com.br", ip="10.9.7.7") for i in range(4)]

    assert [r.status_code for r in respostas[:3]] == [302, 302, 302]
    assert respostas[3].status_code == 429
    assert 1 <= int(respostas[3]["Retry-After"]) <= 3600
    assert "Muitos pedidos de acompanhamento" in respostas[3].content.decode()
    assert Inscricao.objects.count() == 3
    # Outro endereço de rede não é afetado.
    assert pedir(client, processo, "p9@exemplo.com.br", ip="10.9.7.8").status_code == 302


def test_servidor_de_email_fora_nao_impede_o_pedido(client, settings, processo):
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"

    resposta = pedir(client, processo, "ana@exemplo.com.br")

    assert resposta.status_code == 302
    assert "Pedido recebido" in client.get(resposta["Location"]).content.decode()
