"""No admin, o endereço (dado pessoal) nunca aparece: a lista e a ficha mostram processo,
situação e contagens; a busca é só pelo endereço exato, para atender o pedido de exclusão."""

import pytest
from django.contrib.auth.models import User
from django.core import mail

from acompanhamento.models import Aviso, Inscricao
from tests.acompanhamento.conftest import confirmar_pelo_link, pedir
from tests.processos.construtores import praticar, protocolar

pytestmark = pytest.mark.django_db
ENDERECO = "ana.segredo@exemplo.com.br"


@pytest.fixture
def admin_cliente(client):
    client.force_login(User.objects.create_superuser("root", "root@almt.exemplo", "x" * 12))
    return client


@pytest.fixture
def processo(client, operador, django_capture_on_commit_callbacks):
    processo = protocolar(operador)
    confirmar_pelo_link(client, processo, ENDERECO)
    pedir(client, processo, "pendente.segredo@exemplo.com.br")
    with django_capture_on_commit_callbacks(execute=True):
        praticar(processo, operador, "baixar_em_diligencia")
    return processo


def test_listas_e_fichas_nao_mostram_o_endereco(admin_cliente, processo):
    inscricao = Inscricao.objects.get(email=ENDERECO)
    aviso = Aviso.objects.get()
    paginas = [
        "/admin/acompanhamento/inscricao/",
        "/admin/acompanhamento/inscricao/?situacao=pendente",
        f"/admin/acompanhamento/inscricao/{inscricao.pk}/change/",
        f"/admin/acompanhamento/inscricao/{inscricao.pk}/delete/",
        "/admin/acompanhamento/aviso/",
        "/admin/acompanhamento/aviso/?envio=falhou",
        f"/admin/acompanhamento/aviso/{aviso.pk}/change/",
    ]
    for url in paginas:
        resposta = admin_cliente.get(url)
        assert resposta.status_code == 200, url
        assert "segredo" not in resposta.content.decode(), url


def test_lista_mostra_situacao_e_avisos_enviados(admin_cliente, processo):
    pagina = admin_cliente.get("/admin/acompanhamento/inscricao/").content.decode()

    assert "Confirmada" in pagina
    assert "Pendente" in pagina
    assert processo.protocolo in pagina


def test_busca_so_pelo_endereco_exato(admin_cliente, processo):
    exato = admin_cliente.get("/admin/acompanhamento/inscricao/", {"q": ENDERECO})
    parcial = admin_cliente.get("/admin/acompanhamento/inscricao/", {"q": "segredo"})

    assert exato.context["cl"].result_count == 1
    assert parcial.context["cl"].result_count == 0


def test_administrador_apaga_a_inscricao_a_pedido_do_titular(admin_cliente, processo):
    inscricao = Inscricao.objects.get(email=ENDERECO)
    mail.outbox.clear()

    resposta = admin_cliente.post(
        f"/admin/acompanhamento/inscricao/{inscricao.pk}/delete/", {"post": "yes"}
    )

    assert resposta.status_code == 302
    assert not Inscricao.objects.filter(email=ENDERECO).exists()
    assert not Aviso.objects.exists()


def test_admin_nao_cria_nem_altera(admin_cliente, processo):
    inscricao = Inscricao.objects.get(email=ENDERECO)

    assert admin_cliente.get("/admin/acompanhamento/inscricao/add/").status_code == 403
    assert admin_cliente.get("/admin/acompanhamento/aviso/add/").status_code == 403
    admin_cliente.post(
        f"/admin/acompanhamento/inscricao/{inscricao.pk}/change/", {"email": "outro@x.com"}
    )
    assert Inscricao.objects.get(pk=inscricao.pk).email == ENDERECO
