"""Páginas públicas dos simuladores (sem login): o quadro de requisitos com o fundamento de
cada linha e o que teria de mudar; erros em pt-BR; nunca 500."""

from decimal import Decimal

import pytest

from requisitos.models import Municipio, ValorAdicionado

pytestmark = pytest.mark.django_db


def formulario_municipio(**mudancas) -> dict:
    dados = {
        "populacao": "4071",
        "eleitores": "410",
        "casas_centro_urbano": "250",
        "valor_adicionado": "1.500.000,00",
        "media_va_menores": "1.000.000,00",
        "condicoes_instalacao": "sim",
        "continuidade_territorial": "",
        "rem-TOTAL_FORMS": "3",
        "rem-INITIAL_FORMS": "0",
        "rem-MIN_NUM_FORMS": "0",
        "rem-MAX_NUM_FORMS": "10",
        "rem-0-codigo_ibge": "5106240",
        "rem-0-populacao": "3999",
        "rem-0-eleitores": "2000",
        "rem-0-casas_centro_urbano": "900",
        "rem-0-valor_adicionado": "50000000",
    }
    dados.update(mudancas)
    return dados


@pytest.mark.parametrize(
    ("url", "titulo"),
    [
        ("/simulador/", "Simuladores de requisitos"),
        ("/simulador/municipio/", "Simulador: criação de município"),
        ("/simulador/distrito/", "Simulador: criação de distrito"),
        ("/simulador/nome/", "Simulador: nome do município ou distrito"),
    ],
)
def test_simuladores_sao_publicos(client, url, titulo):
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert titulo in resposta.content.decode()


def test_simulador_municipio_mostra_o_quadro_com_fundamento_e_o_que_falta(client):
    resposta = client.post("/simulador/municipio/", formulario_municipio())
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Não atende" in html
    assert "Art. 2º, II" in html
    assert "10,07 % da população" in html
    assert "Seriam necessários pelo menos 815 eleitores (faltam 405)." in html
    assert "Ainda não apurado: depende do mapa e do memorial descritivo." in html
    assert "Município de origem: Nova Ubiratã — perderia requisitos" in html
    assert "Art. 2º, § 1º, c/c I" in html
    assert "Falta 1 habitante." in html
    veredito = resposta.context["veredito"]
    assert [r.atende for r in veredito.requisitos] == [True, False, True, True, True, False, False]


def test_simulador_municipio_exibe_bloqueio_constitucional_e_art_3(client):
    html = client.get("/simulador/municipio/").content.decode()
    assert "Bloqueio constitucional" in html
    assert "ADPF 819" in html


def test_simulador_municipio_com_tabela_da_sefaz_nomeia_os_dez_menores(client):
    for i in range(11):
        municipio = Municipio.objects.create(codigo_ibge=5100100 + i, nome=f"Cidade {i:02d}")
        ValorAdicionado.objects.create(municipio=municipio, exercicio=2023, valor=Decimal(1000 * i))
    resposta = client.post(
        "/simulador/municipio/",
        formulario_municipio(exercicio="2023", media_va_menores="", valor_adicionado="4500"),
    )
    html = resposta.content.decode()
    assert "10 municípios de menor VA em 2023" in html
    assert "Cidade 09" in html and "Cidade 10" not in html
    assert "não superior à média de R$ 4.500,00" in html


@pytest.mark.parametrize(
    ("mudancas", "erro"),
    [
        ({"populacao": "-1"}, "maior ou igual a 0"),
        ({"populacao": "muitos"}, "Informe um número inteiro"),
        ({"populacao": ""}, "Este campo é obrigatório"),
        ({"valor_adicionado": "1,234"}, "2 casas decimais"),
        ({"media_va_menores": ""}, "Escolha o exercício da tabela da SEFAZ ou informe a média"),
        ({"rem-0-eleitores": ""}, "Informe o número do município depois do desmembramento"),
        ({"rem-0-codigo_ibge": "", "rem-0-populacao": "10"}, "Escolha o município de origem"),
        ({"rem-0-codigo_ibge": "3550308"}, "Faça uma escolha válida"),
        (
            {
                "rem-1-codigo_ibge": "5106240",
                "rem-1-populacao": "1",
                "rem-1-eleitores": "1",
                "rem-1-casas_centro_urbano": "1",
                "rem-1-valor_adicionado": "1",
            },
            "O mesmo município de origem foi informado duas vezes",
        ),
        ({"rem-TOTAL_FORMS": "x"}, "ManagementForm"),
    ],
)
def test_simulador_municipio_erros_em_portugues_sem_500(client, mudancas, erro):
    resposta = client.post("/simulador/municipio/", formulario_municipio(**mudancas))
    assert resposta.status_code == 200
    assert erro in resposta.content.decode()
    assert resposta.context["veredito"] is None


@pytest.mark.parametrize(
    ("habitacoes", "populacao", "situacao"),
    [("49", "1001", "Não atende"), ("50", "1001", "Atende"), ("50", "1000", "Não atende")],
)
def test_simulador_distrito_art_25(client, habitacoes, populacao, situacao):
    resposta = client.post(
        "/simulador/distrito/", {"habitacoes_sede": habitacoes, "populacao": populacao}
    )
    html = resposta.content.decode()
    assert f"<strong>{situacao}</strong>" in html
    assert "Art. 25, I" in html and "Art. 25, II" in html


def test_simulador_nome_mostra_problemas_homonimos_e_declaracao(client):
    resposta = client.post("/simulador/nome/", {"nome": "Sete de Setembro"})
    html = resposta.content.decode()
    assert "não pode ser usado" in html
    assert 'data-regra="data"' in html and 'data-regra="repeticao"' in html
    assert "Sete de Setembro/RS" in html
    assert "os proponentes devem declarar" in html


def test_simulador_nome_valido_com_declaracao(client):
    resposta = client.post(
        "/simulador/nome/", {"nome": "Nova Esperança do Xingu", "declaracao_pessoa_viva": "on"}
    )
    html = resposta.content.decode()
    assert "não esbarra nas vedações verificáveis do Art. 6º" in html
    assert "Declarado pelos proponentes" in html


def test_simulador_nome_vazio(client):
    resposta = client.post("/simulador/nome/", {"nome": "  "})
    assert "Este campo é obrigatório" in resposta.content.decode()


def test_simulador_recusa_metodo_nao_previsto(client):
    assert client.put("/simulador/nome/").status_code == 405


def test_pagina_do_simulador_acima_do_limite_responde_429(client, settings):
    settings.SIMULADOR_LIMITE = "2/m"
    assert [client.get("/simulador/nome/").status_code for _ in range(3)] == [200, 200, 429]
    assert "Aguarde um minuto" in client.get("/simulador/nome/").content.decode()


@pytest.mark.django_db
def test_simulador_de_distrito_oferece_a_certidao_com_os_numeros_simulados(
    client, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    pagina = client.post("/simulador/distrito/", {"habitacoes_sede": "50", "populacao": "1001"})
    html = pagina.content.decode()
    assert 'action="/simulador/distrito/certidao/"' in html
    assert '<input type="hidden" name="habitacoes_sede" value="50">' in html
    assert '<input type="hidden" name="populacao" value="1001">' in html
    certidao = client.post(
        "/simulador/distrito/certidao/",
        {"habitacoes_sede": "50", "populacao": "1001", "localidade": "Vila Progresso"},
    )
    assert certidao.status_code == 200
    assert certidao["Content-Type"] == "application/pdf"
