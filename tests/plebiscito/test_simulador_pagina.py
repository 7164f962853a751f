"""Página pública /simulador/plebiscito/ (Art. 11): rótulos em pt-BR, as três leituras com a
conta e o fundamento, as unidades contadas pela abrangência, e erros ao lado do campo com 400
— nunca 500."""

import re
from datetime import date

import pytest
from django.core.cache import cache

from requisitos.models import ParametroLegal

pytestmark = pytest.mark.django_db

URL = "/simulador/plebiscito/"
TABOCAO = {"inscritos": "2.719", "sim": "1.561", "nao": "525", "brancos": "41", "nulos": "48"}


@pytest.fixture(autouse=True)
def limite_folgado(settings):
    settings.SIMULADOR_LIMITE = "100000/m"
    cache.clear()
    yield
    cache.clear()


def linha(i: int, nome: str, comparecimento: str, area: bool = True, **numeros) -> dict:
    dados = {f"un-{i}-nome": nome, f"un-{i}-comparecimento": comparecimento}
    dados |= {f"un-{i}-{campo}": valor for campo, valor in (TABOCAO | numeros).items()}
    if area:
        dados[f"un-{i}-area_desmembrada"] = "on"
    return dados


def formulario(*linhas: dict, **mudancas) -> dict:
    dados = {
        "regra": "lc23_literal",
        "abrangencia": "area_desmembrada",
        "un-TOTAL_FORMS": "6",
        "un-INITIAL_FORMS": "0",
        "un-MIN_NUM_FORMS": "0",
        "un-MAX_NUM_FORMS": "6",
    }
    for dados_linha in linhas or (linha(0, "Tabocão", "2.175"),):
        dados |= dados_linha
    return dados | mudancas


def test_pagina_e_publica_com_rotulos_e_a_regra_em_vigor_escolhida(client):
    resposta = client.get(URL)
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Simulador: resultado do plebiscito" in html
    for rotulo in (
        "Regra de aprovação",
        "Quem é consultado (abrangência)",
        "Eleitores inscritos",
        "Comparecimento",
        "Votos Sim",
        "Votos Não",
        "Votos em branco",
        "Votos nulos",
        "É a área a desmembrar",
    ):
        assert rotulo in html
    assert '<label class="visually-hidden" for="id_un-5-sim">Votos Sim — linha 6</label>' in html
    assert '<option value="lc23_literal" selected>' in html
    assert '<option value="area_desmembrada" selected>' in html


def test_regra_em_vigor_alterada_vem_escolhida(client):
    ParametroLegal.objects.create(
        nome="regra_plebiscito",
        valor="maioria_simples_validos",
        vigencia_inicio=date(2020, 1, 1),
        fundamento="Teste: Lei 9.709/1998, art. 10",
    )
    html = client.get(URL).content.decode()
    assert '<option value="maioria_simples_validos" selected>' in html
    assert "Em vigor: Maioria simples dos votos válidos (Lei 9.709/1998, art. 10)." in html


def test_tabocao_mostra_as_tres_leituras_com_conta_e_fundamento(client):
    resposta = client.post(URL, formulario())
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "<strong>Aprovado</strong> pela regra que governa" in html
    assert "Sim × 2 = 3.122 &gt; 2.719 inscritos" in html
    assert "Sim 1.561 &gt; Não 525" in html
    assert "Sim × 2 = 3.122 &gt; 2.175 votantes" in html
    assert "LC 23/1992, Art. 11, § 2º" in html and "Lei 9.709/1998, art. 10" in html
    assert html.count("✓</span> Aprovado") == 3
    assert "<td>2.719</td><td>2.175</td>" in html  # totais no formato 1.234
    assert "Área a desmembrar: sempre consultada" in html


def test_escolher_a_maioria_simples_vira_o_resultado(client):
    numeros = {"inscritos": "1000", "sim": "300", "nao": "200", "brancos": "20", "nulos": "0"}
    dados = formulario(linha(0, "Vila Nova", "520", **numeros))
    assert "<strong>Rejeitado</strong>" in client.post(URL, dados).content.decode()
    dados["regra"] = "maioria_simples_validos"
    resposta = client.post(URL, dados)
    assert "<strong>Aprovado</strong>" in resposta.content.decode()
    assert [v.governa for v in resposta.context["apuracao"].principal.vereditos] == [
        False,
        True,
        False,
    ]


def test_abrangencia_diz_quais_unidades_entram_na_soma(client):
    area = linha(0, "Distrito Novo", "900", inscritos="1000", sim="800", nao="100", brancos="0")
    origem = linha(
        1, "Cidade Mãe", "3500", area=False, inscritos="5000", sim="500", nao="3000", brancos="0"
    )
    dados = formulario(area, origem, regra="maioria_simples_validos", **{"un-0-nulos": "0"})
    dados["un-1-nulos"] = "0"
    html = client.post(URL, dados).content.decode()
    assert "<strong>Aprovado</strong>" in html
    assert "Não contada: sob esta abrangência vota somente" in html
    dados["abrangencia"] = "municipios_envolvidos"
    resposta = client.post(URL, dados)
    html = resposta.content.decode()
    assert "<strong>Rejeitado</strong>" in html
    assert "Município envolvido: contado" in html
    assert resposta.context["apuracao"].totais.inscritos == 6000


@pytest.mark.parametrize(
    ("mudancas", "campo", "erro"),
    [
        ({"un-0-comparecimento": "2.174"}, "comparecimento", "deve ser igual ao comparecimento"),
        ({"un-0-inscritos": "2000"}, "comparecimento", "não pode superar os eleitores inscritos"),
        ({"un-0-sim": "-1"}, "sim", "maior ou igual a 0"),
        ({"un-0-nulos": "1,5"}, "nulos", "Informe um número inteiro"),
        ({"un-0-brancos": ""}, "brancos", "Este campo é obrigatório"),
        ({"un-0-nome": "  "}, "nome", "Este campo é obrigatório"),
        ({"regra": "unanimidade"}, "regra", "Faça uma escolha válida"),
    ],
)
def test_erro_aparece_ao_lado_do_campo_com_400(client, mudancas, campo, erro):
    resposta = client.post(URL, formulario(**mudancas))
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert erro in html
    if campo != "regra":  # o erro fica na célula do campo, na linha da unidade
        assert re.search(f'data-campo="{campo}">[^<]*{re.escape(erro)}', html)
    assert resposta.context["apuracao"] is None


def test_nome_repetido_e_nenhuma_area_sao_erros_do_conjunto(client):
    repetida = linha(1, " tabocão ", "2.175", area=False)
    resposta = client.post(URL, formulario(linha(0, "Tabocão", "2.175"), repetida))
    assert resposta.status_code == 400
    assert 'data-campo="nome">Unidade repetida: tabocão.' in resposta.content.decode()

    resposta = client.post(URL, formulario(linha(0, "Tabocão", "2.175", area=False)))
    assert resposta.status_code == 400
    assert "Nenhuma unidade é a área a desmembrar" in resposta.content.decode()


def test_sem_nenhuma_linha_preenchida_pede_uma_unidade(client):
    dados = {k: v for k, v in formulario().items() if not k.startswith("un-0-")}
    resposta = client.post(URL, dados)
    assert resposta.status_code == 400
    assert "Informe ao menos uma unidade de votação." in resposta.content.decode()


def test_formulario_adulterado_e_400_sem_500(client):
    resposta = client.post(URL, formulario(**{"un-TOTAL_FORMS": "x"}))
    assert resposta.status_code == 400
    assert "ManagementForm" in resposta.content.decode()


def test_metodo_nao_previsto_e_405_e_acima_do_limite_429(client, settings):
    assert client.put(URL).status_code == 405
    settings.SIMULADOR_LIMITE = "2/m"
    cache.clear()
    assert [client.get(URL).status_code for _ in range(3)] == [200, 200, 429]


def test_lista_dos_simuladores_leva_a_pagina(client):
    html = client.get("/simulador/").content.decode()
    assert f'href="{URL}">Resultado do plebiscito</a>' in html
