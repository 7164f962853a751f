"""Os valores que cada simulador já traz escolhidos funcionam: quem abre a página e digita só
os números (o que o cidadão tem de digitar) recebe o resultado, não um erro de padrão."""

from decimal import Decimal
from html.parser import HTMLParser

import pytest

from requisitos.models import Municipio, ValorAdicionado

pytestmark = pytest.mark.django_db


class _Formulario(HTMLParser):
    """O que o navegador enviaria sem o cidadão tocar em nada: inputs com valor, caixas
    marcadas e a opção escolhida de cada select."""

    def __init__(self):
        super().__init__()
        self.dados, self._select, self._primeira = {}, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        nome = a.get("name")
        if tag == "input" and nome and nome != "csrfmiddlewaretoken":
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.dados[nome] = a.get("value", "on")
            elif a.get("type") != "submit":
                self.dados[nome] = a.get("value") or ""
        elif tag == "select":
            self._select, self._primeira = nome, None
        elif tag == "option" and self._select:
            if self._primeira is None:
                self._primeira = a.get("value", "")
                self.dados.setdefault(self._select, self._primeira)
            if "selected" in a:
                self.dados[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def padroes(client, url) -> dict:
    resposta = client.get(url)
    assert resposta.status_code == 200
    parser = _Formulario()
    parser.feed(resposta.content.decode())
    return parser.dados


def test_simulador_municipio_ja_vem_com_o_exercicio_mais_recente_da_sefaz(client):
    for i in range(11):
        municipio = Municipio.objects.create(codigo_ibge=5100100 + i, nome=f"Cidade {i:02d}")
        for exercicio in (2022, 2023):
            ValorAdicionado.objects.create(
                municipio=municipio, exercicio=exercicio, valor=Decimal(1000 * (i + 1))
            )
    dados = padroes(client, "/simulador/municipio/")
    assert dados["exercicio"] == "2023"
    dados |= {
        "populacao": "4071",
        "eleitores": "410",
        "casas_centro_urbano": "250",
        "valor_adicionado": "1.500.000,00",
    }
    resposta = client.post("/simulador/municipio/", dados)
    assert resposta.context["form"].errors == {}
    assert resposta.context["veredito"].media_va.exercicio == 2023


def test_simulador_municipio_media_digitada_prevalece_sobre_o_exercicio_escolhido(client):
    for i in range(11):
        municipio = Municipio.objects.create(codigo_ibge=5100100 + i, nome=f"Cidade {i:02d}")
        ValorAdicionado.objects.create(municipio=municipio, exercicio=2023, valor=Decimal(1000))
    dados = padroes(client, "/simulador/municipio/") | {
        "populacao": "4071",
        "eleitores": "410",
        "casas_centro_urbano": "250",
        "valor_adicionado": "1.500.000,00",
        "media_va_menores": "1.000.000,00",
    }
    resposta = client.post("/simulador/municipio/", dados)
    assert resposta.context["form"].errors == {}
    assert resposta.context["veredito"] is not None


def test_simulador_distrito_so_com_os_numeros(client):
    dados = padroes(client, "/simulador/distrito/") | {"habitacoes_sede": "60", "populacao": "1200"}
    resposta = client.post("/simulador/distrito/", dados)
    assert resposta.context["form"].errors == {}
    assert resposta.context["veredito"] is not None


def test_simulador_nome_so_com_o_nome(client):
    dados = padroes(client, "/simulador/nome/") | {"nome": "Vale do Rio Arinos"}
    resposta = client.post("/simulador/nome/", dados)
    assert resposta.context["form"].errors == {}
    assert resposta.context["veredito"] is not None


def test_simulador_plebiscito_so_com_os_numeros_da_primeira_linha(client):
    dados = padroes(client, "/simulador/plebiscito/")
    assert dados["un-0-area_desmembrada"] == "on"
    assert "un-1-area_desmembrada" not in dados
    dados |= {
        "un-0-nome": "Área",
        "un-0-inscritos": "2.719",
        "un-0-comparecimento": "2.175",
        "un-0-sim": "1.561",
        "un-0-nao": "525",
        "un-0-brancos": "41",
        "un-0-nulos": "48",
    }
    resposta = client.post("/simulador/plebiscito/", dados)
    assert resposta.status_code == 200
    assert resposta.context["apuracao"] is not None


def test_tabela_de_requisitos_declara_o_arredondamento_dos_percentuais(client):
    """Percentuais exibidos truncados; a comparação legal é exata."""
    html = client.post(
        "/simulador/distrito/", {"habitacoes_sede": "60", "populacao": "1500"}
    ).content.decode()

    assert "Percentuais exibidos truncados em duas casas decimais" in html
