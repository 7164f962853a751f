"""Extinção de município (Art. 10): o fundamento e os municípios que recebem o território
desde o protocolo (§§ 1º e 2º) e as guardas de cada fundamento no recebimento (I: perda
de requisito do Art. 2º; II: prova da inundação ou destruição da sede; III: maioria
absoluta dos eleitores), dos dois lados de cada fronteira. O parecer de mérito e o
projeto de lei: test_extincao_parecer_e_lei.py."""

import pytest

from processos.models import Andamento, Processo
from processos.services import motivos_indisponivel
from representacao.models import DadosRepresentacao
from tests.processos.construtores import (
    protocolar,
    recarregar,
)
from tests.representacao.construtores import (
    juntar,
    juntar_obrigatorios,
    registrar_dados,
    semear_assinaturas,
)

NOVO = "/processos/novo/"
FALTA_PROVA = (
    "Falta: Fotografias ou laudo técnico da inundação ou destruição da sede (Art. 10, II)."
)


def _post_protocolo(sorriso, **extra) -> dict:
    return {
        "tipo": "extincao",
        "nome_proposto": "Sorriso",
        "municipios_origem": [sorriso.pk],
        "forma_encaminhamento": "comunidade",
        "representantes": "Comissão dos eleitores",
        "data_leitura_expediente": "02/03/2026",
    } | extra


# --- protocolo: fundamento e destino (Art. 10, caput e §§ 1º e 2º) ---------------------------


def test_protocolo_da_extincao_sem_fundamento_e_recusado_e_nada_se_grava(
    client, servidor, sorriso, vizinhos
):
    """Art. 10: a extinção se funda em I, II ou III — o protocolo o pede."""
    client.force_login(servidor)

    resposta = client.post(NOVO, _post_protocolo(sorriso, municipios_destino=[vizinhos[0].pk]))

    assert resposta.status_code == 400
    assert "Na extinção, informe o fundamento (Art. 10, I, II ou III)." in resposta.content.decode()
    assert not Processo.objects.exists()
    assert not DadosRepresentacao.objects.exists()


@pytest.mark.parametrize(
    ("fundamento", "mensagem"),
    [
        ("I", "o município de origem, ao qual o extinto volta a pertencer (Art. 10, § 1º)"),
        ("II", "o município de origem, ao qual o extinto volta a pertencer (Art. 10, § 1º)"),
        ("III", "os municípios contíguos indicados pelos eleitores requerentes (Art. 10, § 2º)"),
    ],
)
def test_protocolo_da_extincao_exige_quem_recebe_o_territorio_conforme_o_paragrafo(
    client, servidor, sorriso, fundamento, mensagem
):
    """Art. 10, § 1º (I e II: volta ao de origem) e § 2º (III: os contíguos indicados)."""
    client.force_login(servidor)

    resposta = client.post(NOVO, _post_protocolo(sorriso, fundamento_extincao=fundamento))

    assert resposta.status_code == 400
    assert f"Informe {mensagem}." in resposta.content.decode()
    assert not Processo.objects.exists()


def test_o_municipio_extinto_nao_recebe_o_proprio_territorio(client, servidor, sorriso):
    client.force_login(servidor)

    resposta = client.post(
        NOVO, _post_protocolo(sorriso, fundamento_extincao="I", municipios_destino=[sorriso.pk])
    )

    assert resposta.status_code == 400
    assert "O município extinto não recebe o próprio território" in resposta.content.decode()
    assert not Processo.objects.exists()


def test_protocolo_grava_fundamento_e_destino_e_as_paginas_os_mostram(
    client, servidor, sorriso, vizinhos
):
    """Art. 10, III e § 2º: gravados no Andamento do protocolo e na versão 1 dos dados da
    representação; a página interna e a pública mostram o fundamento e os municípios."""
    client.force_login(servidor)
    post = _post_protocolo(
        sorriso, fundamento_extincao="III", municipios_destino=[m.pk for m in vizinhos]
    )

    resposta = client.post(NOVO, post)

    assert resposta.status_code == 302
    processo = Processo.objects.get()
    dados = processo.dados_representacao.get()
    assert (dados.versao, dados.fundamento_extincao) == (1, "III")
    assert sorted(m.nome for m in dados.municipios_destino.all()) == ["Nova Mutum", "Nova Ubiratã"]
    andamento = processo.andamentos.get(ato="protocolar")
    assert andamento.dados["fundamento_extincao"] == "III"
    assert {m["nome"] for m in andamento.dados["municipios_destino"]} == {
        "Nova Mutum",
        "Nova Ubiratã",
    }
    interna = client.get(f"/processos/{processo.slug}/").content.decode()
    assert "Art. 10, III — requerimento da maioria absoluta dos eleitores" in interna
    assert "Nova Mutum, Nova Ubiratã" in interna
    client.logout()
    publica = client.get(f"/portal/processos/{processo.slug}/").content.decode()
    assert "Art. 10, III — requerimento da maioria absoluta dos eleitores" in publica
    assert "Nova Mutum, Nova Ubiratã" in publica


def test_protocolo_de_outro_tipo_ignora_os_campos_da_extincao(client, servidor, sorriso, vizinhos):
    client.force_login(servidor)
    post = _post_protocolo(
        sorriso,
        tipo="criacao",
        nome_proposto="Vale do Teles Pires",
        sede_proposta="Vale do Teles Pires",
        fundamento_extincao="I",
        municipios_destino=[vizinhos[0].pk],
    )

    assert client.post(NOVO, post).status_code == 302
    assert not DadosRepresentacao.objects.exists()
    assert "fundamento_extincao" not in Andamento.objects.get().dados


def test_dados_da_representacao_corrigem_o_destino_em_nova_versao(
    client, servidor, sorriso, vizinhos
):
    processo = protocolar(servidor, tipo="extincao", nome="Sorriso", municipios=[sorriso])
    registrar_dados(processo, servidor, [vizinhos[0]], fundamento_extincao="I")
    client.force_login(servidor)
    url = f"/processos/{processo.slug}/representacao/"

    sem_destino = client.post(url, {"fundamento_extincao": "I", "versao_vista": "1"})
    assert sem_destino.status_code == 400
    assert "Informe o município de origem" in sem_destino.content.decode()

    resposta = client.post(
        url,
        {"fundamento_extincao": "I", "municipios_destino": [vizinhos[1].pk], "versao_vista": "1"},
    )

    assert resposta.status_code == 302
    vigente = DadosRepresentacao.objects.vigente(processo)
    assert vigente.versao == 2
    assert [m.nome for m in vigente.municipios_destino.all()] == ["Nova Mutum"]
    anterior = processo.dados_representacao.get(versao=1)
    assert [m.nome for m in anterior.municipios_destino.all()] == ["Nova Ubiratã"]


# --- recebimento na CRT (Art. 15 e 16) -------------------------------------------------------


def _extincao_pronta(usuario, sorriso, destinos, fundamento, **campos):
    """Documentos obrigatórios, 100 assinaturas aptas e o fundamento com o destino."""
    processo = protocolar(usuario, tipo="extincao", nome="Sorriso", municipios=[sorriso])
    juntar_obrigatorios(processo, usuario)
    semear_assinaturas(processo, usuario, 100)
    registrar_dados(processo, usuario, destinos, fundamento_extincao=fundamento, **campos)
    return processo


def test_art_10_ii_sem_a_prova_da_sede_a_representacao_nao_e_recebida(servidor, sorriso, vizinhos):
    """Art. 10, II: a inundação ou destruição da sede se prova nos autos."""
    processo = _extincao_pronta(servidor, sorriso, vizinhos[:1], "II")

    assert motivos_indisponivel(processo, "receber_na_crt") == [FALTA_PROVA]

    juntar(processo, servidor, "comprovacao_sede")

    assert motivos_indisponivel(recarregar(processo), "receber_na_crt") == []


@pytest.mark.parametrize("fundamento", ["I", "III"])
def test_art_10_i_e_iii_nao_exigem_a_prova_da_sede(servidor, sorriso, vizinhos, fundamento):
    eleitorado = {"eleitores_municipio": 199} if fundamento == "III" else {}  # maioria: 100
    processo = _extincao_pronta(servidor, sorriso, vizinhos[:1], fundamento, **eleitorado)

    assert motivos_indisponivel(processo, "receber_na_crt") == []


def test_art_10_paragrafos_sem_quem_recebe_o_territorio_a_representacao_nao_e_recebida(
    servidor, sorriso
):
    processo = _extincao_pronta(servidor, sorriso, [], "I")

    assert motivos_indisponivel(processo, "receber_na_crt") == [
        "Falta: município(s) que recebem o território — o município de origem, ao qual o "
        "extinto volta a pertencer (Art. 10, § 1º)."
    ]


@pytest.mark.parametrize(
    ("aptas", "recebe"),
    [(150, False), (151, True)],  # 301 eleitores: ⌊301/2⌋ + 1 = 151
)
def test_art_10_iii_recebimento_exige_a_maioria_absoluta_do_eleitorado(
    servidor, sorriso, vizinhos, aptas, recebe
):
    processo = _extincao_pronta(servidor, sorriso, vizinhos, "III", eleitores_municipio=301)
    semear_assinaturas(processo, servidor, aptas - 100, inicio=100)

    motivos = " ".join(motivos_indisponivel(processo, "receber_na_crt"))

    assert (motivos == "") is recebe
    if not recebe:
        assert "a maioria absoluta é 151" in motivos and "Falta 1 assinatura." in motivos


def test_art_10_iii_sem_o_eleitorado_registrado_diz_o_que_falta(servidor, sorriso, vizinhos):
    processo = _extincao_pronta(servidor, sorriso, vizinhos, "III")

    assert "Registre o eleitorado do município, com fonte e data (Art. 10, III)." in " ".join(
        motivos_indisponivel(processo, "receber_na_crt")
    )
