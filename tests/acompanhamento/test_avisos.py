"""Os avisos: um por mudança de estado a cada inscrição confirmada, gravados com o ato e
enviados depois do commit; o servidor de e-mail fora do ar não desfaz nem trava o ato, e o
comando `enviar_avisos` manda depois o que ficou pendente."""

from smtplib import SMTPRecipientsRefused, SMTPServerDisconnected

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

from acompanhamento.models import Aviso, Inscricao
from processos.models import Andamento
from tests.acompanhamento.conftest import URL_PUBLICA, caminho, confirmar_pelo_link, pedir
from tests.processos.construtores import (
    JUSTIFICATIVA,
    praticar,
    processo_no_estado,
    protocolar,
    recarregar,
)

pytestmark = pytest.mark.django_db


class BackendForaDoAr(BaseEmailBackend):
    """Servidor SMTP fora do ar (só para os testes). Anota se foi chamado dentro de uma
    transação, o que o envio nunca deve fazer."""

    chamadas: list[bool] = []

    def send_messages(self, email_messages):
        BackendForaDoAr.chamadas.append(connection.in_atomic_block)
        raise SMTPServerDisconnected("Connection unexpectedly closed")


class BackendRecusaUm(BaseEmailBackend):
    """Recusa só o destinatário recusado@...; entrega os demais na caixa do locmem."""

    def send_messages(self, email_messages):
        for m in email_messages:
            if m.to == ["recusado@exemplo.com.br"]:
                raise SMTPRecipientsRefused({m.to[0]: (550, b"no such user")})
            mail.outbox.append(m)
        return len(email_messages)


@pytest.fixture
def processo(operador):
    return protocolar(operador)


@pytest.fixture
def ana(client, processo):
    """Ana confirmou; a caixa de saída começa vazia."""
    confirmar_pelo_link(client, processo, "ana@exemplo.com.br")
    mail.outbox.clear()
    return Inscricao.objects.get(email="ana@exemplo.com.br")


def _diligencia(processo, operador, capturar):
    with capturar(execute=True):
        return praticar(processo, operador, "baixar_em_diligencia")


def test_uma_mensagem_por_mudanca_de_estado(
    processo, operador, ana, django_capture_on_commit_callbacks
):
    andamento = _diligencia(processo, operador, django_capture_on_commit_callbacks)

    (mensagem,) = mail.outbox
    assert mensagem.to == ["ana@exemplo.com.br"]
    assert mensagem.subject == f"Processo nº {processo.protocolo}: Em diligência"
    assert f"Processo nº {processo.protocolo} — {processo.titulo}" in mensagem.body
    assert f"Ato: Baixar em diligência, em {andamento.data_ato:%d/%m/%Y}" in mensagem.body
    assert "O processo passou a: Em diligência" in mensagem.body
    assert f"{URL_PUBLICA}/portal/processos/{processo.slug}/" in mensagem.body
    assert caminho(mensagem, "cancelar") == f"/acompanhamento/cancelar/{ana.chave}/"
    assert mensagem.extra_headers["List-Unsubscribe"].startswith(f"<{URL_PUBLICA}/")
    aviso = Aviso.objects.get()
    assert (aviso.andamento, aviso.inscricao, aviso.tentativas) == (andamento, ana, 1)
    assert aviso.enviado_em is not None

    # O próximo ato, outra mensagem; o comando não repete nenhuma das duas.
    with django_capture_on_commit_callbacks(execute=True):
        praticar(recarregar(processo), operador, "receber_na_crt")
    call_command("enviar_avisos")
    assert [m.subject.split(": ")[1] for m in mail.outbox] == [
        "Em diligência",
        "Em instrução na CRT",
    ]


def test_mensagem_nao_traz_justificativa_nem_dados_internos(
    processo, operador, ana, django_capture_on_commit_callbacks
):
    """Só informação pública (Art. 23): nada da justificativa, dos dados
    registrados nem de quem praticou o ato."""
    with django_capture_on_commit_callbacks(execute=True):
        praticar(processo, operador, "arquivar", justificativa="Motivo interno sigiloso")

    (mensagem,) = mail.outbox
    assert "O processo passou a: Arquivado" in mensagem.body
    assert "sigiloso" not in mensagem.body
    assert "desistencia" not in mensagem.body
    assert operador.first_name not in mensagem.body
    assert JUSTIFICATIVA not in mensagem.body


def test_sem_confirmacao_nenhum_aviso(
    client, processo, operador, django_capture_on_commit_callbacks
):
    pedir(client, processo, "pendente@exemplo.com.br")
    mail.outbox.clear()

    _diligencia(processo, operador, django_capture_on_commit_callbacks)

    assert mail.outbox == []
    assert not Aviso.objects.exists()


def test_cada_confirmado_recebe_a_sua_e_so_do_seu_processo(
    client, operador, processo, ana, django_capture_on_commit_callbacks
):
    outro = protocolar(operador, nome="Vale do Arinos")
    confirmar_pelo_link(client, processo, "bia@exemplo.com.br")
    confirmar_pelo_link(client, outro, "caio@exemplo.com.br")
    mail.outbox.clear()

    _diligencia(processo, operador, django_capture_on_commit_callbacks)

    assert sorted(m.to[0] for m in mail.outbox) == ["ana@exemplo.com.br", "bia@exemplo.com.br"]
    # Cada mensagem leva o link de cancelamento da própria inscrição.
    for m in mail.outbox:
        chave = Inscricao.objects.get(email=m.to[0], processo=processo).chave
        assert caminho(m, "cancelar") == f"/acompanhamento/cancelar/{chave}/"


def test_ato_que_nao_muda_o_estado_nao_gera_aviso(
    processo, operador, ana, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        praticar(processo, operador, "retificar_dados")

    assert mail.outbox == []
    assert not Aviso.objects.exists()


def test_nenhum_aviso_depois_de_cancelar(
    client, processo, operador, ana, django_capture_on_commit_callbacks
):
    client.post(f"/acompanhamento/cancelar/{ana.chave}/")

    _diligencia(processo, operador, django_capture_on_commit_callbacks)
    call_command("enviar_avisos")

    assert mail.outbox == []
    assert not Inscricao.objects.exists()
    assert not Aviso.objects.exists()


def test_cancelar_com_aviso_pendente_apaga_o_aviso(
    client, settings, processo, operador, ana, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"
    _diligencia(processo, operador, django_capture_on_commit_callbacks)
    assert Aviso.objects.filter(enviado_em__isnull=True).count() == 1

    client.post(f"/acompanhamento/cancelar/{ana.chave}/")
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("enviar_avisos")

    assert mail.outbox == []
    assert not Aviso.objects.exists()


def test_ato_desfeito_nao_deixa_aviso(processo, operador, ana, django_capture_on_commit_callbacks):
    """O aviso nasce na transação do ato: se o ato não se grava, não há aviso."""
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        praticar(processo, operador, "baixar_em_diligencia")
        raise RuntimeError("falha depois do ato")

    assert mail.outbox == []
    assert not Aviso.objects.exists()
    assert recarregar(processo).estado == "protocolada"


def test_um_aviso_por_andamento_e_inscricao_no_banco(
    processo, operador, ana, django_capture_on_commit_callbacks
):
    andamento = _diligencia(processo, operador, django_capture_on_commit_callbacks)

    with pytest.raises(IntegrityError), transaction.atomic():
        Aviso.objects.create(andamento=andamento, inscricao=ana)


def test_servidor_de_email_fora_nao_desfaz_o_ato_e_o_comando_reenvia(
    settings, processo, operador, ana, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"

    andamento = _diligencia(processo, operador, django_capture_on_commit_callbacks)

    assert recarregar(processo).estado == "em_diligencia"
    assert Andamento.objects.filter(pk=andamento.pk, ato="baixar_em_diligencia").exists()
    aviso = Aviso.objects.get()
    assert aviso.enviado_em is None
    assert (aviso.tentativas, aviso.ultimo_erro) == (1, "SMTPServerDisconnected")
    assert "ana@" not in aviso.ultimo_erro

    # Ainda fora do ar: o comando tenta, falha, e o aviso continua pendente.
    call_command("enviar_avisos")
    assert Aviso.objects.get().tentativas == 2

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("enviar_avisos")
    call_command("enviar_avisos")  # idempotente: nada em dobro

    (mensagem,) = mail.outbox
    assert "O processo passou a: Em diligência" in mensagem.body
    assert Aviso.objects.get().enviado_em is not None


@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_envio_acontece_depois_do_commit_do_ato(settings, client, operador):
    """Com commits de verdade: o envio roda fora de qualquer transação, o ato está gravado
    quando ele falha, e nenhuma exceção chega a quem praticou o ato."""
    processo = protocolar(operador)
    confirmar_pelo_link(client, processo, "ana@exemplo.com.br")
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"
    BackendForaDoAr.chamadas = []

    praticar(processo, operador, "baixar_em_diligencia")

    assert BackendForaDoAr.chamadas == [False]
    assert recarregar(processo).estado == "em_diligencia"
    assert Aviso.objects.filter(enviado_em__isnull=True, tentativas=1).count() == 1


def test_ato_pela_pagina_com_email_fora_do_ar_funciona(
    client, settings, processo, operador, ana, django_capture_on_commit_callbacks
):
    from tests.processos.construtores import formulario_do_ato

    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"
    client.force_login(operador)
    url = f"/processos/{processo.slug}/atos/baixar-em-diligencia/"

    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url, formulario_do_ato(processo, "baixar_em_diligencia"))

    assert resposta.status_code == 302
    assert recarregar(processo).estado == "em_diligencia"
    assert Aviso.objects.filter(enviado_em__isnull=True).count() == 1


def test_endereco_recusado_nao_segura_os_demais(
    client, settings, processo, operador, ana, django_capture_on_commit_callbacks
):
    confirmar_pelo_link(client, processo, "recusado@exemplo.com.br")
    mail.outbox.clear()
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendRecusaUm"

    _diligencia(processo, operador, django_capture_on_commit_callbacks)

    assert [m.to for m in mail.outbox] == [["ana@exemplo.com.br"]]
    recusado = Aviso.objects.get(inscricao__email="recusado@exemplo.com.br")
    assert (recusado.enviado_em, recusado.ultimo_erro) == (None, "SMTPRecipientsRefused")


def test_aviso_reservado_por_outro_envio_nao_sai_em_dobro(
    settings, processo, operador, ana, django_capture_on_commit_callbacks
):
    from django.utils import timezone

    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"
    _diligencia(processo, operador, django_capture_on_commit_callbacks)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    # Outro processo (o comando em outra máquina) reservou o aviso agora mesmo.
    Aviso.objects.update(reservado_em=timezone.now())

    call_command("enviar_avisos")
    assert mail.outbox == []

    # A reserva de um envio que morreu no meio caduca em 10 minutos.
    from datetime import timedelta

    Aviso.objects.update(reservado_em=timezone.now() - timedelta(minutes=10, seconds=1))
    call_command("enviar_avisos")
    assert len(mail.outbox) == 1


def test_comando_informa_o_que_fez(
    capsys, settings, processo, operador, ana, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"
    _diligencia(processo, operador, django_capture_on_commit_callbacks)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

    call_command("enviar_avisos")

    assert capsys.readouterr().out.strip() == (
        "Avisos enviados: 1; com falha: 0; pedidos expirados apagados: 0; "
        "inscrições de processos concluídos apagadas: 0."
    )


def test_processo_concluido_manda_o_ultimo_aviso_e_apaga_o_endereco(
    client, settings, operador, django_capture_on_commit_callbacks
):
    """Com a lei publicada o processo não muda mais: o endereço perde a finalidade."""
    processo = processo_no_estado(operador, "criacao", "aguardando_sancao")
    confirmar_pelo_link(client, processo, "ana@exemplo.com.br")
    mail.outbox.clear()
    settings.EMAIL_BACKEND = "tests.acompanhamento.test_avisos.BackendForaDoAr"

    with django_capture_on_commit_callbacks(execute=True):
        praticar(processo, operador, "registrar_lei")
    call_command("enviar_avisos")
    # Enquanto o último aviso não sai, a inscrição fica.
    assert Inscricao.objects.count() == 1

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("enviar_avisos")

    (mensagem,) = mail.outbox
    assert "O processo passou a: Concluído (lei publicada)" in mensagem.body
    assert "esta é a última mensagem" in mensagem.body
    assert not Inscricao.objects.exists()


def test_processo_arquivado_continua_acompanhado(
    processo, operador, ana, django_capture_on_commit_callbacks
):
    """O arquivado pode ser desarquivado (Art. 21): a inscrição fica."""
    with django_capture_on_commit_callbacks(execute=True):
        praticar(processo, operador, "arquivar")
    call_command("enviar_avisos")

    assert "esta é a última mensagem" not in mail.outbox[0].body
    assert Inscricao.objects.filter(pk=ana.pk).exists()
