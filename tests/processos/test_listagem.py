"""A lista de processos faz o mesmo número de consultas com 10 ou 500 processos."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from painel import filtros
from processos.models import FormaEncaminhamento, Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO

TIPOS = ["criacao", "fusao", "incorporacao", "extincao", "revisao_limites", "alteracao_nome"]
ESTADOS = ["protocolada", "em_instrucao", "na_ccj", "arquivado", "sobrestado", "concluido"]


@pytest.fixture
def origens(db):
    return [
        Municipio.objects.create(codigo_ibge=5100000 + i, nome=f"Município {i}") for i in range(3)
    ]


def _acrescentar(quantos: int, *, deputado, origens) -> None:
    """bulk_create: processos de todos os tipos e estados, metade por Deputado, com um a três
    municípios de origem cada (o que a lista mostra e que geraria N+1)."""
    inicio = Processo.objects.count() + 1
    processos = Processo.objects.bulk_create(
        [
            Processo(
                numero=i,
                ano=2026,
                tipo=TIPOS[i % len(TIPOS)],
                estado=ESTADOS[i % len(ESTADOS)],
                nome_proposto=f"Nome {i}",
                sede_proposta=f"Nome {i}",
                forma_encaminhamento=(
                    FormaEncaminhamento.DEPUTADO if i % 2 else FormaEncaminhamento.COMUNIDADE
                ),
                deputado_autor=deputado if i % 2 else None,
                data_leitura_expediente=PASSADO,
            )
            for i in range(inicio, inicio + quantos)
        ]
    )
    Origem = Processo.municipios_origem.through
    Origem.objects.bulk_create(
        [
            Origem(processo_id=p.pk, municipio_id=m.pk)
            for p in processos
            for m in origens[: 1 + p.numero % 3]
        ]
    )
    # Gravadas direto no banco: os nomes das origens copiados para a busca, como o ato faria.
    Processo.objects.filter(pk__in=[p.pk for p in processos]).guardar_nomes_das_origens()


def _consultas(client, url) -> tuple[int, str]:
    # Página fria: os municípios do filtro relidos (no PostgreSQL ficam no processo enquanto
    # o cadastro não muda, painel.filtros.ProcessoFilter.municipios).
    filtros.esquecer_municipios()
    with CaptureQueriesContext(connection) as contexto:
        resposta = client.get(url)
    assert resposta.status_code == 200
    return len(contexto), resposta.content.decode()


@pytest.mark.parametrize(
    "url", ["/processos/", "/processos/?ordem=-nome&estado=na_ccj", "/processos/?q=Nome"]
)
def test_lista_faz_as_mesmas_consultas_com_10_ou_500_processos(
    client, servidor, deputado, origens, url
):
    client.force_login(servidor)
    _acrescentar(10, deputado=deputado, origens=origens)
    com_10, html_10 = _consultas(client, url)

    _acrescentar(490, deputado=deputado, origens=origens)
    com_500, html_500 = _consultas(client, url)

    assert Processo.objects.count() == 500
    if "q=" in url and connection.vendor == "postgresql":
        # Acima do teto da contagem (300), a busca não lê antes os achados nas fases: uma
        # consulta a menos (painel.filtros.ProcessoFilter._contados_ate_o_teto).
        assert com_500 == com_10 - 1
    else:
        assert com_500 == com_10
    assert "Município 2" in html_10 and "Município 2" in html_500


def test_segunda_pagina_faz_as_mesmas_consultas_que_a_primeira(client, servidor, deputado, origens):
    client.force_login(servidor)
    _acrescentar(120, deputado=deputado, origens=origens)

    primeira, _ = _consultas(client, "/processos/")
    segunda, html = _consultas(client, "/processos/?pagina=2")

    assert segunda == primeira
    assert "Página 2 de 3" in html


def test_filtros_mostram_o_que_foi_escolhido(client, servidor, deputado, origens):
    """O formulário escrito à mão (sem crispy) guarda a escolha de cada campo."""
    client.force_login(servidor)
    _acrescentar(3, deputado=deputado, origens=origens)
    municipio = origens[1]

    html = client.get(
        f"/processos/?q=Nome+2&tipo=fusao&municipio={municipio.pk}&ano=2026&aguardando=on"
        "&ordem=-prazo"
    ).content.decode()

    assert 'name="q" value="Nome 2"' in html
    assert '<option value="fusao" selected>' in html
    assert f'<option value="{municipio.pk}" selected>Município 1</option>' in html
    assert 'name="ano" value="2026"' in html
    assert 'id="id_aguardando" checked' in html
    assert '<option value="-prazo" selected>' in html
    assert '<label for="id_municipio" class="form-label">Município de origem</label>' in html


@pytest.mark.parametrize(
    ("ano", "erro"),
    [
        ("abc", "Informe um número inteiro."),
        ("-1e999999", "sem expoente"),
        ("2101", "Certifique-se que este valor seja menor ou igual a 2100."),
    ],
)
def test_ano_invalido_e_dito_no_campo_com_400_e_lista_vazia(
    client, servidor, deputado, origens, ano, erro
):
    _acrescentar(2, deputado=deputado, origens=origens)
    client.force_login(servidor)
    assert "0001/2026" in client.get("/processos/").content.decode()

    resposta = client.get(f"/processos/?ano={ano}")

    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert 'class="textinput form-control is-invalid"' in html
    assert erro in html
    assert "0001/2026" not in html


@pytest.mark.parametrize(
    ("busca", "esperados"),
    [
        ("nome 11", {"0011/2026"}),
        (
            "1 nome",
            {"0001/2026", "0010/2026", "0011/2026", "0012/2026"}
            | {
                f"{n:04d}/2026"
                for n in range(1, 13)
                if n % 3  # origem "Município 1"
            },
        ),
        ("Município 2", {"0002/2026", "0005/2026", "0008/2026", "0011/2026"}),
        ("4/2026", {"0004/2026"}),
        ("7", {"0007/2026"}),
    ],
)
def test_busca_por_texto_municipio_ou_protocolo(
    client, servidor, deputado, origens, busca, esperados
):
    """O município de origem entra por EXISTS: o processo com três origens aparece uma vez."""
    client.force_login(servidor)
    _acrescentar(12, deputado=deputado, origens=origens)

    html = client.get("/processos/", {"q": busca}).content.decode()

    achados = re.findall(r'<td[^>]*><a href="/processos/\d{4}-\d{4}/">(\d{4}/\d{4})</a></td>', html)
    assert len(achados) == len(set(achados))
    assert set(achados) == esperados


@pytest.mark.parametrize(("ordem", "esperado"), [("numero", [1, 2]), ("-numero", [2, 1])])
def test_ordenar_pelo_numero_ordena_por_ano_e_numero(client, servidor, operador, ordem, esperado):
    from tests.processos.construtores import protocolar

    protocolar(operador, nome="Primeiro do Norte", sede="Primeiro do Norte")
    protocolar(operador, nome="Segundo do Norte", sede="Segundo do Norte")
    client.force_login(servidor)

    interna = client.get(f"/processos/?ordem={ordem}")
    portal = client.get(f"/portal/?ordem={ordem}")

    assert interna.status_code == 200 and portal.status_code == 200
    html = interna.content.decode()
    posicoes = [html.index(f"{n:04d}/") for n in esperado]
    assert posicoes == sorted(posicoes)
