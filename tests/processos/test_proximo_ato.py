"""A página do processo diz o que ele aguarda e quem o faz, em todo estado de todo tipo."""

import re

import pytest
from django.urls import reverse

from processos.atos import ATOS
from processos.papeis import GRUPOS
from tests.processos.construtores import (
    VARIANTES,
    alcancaveis,
    processo_no_estado,
    protocolar,
    semear_oficios,
)

PARES = [(v, e) for v in VARIANTES for e in alcancaveis(v)]
SEM_ATOS = "Nenhum ato disponível para o seu perfil nesta etapa."


def _espera(client, usuario, processo) -> str:
    """A frase que segue "Nenhum ato disponível…" (quem lê sem poder agir)."""
    client.force_login(usuario)
    pagina = client.get(reverse("processos:detalhe", args=[processo.slug])).content.decode()
    achado = re.search(re.escape(SEM_ATOS) + r" (.*?)(?: Deputados têm|</p>)", pagina, re.S)
    assert achado, "a página não diz quem age a seguir"
    return achado.group(1).strip()


@pytest.mark.parametrize(("variante", "estado"), PARES)
def test_pagina_diz_o_que_o_processo_aguarda_e_quem_age(
    client, operador, deputado, variante, estado
):
    processo = processo_no_estado(operador, variante, estado)
    texto = _espera(client, deputado, processo)
    if estado == "concluido":
        # Nada aguarda: nem ato, nem papel a nomear.
        assert texto.startswith("Concluído")
        return
    assert any(ato.rotulo in texto for ato in ATOS.values())
    assert any(papel in texto for papel in GRUPOS.values())
    if estado == "arquivado":
        assert texto.startswith("Arquivado") and "Desarquivar — Presidente da CRT" in texto
    else:
        assert texto.startswith("Aguardando: ") and len(texto) > len("Aguardando: ")


def test_sem_ato_do_usuario_o_concluido_diz_que_nada_aguarda(client, operador, deputado):
    processo = processo_no_estado(operador, "criacao", "concluido")
    texto = _espera(client, deputado, processo)
    assert texto == "Concluído: a lei foi publicada; o processo não aguarda nenhum ato."


@pytest.mark.parametrize(
    ("estado", "esperado"),
    [
        ("protocolada", "Aguardando: Receber na CRT — Servidor ou Presidente da CRT"),
        ("visita_realizada", "Aguardando: Emitir parecer preliminar — Presidente da CRT"),
        ("sobrestado", "Aguardando: Retomar — Presidente da CRT"),
        (
            "plebiscito_no_tre",
            "Aguardando: o TRE (plebiscito); depois: Registrar resultado do plebiscito — "
            "Secretaria da Mesa",
        ),
        ("aguardando_certidoes", "Aguardando: Concluir certidões — Servidor ou Presidente da CRT"),
    ],
)
def test_textos_exatos_da_espera(client, operador, deputado, estado, esperado):
    processo = processo_no_estado(operador, "criacao", estado)
    assert _espera(client, deputado, processo) == esperado


def test_certidoes_sem_resposta_nomeiam_os_orgaos_oficiados(client, operador, deputado):
    processo = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    assert _espera(client, deputado, processo) == (
        "Aguardando: resposta dos ofícios (Cartografia, TRE, SEFAZ) — órgãos oficiados; "
        "depois: Concluir certidões — Servidor ou Presidente da CRT"
    )


def test_revisao_de_limites_espera_so_a_cartografia(client, operador, deputado):
    processo = protocolar(operador, tipo="revisao_limites")
    semear_oficios(processo, operador, respondidos=False)
    processo.__class__.objects.filter(pk=processo.pk).update(estado="aguardando_certidoes")
    assert "resposta dos ofícios (Cartografia) —" in _espera(client, deputado, processo)


def test_representacao_incompleta_pede_que_se_complete(client, operador, deputado):
    processo = protocolar(operador)
    assert _espera(client, deputado, processo) == (
        "Aguardando: Receber na CRT — Servidor ou Presidente da CRT, após completar a representação"
    )


def test_quem_tem_atos_tambem_le_o_que_se_aguarda(client, operador):
    processo = processo_no_estado(operador, "criacao", "visita_realizada")
    client.force_login(operador)
    pagina = client.get(reverse("processos:detalhe", args=[processo.slug])).content.decode()
    assert "Aguardando: Emitir parecer preliminar — Presidente da CRT" in pagina
    assert SEM_ATOS not in pagina
