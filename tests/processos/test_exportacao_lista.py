"""A coluna "prazo mais próximo" (ordenável) e a exportação CSV da lista filtrada.

CSV: separador `;`, UTF-8 com BOM (o Excel em pt-BR abre direto), cabeçalhos em pt-BR, todas
as páginas com os mesmos filtros e a mesma ordem da tela."""

import csv
import io
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from instrucao import prazos_abertos
from painel.views import POR_PAGINA
from processos.estados import Estado
from processos.models import FormaEncaminhamento, Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO

CABECALHO = [
    "Número",
    "Tipo",
    "Nome proposto",
    "Municípios de origem",
    "Estado",
    "Última movimentação",
    "Prazo mais próximo",
]


@pytest.fixture
def origem(db):
    return Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso")


def _processo(numero: int, origem, *, nome: str = "", estado=Estado.EM_INSTRUCAO) -> Processo:
    processo = Processo.objects.create(
        numero=numero,
        ano=2026,
        tipo="criacao",
        estado=estado,
        nome_proposto=nome or f"Distrito {numero}",
        sede_proposta=nome or f"Distrito {numero}",
        forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
        data_leitura_expediente=PASSADO,
    )
    processo.municipios_origem.add(origem)
    return processo


def _oficio(processo, usuario, *, vencimento, orgao="tre", respondido=False, numero=None):
    Oficio = Processo._meta.get_field("oficios").related_model
    recebido = vencimento - timedelta(days=30)
    oficio = Oficio.objects.create(
        processo=processo,
        orgao=orgao,
        incisos="II",
        numero=numero or f"{processo.numero}{orgao}/2026-CRT",
        enviado_em=recebido - timedelta(days=2),
        recebido_em=recebido,
        vencimento=vencimento,
        respondido_em=recebido if respondido else None,
        criado_por=usuario,
    )
    # Gravado direto no banco, sem o ato: as somas dos prazos abertos refeitas como o ato faria.
    prazos_abertos.sincronizar(processo.pk)
    return oficio


def _csv(resposta) -> list[list[str]]:
    corpo = b"".join(resposta.streaming_content)
    assert corpo.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(corpo.decode("utf-8-sig")), delimiter=";"))


def _protocolos_da_tela(html: str) -> list[str]:
    return re.findall(r'<td[^>]*><a href="/processos/\d{4}-\d{4}/">(\d{4}/\d{4})</a></td>', html)


def test_csv_traz_todas_as_paginas_com_os_filtros_e_a_ordem_da_tela(client, servidor, origem):
    for i in range(1, 2 * POR_PAGINA + 21):
        _processo(i, origem, nome=f"Vila {i}" if i % 2 else f"Serra {i}")
    client.force_login(servidor)
    filtros = "q=Vila&ordem=nome"

    paginas = []
    for n in (1, 2):
        paginas += _protocolos_da_tela(client.get(f"/processos/?{filtros}&pagina={n}").text)
    resposta = client.get(f"/processos/exportar.csv?{filtros}")

    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "text/csv; charset=utf-8"
    assert resposta["Content-Disposition"].startswith('attachment; filename="processos-')
    linhas = _csv(resposta)
    assert linhas[0] == CABECALHO
    assert len(paginas) == POR_PAGINA + 10  # os ímpares de 1 a 120, em duas páginas da tela
    assert [linha[0] for linha in linhas[1:]] == paginas
    primeira = linhas[1]
    assert primeira[1:6] == [
        "Criação de município",
        "Vila 1",
        "Sorriso",
        "Em instrução na CRT",
        timezone.localtime(Processo.objects.get(numero=1).ultima_movimentacao).strftime("%d/%m/%Y"),
    ]


def test_prazo_mais_proximo_e_o_menor_vencimento_entre_os_oficios_abertos(client, servidor, origem):
    hoje = timezone.localdate()
    processo = _processo(1, origem, estado=Estado.AGUARDANDO_CERTIDOES)
    _oficio(processo, servidor, vencimento=hoje + timedelta(days=9), orgao="tre")
    _oficio(processo, servidor, vencimento=hoje + timedelta(days=4), orgao="sefaz")
    # Respondido não conta (Art. 2º, § 3º: o prazo é para responder).
    _oficio(
        processo,
        servidor,
        vencimento=hoje - timedelta(days=3),
        orgao="cartografia",
        respondido=True,
    )
    client.force_login(servidor)

    linhas = _csv(client.get("/processos/exportar.csv"))
    html = client.get("/processos/").text

    esperado = (hoje + timedelta(days=4)).strftime("%d/%m/%Y")
    assert linhas[1][6] == esperado
    assert esperado in html and "Prazo mais próximo" in html


def test_oficio_reiterado_e_processo_terminal_nao_dao_prazo(client, servidor, origem):
    hoje = timezone.localdate()
    arquivado = _processo(1, origem, estado=Estado.ARQUIVADO)
    _oficio(arquivado, servidor, vencimento=hoje + timedelta(days=5))
    reiterado = _processo(2, origem, estado=Estado.AGUARDANDO_CERTIDOES)
    antigo = _oficio(reiterado, servidor, vencimento=hoje - timedelta(days=20), numero="1/2026-CRT")
    novo = _oficio(reiterado, servidor, vencimento=hoje + timedelta(days=12), numero="2/2026-CRT")
    novo.reitera = antigo
    novo.save()
    prazos_abertos.sincronizar(reiterado.pk)
    client.force_login(servidor)

    linhas = {linha[0]: linha[6] for linha in _csv(client.get("/processos/exportar.csv"))[1:]}

    assert linhas["0001/2026"] == ""
    # Vale o vigente (o último da cadeia de reiterações), não o reiterado.
    assert linhas["0002/2026"] == (hoje + timedelta(days=12)).strftime("%d/%m/%Y")


def test_ordenar_pelo_prazo_poe_o_mais_proximo_primeiro_e_os_sem_prazo_no_fim(
    client, servidor, origem
):
    hoje = timezone.localdate()
    sem_prazo = _processo(1, origem)
    longe = _processo(2, origem, estado=Estado.AGUARDANDO_CERTIDOES)
    perto = _processo(3, origem, estado=Estado.AGUARDANDO_CERTIDOES)
    _oficio(longe, servidor, vencimento=hoje + timedelta(days=20))
    _oficio(perto, servidor, vencimento=hoje - timedelta(days=1))
    client.force_login(servidor)

    crescente = _protocolos_da_tela(client.get("/processos/?ordem=prazo").text)
    decrescente = _protocolos_da_tela(client.get("/processos/?ordem=-prazo").text)

    assert crescente == [perto.protocolo, longe.protocolo, sem_prazo.protocolo]
    assert decrescente == [longe.protocolo, perto.protocolo, sem_prazo.protocolo]
    html = client.get("/processos/?ordem=prazo").text
    assert "(vencido)" in html
    assert 'aria-sort="ascending"' in html


FORMULAS = ['=HYPERLINK("http://x","clique")', "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0", "+1"]


@pytest.mark.parametrize("formula", FORMULAS)
def test_celula_que_pareceria_formula_sai_como_texto(client, servidor, origem, formula):
    _processo(1, origem, nome=formula)
    Municipio.objects.filter(pk=origem.pk).update(nome=formula)
    client.force_login(servidor)

    linhas = _csv(client.get("/processos/exportar.csv"))

    assert linhas[1][2] == linhas[1][3] == "'" + formula


def test_deputado_ve_a_lista_mas_nao_exporta(client, deputado, origem):
    """Decisão do Art. 22: vista dos autos, sem exportação."""
    _processo(1, origem)
    client.force_login(deputado)

    assert client.get("/processos/").status_code == 200
    assert "Exportar CSV" not in client.get("/processos/").text
    assert client.get("/processos/exportar.csv").status_code == 403


def test_exportacao_pede_login(client):
    resposta = client.get("/processos/exportar.csv")
    assert resposta.status_code == 302 and "/entrar/" in resposta["Location"]


def test_filtro_invalido_na_exportacao_e_400_com_o_erro_de_cada_criterio(client, servidor, origem):
    _processo(1, origem)
    client.force_login(servidor)

    resposta = client.get("/processos/exportar.csv?ano=abc&municipio=999999")

    assert resposta.status_code == 400
    texto = resposta.content.decode()
    assert "Ano: Informe um número inteiro." in texto
    assert "Município de origem: Faça uma escolha válida." in texto
