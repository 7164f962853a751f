"""`manage.py verificar_prazos`: o resumo por e-mail dos ofícios vencidos ou vencendo em até 7
dias (Art. 2º, § 3º) à CRT — cada servidor e o Presidente (Art. 21) —, uma vez por evento."""

import smtplib
from datetime import date, timedelta
from io import StringIO

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from instrucao.models import AvisoPrazo, Oficio
from instrucao.services import retificar_recebimento
from processos.models import Processo
from processos.papeis import SERVIDOR
from requisitos.prazos import DIAS_ALERTA
from tests.processos.construtores import (
    PASSADO,
    processo_no_estado,
    responder_oficios,
    usuario_com_papeis,
)

DIA = date(2026, 9, 10)
URL = "https://emancipacao.exemplo.leg.br"


class BackendQueFalha(EmailBackend):
    """Servidor SMTP que recusa as mensagens para `recusados` (vazio: fora do ar) e entrega as
    demais na caixa de saída de teste."""

    recusados: frozenset[str] = frozenset()

    def send_messages(self, messages):
        for mensagem in messages:
            if not self.recusados or set(mensagem.to) & self.recusados:
                raise smtplib.SMTPServerDisconnected("Conexão com o servidor SMTP perdida")
        return super().send_messages(messages)


@pytest.fixture(autouse=True)
def correio(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.URL_PUBLICA = URL


@pytest.fixture
def equipe(servidor, presidente, mesa, deputado):
    for usuario, email in [
        (servidor, "alice@al.mt.gov.br"),
        (presidente, "bruno@al.mt.gov.br"),
        (mesa, "carla@al.mt.gov.br"),
        (deputado, "davi@al.mt.gov.br"),
    ]:
        usuario.email = email
        usuario.save(update_fields=["email"])
    return servidor, presidente


def _prazo(oficio, vencimento):
    Oficio.objects.filter(pk=oficio.pk).update(recebido_em=PASSADO, vencimento=vencimento)


@pytest.fixture
def processo(operador, equipe):
    """Cartografia vence em 5 dias; TRE venceu há 3; SEFAZ ainda sem AR."""
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    cartografia, tre, _ = processo.oficios.order_by("id")
    _prazo(cartografia, DIA + timedelta(days=5))
    _prazo(tre, DIA - timedelta(days=3))
    return processo


def verificar(dia: date = DIA) -> str:
    saida = StringIO()
    call_command("verificar_prazos", "--data", dia.isoformat(), stdout=saida)
    return saida.getvalue().strip()


def _caixa() -> dict[str, str]:
    return {m.to[0]: m.body for m in mail.outbox}


def test_envia_um_resumo_a_cada_servidor_e_ao_presidente_e_a_mais_ninguem(processo):
    cartografia, tre, sefaz = processo.oficios.order_by("id")

    saida = verificar()

    caixa = _caixa()
    assert sorted(caixa) == ["alice@al.mt.gov.br", "bruno@al.mt.gov.br"]
    corpo = caixa["alice@al.mt.gov.br"]
    assert corpo.startswith("Olá, Alice Servidora.")
    assert f"Processo nº {processo.protocolo} — {processo.titulo}" in corpo
    assert f"{URL}/processos/{processo.slug}/" in corpo
    assert (
        f"Ofício nº {tre.numero} ao Tribunal Regional Eleitoral (TRE) (Art. 2º, II): "
        "vencimento em 07/09/2026 — vencido há 3 dias." in corpo
    )
    assert f"Ofício nº {cartografia.numero} ao Órgão de Informação e Cartografia" in corpo
    assert "vencimento em 15/09/2026 — vence em 5 dias." in corpo
    assert sefaz.numero not in corpo  # sem AR, o prazo nem começou
    assert mail.outbox[0].subject == (
        "Prazos dos ofícios da CRT em 10/09/2026: 1 vencido e 1 vencendo em até 7 dias"
    )
    assert saida == (
        "Prazos dos ofícios em 10/09/2026: 2 ofícios vencidos ou vencendo em até 7 dias; "
        "2 e-mails enviados com 4 avisos novos."
    )


def test_quem_nao_e_da_crt_ativa_com_email_nao_recebe(processo, django_user_model):
    inativo = usuario_com_papeis("fabio", SERVIDOR, nome="Fábio Inativo")
    django_user_model.objects.filter(pk=inativo.pk).update(
        email="fabio@al.mt.gov.br", is_active=False
    )
    usuario_com_papeis("gil", SERVIDOR, nome="Gil Sem E-mail")

    verificar()

    assert sorted(_caixa()) == ["alice@al.mt.gov.br", "bruno@al.mt.gov.br"]


def test_servidor_que_tambem_e_presidente_recebe_um_so_email(processo, presidente):
    presidente.groups.add(*usuario_com_papeis("x", SERVIDOR).groups.all())

    verificar()

    assert [m.to for m in mail.outbox].count(["bruno@al.mt.gov.br"]) == 1


def test_segunda_execucao_nao_envia_de_novo(processo):
    verificar()
    enviados = len(mail.outbox)

    saida = verificar()

    assert len(mail.outbox) == enviados == 2
    assert AvisoPrazo.objects.count() == 4
    assert saida.endswith("nada novo a avisar, nenhum e-mail enviado.")


def test_nada_vencido_nem_vencendo_nada_e_enviado(operador, equipe):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    _prazo(processo.oficios.get(orgao="tre"), DIA + timedelta(days=DIAS_ALERTA + 1))

    saida = verificar()

    assert mail.outbox == [] and not AvisoPrazo.objects.exists()
    assert saida == (
        "Prazos dos ofícios em 10/09/2026: 0 ofícios vencidos ou vencendo em até 7 dias; "
        "nada novo a avisar, nenhum e-mail enviado."
    )


def test_evento_novo_depois_envia_so_o_novo(processo):
    cartografia, tre, _ = processo.oficios.order_by("id")
    verificar()
    mail.outbox.clear()

    # Seis dias depois a Cartografia venceu (evento novo); o TRE continua vencido (já avisado).
    verificar(DIA + timedelta(days=6))

    corpo = _caixa()["bruno@al.mt.gov.br"]
    assert len(mail.outbox) == 2
    assert f"Ofício nº {cartografia.numero}" in corpo and "vencido há 1 dia." in corpo
    assert tre.numero not in corpo
    assert set(AvisoPrazo.objects.values_list("oficio__orgao", "evento")) == {
        ("cartografia", "vence_em_breve"),
        ("cartografia", "vencido"),
        ("tre", "vencido"),
    }


@pytest.mark.parametrize(
    ("dias", "texto"),
    [
        (DIAS_ALERTA + 1, None),  # fora da janela do Painel e de Prazos
        (DIAS_ALERTA, "vence em 7 dias"),
        (0, "vence hoje"),  # o dia do vencimento ainda está no prazo (Art. 2º, § 3º)
        (-1, "vencido há 1 dia"),
    ],
)
def test_janela_de_alerta_e_vencimento(dias, texto, operador, equipe):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    _prazo(processo.oficios.get(orgao="tre"), DIA + timedelta(days=dias))

    verificar()

    if texto is None:
        assert mail.outbox == []
        return
    assert f"— {texto}." in _caixa()["alice@al.mt.gov.br"]


def test_respondido_reiterado_e_processo_encerrado_nao_sao_avisados(operador, equipe):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    cartografia, tre, sefaz = processo.oficios.order_by("id")
    for oficio in (cartografia, tre, sefaz):
        _prazo(oficio, DIA - timedelta(days=2))
    responder_oficios(processo, operador, orgaos=("sefaz",))
    reiteracao = Oficio.objects.create(
        processo=processo,
        orgao="tre",
        incisos="II",
        numero="99/2026-CRT",
        enviado_em=PASSADO,
        reitera=tre,
        criado_por=operador,
    )
    _prazo(reiteracao, DIA + timedelta(days=40))  # a vigente, no prazo
    encerrado = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    _prazo(encerrado.oficios.get(orgao="tre"), DIA - timedelta(days=2))
    Processo.objects.filter(pk=encerrado.pk).update(estado="arquivado")

    verificar()

    corpo = _caixa()["alice@al.mt.gov.br"]
    assert set(AvisoPrazo.objects.values_list("oficio", flat=True)) == {cartografia.pk}
    assert cartografia.numero in corpo
    assert encerrado.protocolo not in corpo


def test_smtp_fora_do_ar_nao_marca_nada_e_a_proxima_execucao_envia(processo, settings):
    settings.EMAIL_BACKEND = "tests.instrucao.test_verificar_prazos.BackendQueFalha"

    with pytest.raises(CommandError, match="Nada foi marcado como avisado"):
        verificar()

    assert mail.outbox == [] and not AvisoPrazo.objects.exists()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    verificar()
    assert sorted(_caixa()) == ["alice@al.mt.gov.br", "bruno@al.mt.gov.br"]


def test_falha_para_um_destinatario_nao_impede_os_outros(processo, settings, monkeypatch):
    settings.EMAIL_BACKEND = "tests.instrucao.test_verificar_prazos.BackendQueFalha"
    monkeypatch.setattr(BackendQueFalha, "recusados", frozenset({"alice@al.mt.gov.br"}))

    with pytest.raises(CommandError, match="alice@al.mt.gov.br"):
        verificar()

    assert sorted(_caixa()) == ["bruno@al.mt.gov.br"]
    assert set(AvisoPrazo.objects.values_list("email", flat=True)) == {"bruno@al.mt.gov.br"}
    monkeypatch.setattr(BackendQueFalha, "recusados", frozenset({"ninguem@exemplo"}))
    mail.outbox.clear()
    assert verificar().endswith("1 e-mail enviado com 2 avisos novos.")
    assert sorted(_caixa()) == ["alice@al.mt.gov.br"]


def test_banco_impede_anunciar_o_mesmo_evento_duas_vezes(processo, servidor):
    tre = processo.oficios.get(orgao="tre")
    campos = dict(oficio=tre, evento="vencido", destinatario=servidor, email="a@b.c", dia=DIA)
    AvisoPrazo.objects.create(**campos, vencimento=tre.vencimento)

    with pytest.raises(IntegrityError), transaction.atomic():
        AvisoPrazo.objects.create(**campos, vencimento=tre.vencimento)
    # Outro vencimento (o AR retificado) é outro aviso.
    AvisoPrazo.objects.create(**campos, vencimento=tre.vencimento + timedelta(days=2))
    assert AvisoPrazo.objects.filter(oficio=tre).count() == 2


def test_ar_retificado_anuncia_o_vencimento_recalculado_uma_vez(processo, servidor):
    """O TRE foi avisado como vencido em 07/09; o AR estava errado: com o AR de 10/08, vence
    em 09/09 (ainda vencido, outro vencimento) — o servidor recebe o aviso novo, uma vez."""
    verificar()
    tre = processo.oficios.get(orgao="tre")
    antes = len(mail.outbox)

    retificar_recebimento(
        oficio_id=tre.pk,
        usuario=servidor,
        recebido_em=date(2026, 8, 10),
        justificativa="AR lido errado.",
    )
    verificar()

    novos = {m.to[0]: m.body for m in mail.outbox[antes:]}
    assert sorted(novos) == ["alice@al.mt.gov.br", "bruno@al.mt.gov.br"]
    assert "vencimento em 09/09/2026 — vencido há 1 dia." in novos["alice@al.mt.gov.br"]
    assert "Cartografia" not in novos["alice@al.mt.gov.br"]  # o que não mudou não se repete
    assert set(
        AvisoPrazo.objects.filter(oficio=tre, evento="vencido").values_list("vencimento", flat=True)
    ) == {date(2026, 9, 7), date(2026, 9, 9)}
    verificar()
    assert len(mail.outbox) == antes + 2


def test_data_invalida_e_recusada_com_mensagem(db):
    with pytest.raises(CommandError, match="use AAAA-MM-DD"):
        call_command("verificar_prazos", "--data", "10/09/2026")


def test_consultas_nao_crescem_com_o_numero_de_oficios(processo, operador):
    """Cron de hora em hora: o custo depende dos destinatários, não dos ofícios."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as com_2:
        verificar()
    AvisoPrazo.objects.all().delete()
    for i in range(28):
        extra = Oficio.objects.create(
            processo=processo,
            orgao="sefaz",
            incisos="IV",
            numero=f"X-{i}",
            enviado_em=PASSADO,
            criado_por=operador,
        )
        _prazo(extra, DIA - timedelta(days=i % 9))
    with CaptureQueriesContext(connection) as com_30:
        verificar()

    assert AvisoPrazo.objects.count() == 2 * 30
    assert len(com_30) == len(com_2)


@pytest.mark.django_db(transaction=True)
def test_migracao_da_chave_pelo_vencimento_preenche_os_avisos_ja_enviados(operador, servidor):
    """instrucao 0008: os avisos anteriores recebem o vencimento atual do ofício — o que
    já foi anunciado não volta a ser anunciado depois da atualização."""
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    tre = processo.oficios.get(orgao="tre")
    _prazo(tre, DIA - timedelta(days=3))
    AvisoPrazo.objects.create(
        oficio=tre,
        evento="vencido",
        destinatario=servidor,
        email="a@b.c",
        dia=DIA,
        vencimento=date(2000, 1, 1),  # some na volta à 0007; a 0008 o refaz do ofício
    )
    executor = MigrationExecutor(connection)
    executor.migrate([("instrucao", "0007_retificacao_do_ar")])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    assert AvisoPrazo.objects.get().vencimento == DIA - timedelta(days=3)
