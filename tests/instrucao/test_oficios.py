"""Ofícios do Art. 2º, §§ 2º e 3º: criados com o parecer preliminar (Art. 17, § 2º), prazo
a partir do AR, resposta com certidão, reiteração do vencido (Art. 9º) e a guarda calculada
de "Concluir certidões"."""

import hashlib
import re
from datetime import date, timedelta
from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied

from instrucao.models import Oficio
from instrucao.reiteracao import reiterar_oficio
from instrucao.services import (
    TAMANHO_MAXIMO_CERTIDAO,
    feriados_br_mt,
    registrar_recebimento,
    registrar_resposta,
)
from processos.models import AtoRecusado
from tests.processos.construtores import (
    PDF_MINIMO,
    avancar,
    certidao_pdf,
    dados_certidao,
    praticar,
    processo_no_estado,
    protocolar_variante,
    recarregar,
    responder_oficios,
)
from tests.representacao.construtores import pdf_com_tamanho
from tests.requisitos.test_prazos import FERIADOS

HOJE = date(2026, 9, 10)  # quinta-feira


@pytest.fixture(autouse=True)
def hoje():
    with mock.patch("django.utils.timezone.localdate", return_value=HOJE):
        yield HOJE


def _oficios(processo) -> list[tuple]:
    return list(
        processo.oficios.order_by("id").values_list("orgao", "incisos", "numero", "enviado_em")
    )


def _aguardando(operador, variante="criacao"):
    return processo_no_estado(
        operador, variante, "aguardando_certidoes", certidoes_respondidas=False
    )


def _oficio(processo, orgao) -> Oficio:
    return processo.oficios.vigentes().get(orgao=orgao)


# --- criação junto com o parecer preliminar (Art. 17, § 2º) --------------------------------


def test_parecer_que_solicita_documentos_cria_os_tres_oficios_da_criacao_na_hora(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")

    praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")

    assert _oficios(processo) == [
        ("cartografia", "I, III e VI", "1/2026-CRT", HOJE),
        ("tre", "II", "2/2026-CRT", HOJE),
        ("sefaz", "IV", "3/2026-CRT", HOJE),
    ]
    assert {o.criado_por for o in processo.oficios.all()} == {operador}


@pytest.mark.parametrize(
    ("variante", "orgaos"),
    [
        ("extincao", ["cartografia", "tre", "sefaz"]),
        ("revisao_limites_com_plebiscito", ["cartografia"]),
        ("revisao_limites_sem_plebiscito", ["cartografia"]),
        ("fusao", []),
        ("alteracao_nome", []),
    ],
)
def test_cada_tipo_oficia_aos_seus_orgaos(variante, orgaos, operador):
    processo = avancar(protocolar_variante(operador, variante), operador, "visita_realizada")

    praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")

    assert [o[0] for o in _oficios(processo)] == orgaos


def test_numeracao_dos_oficios_segue_no_ano_entre_processos(operador):
    for nome in ("Vale do Arinos", "Serra Azul do Norte"):
        processo = avancar(
            protocolar_variante(operador, "criacao", nome=nome, sede=nome),
            operador,
            "visita_realizada",
        )
        praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")

    assert [o[2] for o in _oficios(processo)] == ["4/2026-CRT", "5/2026-CRT", "6/2026-CRT"]


def test_parecer_pelo_arquivamento_nao_cria_oficios(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")

    praticar(processo, operador, "emitir_parecer_preliminar", "arquivamento")

    assert not processo.oficios.exists()


def test_plenario_que_rejeita_o_arquivamento_faz_a_crt_oficiar(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")
    praticar(processo, operador, "emitir_parecer_preliminar", "arquivamento")

    praticar(processo, operador, "deliberar_arquivamento", "rejeitado")

    assert [o[0] for o in _oficios(processo)] == ["cartografia", "tre", "sefaz"]


def test_se_o_ato_falha_depois_nenhum_oficio_fica_gravado(operador):
    processo = avancar(protocolar_variante(operador, "criacao"), operador, "visita_realizada")

    with (
        mock.patch("processos.services.emitir_documentos_do_ato", side_effect=RuntimeError),
        pytest.raises(RuntimeError),
    ):
        praticar(processo, operador, "emitir_parecer_preliminar", "solicitar_documentos")

    assert not Oficio.objects.exists()
    assert recarregar(processo).estado == "visita_realizada"


# --- guarda de "Concluir certidões" ------------------------------------------------------------


def test_concluir_certidoes_e_recusado_com_a_certidao_que_falta(operador):
    processo = _aguardando(operador)
    responder_oficios(processo, operador, orgaos=("cartografia", "sefaz"))

    with pytest.raises(AtoRecusado) as erro:
        praticar(processo, operador, "concluir_certidoes")

    assert str(erro.value) == "Falta a certidão do TRE (Art. 2º, II)."
    assert recarregar(processo).estado == "aguardando_certidoes"


def test_concluir_certidoes_sem_oficio_algum_aponta_todas_as_certidoes(operador):
    processo = _aguardando(operador)
    processo.oficios.all().delete()

    with pytest.raises(AtoRecusado) as erro:
        praticar(processo, operador, "concluir_certidoes")

    assert str(erro.value) == (
        "Falta a certidão do Órgão de Informação e Cartografia do Estado (Art. 2º, I, III e VI). "
        "Falta a certidão do TRE (Art. 2º, II). Falta a certidão da SEFAZ (Art. 2º, IV)."
    )


def test_concluir_certidoes_com_todas_as_respostas_passa_ao_parecer_de_merito(operador):
    processo = _aguardando(operador)
    responder_oficios(processo, operador)

    praticar(processo, operador, "concluir_certidoes")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_revisao_de_limites_conclui_so_com_a_certidao_da_cartografia(operador):
    processo = _aguardando(operador, "revisao_limites_com_plebiscito")
    responder_oficios(processo, operador)

    praticar(processo, operador, "concluir_certidoes")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


def test_vale_a_resposta_ao_ultimo_oficio_da_cadeia_de_reiteracoes(operador):
    processo = _aguardando(operador)
    responder_oficios(processo, operador, orgaos=("cartografia", "sefaz"))
    tre = _oficio(processo, "tre")
    Oficio.objects.filter(pk=tre.pk).update(
        recebido_em=tre.enviado_em, vencimento=HOJE - timedelta(1)
    )
    reiterar_oficio(oficio_id=tre.pk, usuario=operador, enviado_em=HOJE)

    with pytest.raises(AtoRecusado, match="Falta a certidão do TRE"):
        praticar(processo, operador, "concluir_certidoes")
    responder_oficios(processo, operador)
    praticar(processo, operador, "concluir_certidoes")

    assert recarregar(processo).estado == "aguardando_parecer_merito"


# --- recebimento (AR) e vencimento -------------------------------------------------------------


def test_feriados_da_tabela_de_prazos_sao_os_do_pacote_para_mato_grosso():
    assert set(FERIADOS) <= set(feriados_br_mt(2026, 2027))


@pytest.mark.parametrize(
    ("recebido_em", "vencimento"),
    [
        (date(2026, 6, 1), date(2026, 7, 1)),
        (date(2026, 6, 5), date(2026, 7, 6)),  # sexta; +30 cai num domingo
        (date(2026, 8, 7), date(2026, 9, 8)),  # domingo, e 07/09 é feriado
    ],
)
def test_aviso_de_recebimento_grava_o_vencimento(recebido_em, vencimento, operador):
    processo = _aguardando(operador)

    registrar_recebimento(
        oficio_id=_oficio(processo, "tre").pk, usuario=operador, recebido_em=recebido_em
    )

    gravado = _oficio(processo, "tre")
    assert (gravado.recebido_em, gravado.vencimento) == (recebido_em, vencimento)
    # Auditoria: quem lançou o AR, e o processo conta como movimentado.
    assert gravado.recebimento_registrado_por == operador
    assert gravado.recebimento_registrado_em is not None
    processo.refresh_from_db()
    assert processo.ultima_movimentacao >= gravado.recebimento_registrado_em


@pytest.mark.parametrize(
    ("dias_apos_envio", "recusa"),
    [(-1, "não pode ser anterior ao envio do ofício (02/03/2020)"), (0, None)],
)
def test_aviso_de_recebimento_antes_do_envio_e_recusado(dias_apos_envio, recusa, operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "tre")
    data = oficio.enviado_em + timedelta(days=dias_apos_envio)

    if recusa:
        with pytest.raises(AtoRecusado, match=re.escape(recusa)):
            registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=data)
        assert _oficio(processo, "tre").recebido_em is None
    else:
        registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=data)
        assert _oficio(processo, "tre").recebido_em == data


@pytest.mark.parametrize(("dias", "futura"), [(0, False), (1, True)])
def test_aviso_de_recebimento_com_data_futura_e_recusado(dias, futura, operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "tre")
    data = HOJE + timedelta(days=dias)

    if futura:
        with pytest.raises(AtoRecusado, match="não pode ser futura"):
            registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=data)
    else:
        registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=data)
    assert (_oficio(processo, "tre").recebido_em is None) == futura


def test_aviso_de_recebimento_nao_se_registra_duas_vezes(operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "tre")
    registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=date(2026, 8, 7))

    with pytest.raises(AtoRecusado, match="já foi registrado em 07/08/2026"):
        registrar_recebimento(oficio_id=oficio.pk, usuario=operador, recebido_em=HOJE)

    assert _oficio(processo, "tre").recebido_em == date(2026, 8, 7)


def test_mesa_e_deputado_nao_registram_atos_de_oficio(operador, mesa, deputado):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "tre")

    for usuario in (mesa, deputado):
        with pytest.raises(PermissionDenied):
            registrar_recebimento(oficio_id=oficio.pk, usuario=usuario, recebido_em=HOJE)

    assert _oficio(processo, "tre").recebido_em is None


# --- resposta com a certidão -------------------------------------------------------------------


def test_resposta_grava_a_certidao_e_o_seu_sha256(operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "sefaz")

    registrar_resposta(
        oficio_id=oficio.pk,
        usuario=operador,
        respondido_em=HOJE,
        certidao=dados_certidao(
            oficio,
            data=HOJE,
            arquivo=certidao_pdf(),
        ),
    )

    gravado = _oficio(processo, "sefaz")
    assert gravado.respondido_em == HOJE
    certidao = gravado.certidao_vigente
    assert certidao.sha256 == hashlib.sha256(PDF_MINIMO).hexdigest()
    with certidao.arquivo.open("rb") as arquivo:
        assert arquivo.read() == PDF_MINIMO


@pytest.mark.parametrize(
    ("conteudo", "recusa"),
    [
        (b"GIF89a disfarcado de pdf", "O arquivo não é um PDF; envie a certidão em PDF."),
        (b"%PDF", "O arquivo não é um PDF; envie a certidão em PDF."),
        (b"%PDF-" + b"0" * (TAMANHO_MAXIMO_CERTIDAO - 4), "O arquivo passa de 20 MB"),
        (b"%PDF-" + b"0" * (TAMANHO_MAXIMO_CERTIDAO - 5), "O PDF está corrompido"),
        (pdf_com_tamanho(TAMANHO_MAXIMO_CERTIDAO), None),
    ],
)
def test_certidao_e_conferida_pelo_conteudo_e_pelo_tamanho(conteudo, recusa, operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "sefaz")
    arquivo = certidao_pdf("certidao.pdf", conteudo)

    if recusa:
        with pytest.raises(AtoRecusado, match=recusa):
            registrar_resposta(
                oficio_id=oficio.pk,
                usuario=operador,
                respondido_em=HOJE,
                certidao=dados_certidao(oficio, data=HOJE, arquivo=arquivo),
            )
        assert _oficio(processo, "sefaz").certidao_vigente is None
    else:
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=operador,
            respondido_em=HOJE,
            certidao=dados_certidao(oficio, data=HOJE, arquivo=arquivo),
        )
        assert _oficio(processo, "sefaz").certidao_vigente.arquivo.size == TAMANHO_MAXIMO_CERTIDAO


def test_resposta_anterior_ao_envio_e_recusada(operador):
    processo = _aguardando(operador)
    oficio = _oficio(processo, "sefaz")

    with pytest.raises(AtoRecusado, match="anterior ao envio"):
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=operador,
            respondido_em=oficio.enviado_em - timedelta(days=1),
            certidao=dados_certidao(
                oficio,
                data=oficio.enviado_em - timedelta(days=1),
                arquivo=certidao_pdf(),
            ),
        )

    assert _oficio(processo, "sefaz").respondido_em is None


def test_resposta_nao_se_registra_duas_vezes(operador):
    processo = _aguardando(operador)
    responder_oficios(processo, operador, orgaos=("sefaz",))

    with pytest.raises(AtoRecusado, match="já foi respondido em 10/09/2026"):
        registrar_resposta(
            oficio_id=_oficio(processo, "sefaz").pk,
            usuario=operador,
            respondido_em=HOJE,
            certidao=dados_certidao(
                _oficio(processo, "sefaz"),
                data=HOJE,
                arquivo=certidao_pdf(),
            ),
        )


# --- reiteração (Art. 9º) ----------------------------------------------------------------------


def _vencido_em(processo, orgao, vencimento) -> Oficio:
    oficio = _oficio(processo, orgao)
    Oficio.objects.filter(pk=oficio.pk).update(recebido_em=oficio.enviado_em, vencimento=vencimento)
    return oficio


@pytest.mark.parametrize(("vencimento", "reiteravel"), [(HOJE, False), (HOJE - timedelta(1), True)])
def test_so_se_reitera_o_oficio_vencido(vencimento, reiteravel, operador):
    processo = _aguardando(operador)
    original = _vencido_em(processo, "tre", vencimento)

    if not reiteravel:
        with pytest.raises(AtoRecusado, match="Só se reitera ofício vencido e sem resposta"):
            reiterar_oficio(oficio_id=original.pk, usuario=operador, enviado_em=HOJE)
        assert processo.oficios.count() == 3
        return
    nova = reiterar_oficio(oficio_id=original.pk, usuario=operador, enviado_em=HOJE)

    assert (nova.orgao, nova.incisos, nova.reitera, nova.enviado_em) == (
        "tre",
        "II",
        original,
        HOJE,
    )
    assert nova.numero == "1/2026-CRT"
    assert "Art. 9º" in nova.observacoes
    assert _oficio(processo, "tre") == nova


def test_oficio_reiterado_nao_e_reiterado_de_novo_nem_recebe_resposta(operador):
    processo = _aguardando(operador)
    original = _vencido_em(processo, "tre", HOJE - timedelta(days=3))
    reiterar_oficio(oficio_id=original.pk, usuario=operador, enviado_em=HOJE)

    with pytest.raises(AtoRecusado, match="já foi reiterado"):
        reiterar_oficio(oficio_id=original.pk, usuario=operador, enviado_em=HOJE)
    with pytest.raises(AtoRecusado, match="registre a resposta no ofício vigente"):
        registrar_resposta(
            oficio_id=original.pk,
            usuario=operador,
            respondido_em=HOJE,
            certidao=dados_certidao(
                original,
                data=HOJE,
                arquivo=certidao_pdf(),
            ),
        )

    assert processo.oficios.filter(orgao="tre").count() == 2


def test_oficio_respondido_nao_e_reiterado(operador):
    processo = _aguardando(operador)
    original = _vencido_em(processo, "tre", HOJE - timedelta(days=3))
    responder_oficios(processo, operador, orgaos=("tre",))

    with pytest.raises(AtoRecusado, match="Só se reitera ofício vencido e sem resposta"):
        reiterar_oficio(oficio_id=original.pk, usuario=operador, enviado_em=HOJE)
