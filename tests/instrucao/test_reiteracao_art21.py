"""Art. 21: as comunicações da CRT saem pelo seu Presidente (ou pelo membro em exercício). A
reiteração do ofício vencido (Art. 9º) é emitida pelo Presidente; o servidor a prepara como
rascunho — sem número nem PDF, e o original segue vigente."""

from datetime import date, timedelta
from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from documentos.models import Documento
from instrucao.models import Oficio, RascunhoReiteracao, SequenciaOficio
from instrucao.reiteracao import descartar_rascunho, preparar_reiteracao, reiterar_oficio
from processos.models import AtoRecusado
from processos.registros import ExercicioPresidencia
from tests.processos.construtores import (
    avancar,
    praticar,
    processo_no_estado,
    protocolar_variante,
)

HOJE = date(2026, 9, 10)  # quinta-feira


@pytest.fixture(autouse=True)
def hoje():
    with mock.patch("django.utils.timezone.localdate", return_value=HOJE):
        yield HOJE


def _vencer_o_tre(processo) -> None:
    tre = processo.oficios.get(orgao="tre")
    Oficio.objects.filter(pk=tre.pk).update(
        recebido_em=tre.enviado_em, vencimento=HOJE - timedelta(days=1)
    )


@pytest.fixture
def processo(operador):
    """Em aguardando_certidoes; o ofício ao TRE venceu ontem (reiterável)."""
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    _vencer_o_tre(processo)
    return processo


@pytest.fixture
def processo_pelo_rito(operador):
    """Os ofícios nasceram do parecer preliminar (Art. 17, § 2º), que a reiteração cita."""
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")
    praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")
    _vencer_o_tre(processo)
    return processo


def _tre(processo) -> Oficio:
    return processo.oficios.vigentes().get(orgao="tre")


def _ultimo_numero() -> int:
    sequencia = SequenciaOficio.objects.filter(ano=HOJE.year).first()
    return sequencia.ultimo if sequencia else 0


def _dia(momento) -> str:
    return f"{timezone.localtime(momento):%d/%m/%Y}"


# --- serviço ---------------------------------------------------------------------------------


def test_servidor_prepara_rascunho_sem_numero_nem_pdf_e_o_original_segue_vigente(
    processo, servidor
):
    tre = _tre(processo)
    numero_antes = _ultimo_numero()

    rascunho = preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    gravado = RascunhoReiteracao.objects.get()
    assert (gravado.oficio, gravado.preparado_por, gravado.enviar_em) == (tre, servidor, HOJE)
    assert gravado.pendente and gravado == rascunho
    assert processo.oficios.count() == 3 and _tre(processo) == tre
    assert _ultimo_numero() == numero_antes
    assert not Documento.objects.filter(processo=processo, tipo="oficio").exists()


@pytest.mark.parametrize(("enviar_em", "aceito"), [(HOJE - timedelta(1), False), (HOJE, True)])
def test_data_proposta_para_o_envio_nao_pode_ser_passada(enviar_em, aceito, processo, servidor):
    tre = _tre(processo)

    if not aceito:
        with pytest.raises(AtoRecusado, match="não pode ser passada"):
            preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=enviar_em)
        assert not RascunhoReiteracao.objects.exists()
        return
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=enviar_em)
    assert RascunhoReiteracao.objects.get().enviar_em == enviar_em


@pytest.mark.parametrize(("vencimento", "aceito"), [(HOJE, False), (HOJE - timedelta(1), True)])
def test_rascunho_so_para_oficio_vencido(vencimento, aceito, processo, servidor):
    """Art. 2º, § 3º: no dia do vencimento o prazo ainda corre; no seguinte, venceu."""
    tre = _tre(processo)
    Oficio.objects.filter(pk=tre.pk).update(vencimento=vencimento)

    if not aceito:
        with pytest.raises(AtoRecusado, match="Só se reitera ofício vencido e sem resposta"):
            preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)
        return
    assert preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE).pendente


def test_segundo_rascunho_do_mesmo_oficio_e_recusado(processo, servidor, operador):
    tre = _tre(processo)
    primeiro = preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    with pytest.raises(
        AtoRecusado,
        match=f"Já há rascunho de reiteração preparado por Alice Servidora em "
        f"{_dia(primeiro.preparado_em)}, aguardando o Presidente",
    ):
        preparar_reiteracao(oficio_id=tre.pk, usuario=operador, enviar_em=HOJE)
    assert RascunhoReiteracao.objects.count() == 1


def test_servidor_nao_emite_a_reiteracao(processo, servidor):
    tre = _tre(processo)
    numero_antes = _ultimo_numero()

    with pytest.raises(PermissionDenied, match="emitida pelo Presidente da CRT .*Art. 21"):
        reiterar_oficio(oficio_id=tre.pk, usuario=servidor, enviado_em=HOJE)

    assert processo.oficios.count() == 3 and _ultimo_numero() == numero_antes


def test_presidente_emite_a_partir_do_rascunho(processo_pelo_rito, servidor, presidente):
    processo = processo_pelo_rito
    tre = _tre(processo)
    rascunho = preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    with mock.patch("instrucao.reiteracao.emitir_reiteracao") as emitir:
        nova = reiterar_oficio(oficio_id=tre.pk, usuario=presidente, enviado_em=HOJE)

    assert (nova.reitera, nova.criado_por, nova.numero) == (tre, presidente, "4/2026-CRT")
    assert _tre(processo) == nova
    rascunho.refresh_from_db()
    assert rascunho.reiteracao == nova and not rascunho.pendente
    assert emitir.call_args.args[0] == nova and emitir.call_args.kwargs == {"usuario": presidente}


def test_presidente_emite_diretamente_sem_rascunho(processo, presidente):
    tre = _tre(processo)

    nova = reiterar_oficio(oficio_id=tre.pk, usuario=presidente, enviado_em=HOJE)

    assert nova.reitera == tre and _tre(processo) == nova
    assert not RascunhoReiteracao.objects.exists()


def test_membro_em_exercicio_da_presidencia_emite(processo, servidor, django_user_model):
    ExercicioPresidencia.objects.create(
        membro=servidor, inicio=HOJE, ato_designacao="Portaria 7/2026 (Art. 21)"
    )
    membro = django_user_model.objects.get(pk=servidor.pk)  # papéis recalculados
    tre = _tre(processo)

    nova = reiterar_oficio(oficio_id=tre.pk, usuario=membro, enviado_em=HOJE)

    assert (nova.reitera, nova.criado_por) == (tre, membro)


def test_exercicio_encerrado_nao_emite(processo, servidor, django_user_model):
    ExercicioPresidencia.objects.create(
        membro=servidor,
        inicio=HOJE - timedelta(days=10),
        fim=HOJE - timedelta(days=1),
        ato_designacao="Portaria 7/2026",
    )
    membro = django_user_model.objects.get(pk=servidor.pk)

    with pytest.raises(PermissionDenied):
        reiterar_oficio(oficio_id=_tre(processo).pk, usuario=membro, enviado_em=HOJE)


def test_reiteracao_emitida_pelo_presidente_tem_o_pdf(
    processo_pelo_rito, servidor, presidente, emissao_real
):
    processo = processo_pelo_rito
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    nova = reiterar_oficio(oficio_id=tre.pk, usuario=presidente, enviado_em=HOJE)

    doc = Documento.objects.get(processo=processo, tipo="oficio", titulo__contains=nova.numero)
    assert doc.emitido_por == presidente
    assert doc.arquivo.read(5) == b"%PDF-"


# --- telas -----------------------------------------------------------------------------------


def _pagina(client, usuario, processo) -> str:
    client.force_login(usuario)
    return client.get(f"/processos/{processo.slug}/").content.decode()


def test_servidor_ve_preparar_e_nao_reiterar(client, servidor, processo):
    tre = _tre(processo)

    html = _pagina(client, servidor, processo)

    assert f"/oficios/{tre.pk}/preparar-reiteracao/" in html
    assert "/reiterar/" not in html


def test_servidor_prepara_pela_tela_e_a_pagina_mostra_o_rascunho(client, servidor, processo):
    tre = _tre(processo)
    client.force_login(servidor)

    resposta = client.post(
        f"/processos/{processo.slug}/oficios/{tre.pk}/preparar-reiteracao/",
        {"enviar_em": "14/09/2026"},
        follow=True,
    )

    html = resposta.content.decode()
    rascunho = RascunhoReiteracao.objects.get()
    assert rascunho.enviar_em == date(2026, 9, 14)
    assert "Rascunho de reiteração preparado; aguarda o Presidente da CRT" in html
    assert (
        f"Rascunho de reiteração preparado por Alice Servidora em {_dia(rascunho.preparado_em)}"
        " — aguardando o Presidente" in html
    )
    assert "/preparar-reiteracao/" not in html and "/reiterar/" not in html


def test_servidor_que_tenta_emitir_pela_tela_recebe_403(client, servidor, processo):
    tre = _tre(processo)
    client.force_login(servidor)
    url = f"/processos/{processo.slug}/oficios/{tre.pk}/reiterar/"

    assert client.get(url).status_code == 403
    resposta = client.post(url, {"enviado_em": "10/09/2026"})

    assert resposta.status_code == 403
    assert "emitida pelo Presidente da CRT" in resposta.content.decode()
    assert processo.oficios.count() == 3


def test_presidente_emite_pela_tela_a_partir_do_rascunho(client, servidor, presidente, processo):
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE + timedelta(days=4))

    html = _pagina(client, presidente, processo)
    assert "aguardando o Presidente" in html and "Emitir reiteração" in html
    url = f"/processos/{processo.slug}/oficios/{tre.pk}/reiterar/"
    formulario = client.get(url).content.decode()
    # A data proposta é futura; a emissão sai com a data de hoje (a reiteração não é futura).
    assert "Rascunho preparado por Alice Servidora" in formulario
    assert 'value="10/09/2026"' in formulario

    resposta = client.post(url, {"enviado_em": "10/09/2026"}, follow=True)

    assert "Reiteração emitida (Art. 9º)" in resposta.content.decode()
    nova = _tre(processo)
    assert nova.reitera == tre and nova.criado_por == presidente
    assert RascunhoReiteracao.objects.get().reiteracao == nova


# --- descarte do rascunho ----------------------------------------------------------------------


def test_rascunho_descartado_fica_nos_autos_e_o_oficio_aceita_outro(processo, servidor, operador):
    """Art. 21: o rascunho com a data errada não sai; fica registrado com o motivo, e o
    servidor prepara outro (o original segue vigente, sem número novo)."""
    tre = _tre(processo)
    numero_antes = _ultimo_numero()
    primeiro = preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    descartado = descartar_rascunho(
        oficio_id=tre.pk, usuario=operador, motivo="  Data proposta errada.  "
    )

    descartado.refresh_from_db()
    assert descartado == primeiro and not descartado.pendente
    assert (descartado.descartado_por, descartado.motivo_descarte) == (
        operador,
        "Data proposta errada.",
    )
    assert descartado.descartado_em is not None and descartado.reiteracao is None
    assert _tre(processo) == tre and _ultimo_numero() == numero_antes
    segundo = preparar_reiteracao(
        oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE + timedelta(days=3)
    )
    assert segundo.pendente and RascunhoReiteracao.objects.count() == 2


def test_descarte_sem_motivo_e_recusado_e_nada_muda(processo, servidor):
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    with pytest.raises(AtoRecusado, match="Informe o motivo do descarte"):
        descartar_rascunho(oficio_id=tre.pk, usuario=servidor, motivo="   ")

    assert RascunhoReiteracao.objects.get().pendente


def test_sem_rascunho_pendente_nao_ha_o_que_descartar(processo_pelo_rito, servidor, presidente):
    processo = processo_pelo_rito
    tre = _tre(processo)
    with pytest.raises(AtoRecusado, match="não tem rascunho de reiteração aguardando"):
        descartar_rascunho(oficio_id=tre.pk, usuario=servidor, motivo="Engano.")
    # Emitido pelo Presidente, o rascunho deixou de estar pendente: não se descarta.
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)
    nova = reiterar_oficio(oficio_id=tre.pk, usuario=presidente, enviado_em=HOJE)
    with pytest.raises(AtoRecusado, match="não tem rascunho de reiteração aguardando"):
        descartar_rascunho(oficio_id=tre.pk, usuario=servidor, motivo="Engano.")
    rascunho = RascunhoReiteracao.objects.get()
    assert rascunho.reiteracao == nova and rascunho.descartado_em is None


def test_deputado_nao_descarta(processo, servidor, deputado):
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    with pytest.raises(PermissionDenied):
        descartar_rascunho(oficio_id=tre.pk, usuario=deputado, motivo="Não quero.")

    assert RascunhoReiteracao.objects.get().pendente


def test_o_banco_recusa_dois_rascunhos_pendentes_do_mesmo_oficio(processo, servidor):
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)

    with pytest.raises(IntegrityError), transaction.atomic():
        RascunhoReiteracao.objects.create(oficio=tre, enviar_em=HOJE, preparado_por=servidor)
    with pytest.raises(IntegrityError), transaction.atomic():
        # Descartado sem motivo nem quem: o banco também recusa.
        RascunhoReiteracao.objects.filter(oficio=tre).update(descartado_em=timezone.now())


def test_servidor_descarta_pela_tela_e_a_pagina_volta_a_oferecer_preparar(
    client, servidor, processo
):
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE + timedelta(days=4))
    client.force_login(servidor)
    pagina = client.get(f"/processos/{processo.slug}/").content.decode()
    url = f"/processos/{processo.slug}/oficios/{tre.pk}/descartar-rascunho/"
    assert "envio proposto para 14/09/2026" in pagina and url in pagina
    formulario = client.get(url).content.decode()
    assert "Rascunho preparado por Alice Servidora" in formulario
    assert "com envio proposto para 14/09/2026" in formulario

    sem_motivo = client.post(url, {"motivo": ""})
    assert sem_motivo.status_code == 400
    assert "Informe o motivo do descarte do rascunho." in sem_motivo.content.decode()
    assert RascunhoReiteracao.objects.get().pendente

    resposta = client.post(url, {"motivo": "O TRE respondeu por e-mail."}, follow=True)

    html = resposta.content.decode()
    assert "Rascunho de reiteração descartado; o original segue vigente." in html
    assert "data-rascunho-reiteracao" not in html
    assert f"/oficios/{tre.pk}/preparar-reiteracao/" in html
    assert RascunhoReiteracao.objects.get().motivo_descarte == "O TRE respondeu por e-mail."
    # De novo, sem rascunho pendente: a mensagem, sem erro do servidor.
    de_novo = client.post(url, {"motivo": "Outra vez."})
    assert de_novo.status_code == 400
    assert "não tem rascunho de reiteração aguardando" in de_novo.content.decode()


def test_deputado_nao_abre_o_descarte(client, servidor, deputado, processo):
    tre = _tre(processo)
    preparar_reiteracao(oficio_id=tre.pk, usuario=servidor, enviar_em=HOJE)
    client.force_login(deputado)
    url = f"/processos/{processo.slug}/oficios/{tre.pk}/descartar-rascunho/"

    assert client.get(url).status_code == 403
    assert client.post(url, {"motivo": "x"}).status_code == 403
    assert RascunhoReiteracao.objects.get().pendente
