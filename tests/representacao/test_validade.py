"""A validade da representação calculada dos dados, por tipo: Art. 13 (100 eleitores aptos),
Art. 10, III (maioria absoluta do eleitorado, na extinção a requerimento) e Art. 6º, § 2º
(2/3 da Câmara, na alteração de nome) — dos dois lados de cada fronteira."""

from datetime import date

import pytest

from representacao.models import DadosRepresentacao
from representacao.validade import avaliar_peticao
from tests.processos.construtores import protocolar
from tests.representacao.construtores import semear_assinaturas


def _dados(processo, usuario, **campos):
    versao = processo.dados_representacao.count() + 1
    return DadosRepresentacao.objects.create(
        processo=processo, versao=versao, registrado_por=usuario, **campos
    )


@pytest.mark.parametrize(("aptas", "valida"), [(99, False), (100, True)])
def test_art_13_exige_cem_assinaturas_aptas(servidor, aptas, valida):
    processo = protocolar(servidor)
    semear_assinaturas(processo, servidor, aptas)

    veredito = avaliar_peticao(processo)

    assert veredito.atende is valida
    assert (veredito.requisitos[0].valor, veredito.requisitos[0].limite) == (aptas, 100)
    assert veredito.requisitos[0].fundamento == "Art. 13"


def test_assinaturas_repetidas_sem_residencia_ou_sem_firma_nao_contam(servidor):
    processo = protocolar(servidor)
    semear_assinaturas(processo, servidor, 97)
    semear_assinaturas(processo, servidor, 5, inicio=200, reside_na_area=False)
    semear_assinaturas(processo, servidor, 5, inicio=300, firma_reconhecida=False)
    semear_assinaturas(processo, servidor, 5, inicio=400, titulo_valido=False)

    veredito = avaliar_peticao(processo)

    assert not veredito.atende
    assert veredito.requisitos[0].valor == 97
    assert veredito.requisitos[0].falta == "Faltam 3 assinaturas."


def _extincao_a_requerimento(servidor, sorriso):
    """Extinção pelo Art. 10, III, com 300 eleitores digitados na representação."""
    processo = protocolar(servidor, tipo="extincao", nome="Sorriso", municipios=[sorriso])
    _dados(
        processo,
        servidor,
        fundamento_extincao="III",
        eleitores_municipio=300,
        eleitores_fonte="TRE-MT, estatística do eleitorado",
        eleitores_data=date(2026, 6, 30),
    )
    return processo


@pytest.mark.parametrize(
    ("aptas", "valida"),
    [(150, False), (151, True)],  # 300 eleitores: ⌊300/2⌋ + 1 = 151
)
def test_extincao_a_requerimento_exige_a_maioria_absoluta(servidor, sorriso, aptas, valida):
    processo = _extincao_a_requerimento(servidor, sorriso)
    semear_assinaturas(processo, servidor, aptas)

    veredito = avaliar_peticao(processo)

    assert veredito.atende is valida
    assert [r.fundamento for r in veredito.requisitos] == ["Art. 13", "Art. 10, III"]


def test_extincao_por_perda_dos_requisitos_exige_so_o_art_13(servidor, sorriso):
    processo = protocolar(servidor, tipo="extincao", nome="Sorriso", municipios=[sorriso])
    _dados(processo, servidor, fundamento_extincao="I")
    semear_assinaturas(processo, servidor, 100)

    assert avaliar_peticao(processo).atende


def test_extincao_sem_fundamento_ou_sem_eleitorado_diz_o_que_falta(servidor, sorriso):
    processo = protocolar(servidor, tipo="extincao", nome="Sorriso", municipios=[sorriso])
    semear_assinaturas(processo, servidor, 500)
    assert "fundamento da extinção" in avaliar_peticao(processo).requisitos[-1].mensagem

    _dados(processo, servidor, fundamento_extincao="III")
    veredito = avaliar_peticao(processo)
    assert not veredito.atende
    assert "eleitorado do município" in veredito.requisitos[-1].mensagem


@pytest.mark.parametrize(
    ("votos", "membros", "valida"),
    [(7, 11, False), (8, 11, True), (7, 12, False), (8, 12, True)],
)
def test_alteracao_de_nome_exige_dois_tercos_da_camara(servidor, sorriso, votos, membros, valida):
    processo = protocolar(
        servidor, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )
    _dados(
        processo,
        servidor,
        camara_membros=membros,
        camara_votos_favoraveis=votos,
        camara_sessao="Sessão ordinária 12/2026",
        camara_data=date(2026, 5, 4),
    )

    veredito = avaliar_peticao(processo)

    assert veredito.atende is valida
    assert veredito.requisitos[0].fundamento == "Art. 6º, § 2º"


def test_alteracao_de_nome_sem_a_camara_registrada_e_invalida(servidor, sorriso):
    processo = protocolar(
        servidor, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )
    semear_assinaturas(processo, servidor, 500)  # assinaturas não substituem a Câmara

    veredito = avaliar_peticao(processo)

    assert not veredito.atende
    assert "Câmara Municipal" in veredito.requisitos[0].mensagem


def test_versao_mais_recente_dos_dados_e_a_que_vale(servidor, sorriso):
    processo = protocolar(
        servidor, tipo="alteracao_nome", nome="Sorriso do Norte", municipios=[sorriso]
    )
    _dados(processo, servidor, camara_membros=11, camara_votos_favoraveis=7)
    _dados(processo, servidor, camara_membros=11, camara_votos_favoraveis=8)

    assert avaliar_peticao(processo).atende
    assert processo.dados_representacao.count() == 2


def test_extincao_a_requerimento_na_pagina_e_previa_pelo_numero_digitado(client, servidor, sorriso):
    """Art. 10, III (issue 25): antes da certidão do TRE, a página calcula a maioria sobre o
    eleitorado digitado e diz que é prévia; o parecer de mérito conta sobre o certificado."""
    processo = _extincao_a_requerimento(servidor, sorriso)
    semear_assinaturas(processo, servidor, 150)
    client.force_login(servidor)

    pagina = client.get(f"/processos/{processo.slug}/").content.decode()

    assert (
        "Representação inválida (Art. 10, III): 150 assinaturas de 300 eleitores; a maioria "
        "absoluta é 151. (Prévia, pelo número digitado na representação; o parecer de mérito "
        "conta sobre o eleitorado certificado pelo TRE.) Falta 1 assinatura."
    ) in pagina
