"""A jornada do cidadão no Chromium real, sob a CSP estrita: pede na página pública,
confirma pelo link que chegou, recebe o aviso do ato e cancela pelo link da mensagem."""

import pytest
from django.core import mail

from acompanhamento.models import Inscricao
from tests.acompanhamento.conftest import acompanhamento_padrao, caminho  # noqa: F401
from tests.processos.construtores import praticar, protocolar

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


def test_cidadao_acompanha_e_depois_cancela(pagina, operador):
    processo = protocolar(operador)
    mail.outbox.clear()

    pagina.goto(f"{pagina.url_base}/portal/processos/{processo.slug}/")
    pagina.get_by_label("Seu e-mail").fill("ana@exemplo.com.br")
    pagina.get_by_role("button", name="Acompanhar por e-mail").click()
    pagina.get_by_text("Pedido recebido").wait_for()
    assert "ana@exemplo.com.br" not in pagina.content()

    (confirmacao,) = mail.outbox
    pagina.goto(pagina.url_base + caminho(confirmacao, "confirmar"))
    pagina.get_by_role("button", name="Confirmar o acompanhamento").click()
    pagina.get_by_role("heading", name="Acompanhamento confirmado").wait_for()

    praticar(processo, operador, "baixar_em_diligencia")  # commit de verdade: on_commit envia
    aviso = mail.outbox[-1]
    assert "O processo passou a: Em diligência" in aviso.body

    pagina.goto(pagina.url_base + caminho(aviso, "cancelar"))
    pagina.get_by_role("button", name="Deixar de acompanhar e apagar o endereço").click()
    pagina.get_by_text("O endereço de e-mail foi apagado").wait_for()
    assert not Inscricao.objects.exists()


def test_endereco_invalido_mostra_o_erro_junto_do_campo(pagina, operador):
    processo = protocolar(operador)

    pagina.goto(f"{pagina.url_base}/portal/processos/{processo.slug}/")
    pagina.get_by_label("Seu e-mail").fill("ana@@exemplo")
    pagina.get_by_role("button", name="Acompanhar por e-mail").click()

    pagina.get_by_text("Informe um endereço de e-mail válido").wait_for()
    campo = pagina.get_by_label("Seu e-mail")
    assert campo.get_attribute("aria-invalid") == "true"
    assert campo.input_value() == "ana@@exemplo"  # o que foi digitado volta para corrigir
    assert not Inscricao.objects.exists()
