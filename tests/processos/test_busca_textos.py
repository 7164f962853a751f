"""A busca por texto da lista interna (issues 13 e 26): por palavras em qualquer ordem, sem
acento nem caixa; nome, sede, resumo e os nomes dos municípios de origem numa coluna gerada
só, com um índice de trigramas no PostgreSQL (migrações processos 0020 e 0021)."""

import re

import pytest
from django.db import connection

from processos import busca
from processos.models import FormaEncaminhamento, Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO


def _processo(numero: int, nome: str, sede: str = "Sede", resumo: str = "") -> Processo:
    return Processo.objects.create(
        numero=numero,
        ano=2026,
        tipo="criacao",
        estado="protocolada",
        nome_proposto=nome,
        sede_proposta=sede,
        resumo=resumo,
        forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
        data_leitura_expediente=PASSADO,
    )


def _achados(client, termo: str) -> tuple[list[str], str]:
    html = client.get("/processos/", {"q": termo}).content.decode()
    return re.findall(
        r'<td[^>]*><a href="/processos/\d{4}-\d{4}/">(\d{4}/\d{4})</a></td>', html
    ), html


@pytest.fixture
def textos(db):
    _processo(1, "Nova Esperança", sede="Vila Leste")
    _processo(2, "Bom Jardim", sede="Nova Esperança do Sul")
    _processo(3, "Campo Alto", resumo="Distrito às margens do rio, antiga Esperança")
    _processo(4, "Serra Azul", sede="Leste", resumo="São Miguel")


@pytest.mark.django_db
def test_o_termo_e_achado_em_cada_campo(client, servidor, textos):
    client.force_login(servidor)

    achados, html = _achados(client, "esperança")

    assert achados == ["0003/2026", "0002/2026", "0001/2026"]
    assert "3 processos" in html


@pytest.mark.django_db
def test_as_palavras_em_qualquer_ordem_e_em_campos_diferentes(client, servidor, textos):
    """Cada palavra tem de estar em algum campo: "Leste São" acha o 4 (a sede termina em
    "Leste" e o resumo começa com "São"), "Leste Azul" também; "Leste Norte" não acha nada."""
    client.force_login(servidor)

    assert _achados(client, "Leste São")[0] == ["0004/2026"]
    assert _achados(client, "azul LESTE")[0] == ["0004/2026"]
    assert _achados(client, "Leste Norte")[0] == []
    assert _achados(client, "Azul")[0] == ["0004/2026"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("termo", "esperados"),
    [
        ("esperanca", ["0003/2026", "0002/2026", "0001/2026"]),
        ("ESPERANÇA", ["0003/2026", "0002/2026", "0001/2026"]),
        ("sao miguel", ["0004/2026"]),
        ("miguel sao", ["0004/2026"]),
        ("nova   esperanca sul", ["0002/2026"]),
        ("às", ["0003/2026"]),
    ],
)
def test_sem_acento_nem_caixa(client, servidor, textos, termo, esperados):
    client.force_login(servidor)

    assert _achados(client, termo)[0] == esperados


@pytest.mark.django_db
def test_palavra_curta_so_no_comeco_de_uma_palavra(client, servidor, textos):
    """ "do" acha "do Sul" e "margens do rio", não "Condor"; "15" não acha "2015"."""
    _processo(5, "Condor Velho", resumo="Ano 2015")
    client.force_login(servidor)

    assert _achados(client, "do")[0] == ["0003/2026", "0002/2026"]
    assert _achados(client, "15")[0] == []
    assert _achados(client, "2015")[0] == ["0005/2026"]


@pytest.mark.django_db
def test_texto_municipio_e_protocolo_juntos(client, servidor, textos):
    """O mesmo termo acha pelo texto, pelo município de origem e pelo número do protocolo."""
    origem = Municipio.objects.create(codigo_ibge=5100001, nome="Três Esperanças")
    Processo.objects.get(numero=4).municipios_origem.add(origem)
    _processo(25, "Esperança")
    client.force_login(servidor)

    assert _achados(client, "esperança")[0] == [
        "0025/2026",
        "0004/2026",
        "0003/2026",
        "0002/2026",
        "0001/2026",
    ]
    assert _achados(client, "esperanças")[0] == ["0004/2026"]
    assert _achados(client, "4/2026")[0] == ["0004/2026"]


@pytest.mark.django_db
@pytest.mark.so_postgresql
def test_a_busca_usa_o_indice_de_trigramas(textos):
    """A busca interna procura na coluna gerada, com o índice de trigramas da migração
    `0020_busca_texto_guardado`: sem ele o PostgreSQL volta a ler a tabela inteira."""
    consulta = Processo.objects.filter(busca.palavra_em("texto_da_busca", "ESPERANCA"))
    sql, parametros = consulta.order_by().values("pk").query.sql_with_params()
    with connection.cursor() as cursor:
        # Com quatro processos a tabela inteira é mais barata que qualquer índice: desligadas
        # as leituras da tabela e dos índices B-tree, só o índice de trigramas (por bitmap)
        # responde à condição — se a expressão dele for a da busca.
        for tipo in ("seqscan", "indexscan", "indexonlyscan"):
            cursor.execute(f"SET LOCAL enable_{tipo} = off")
        cursor.execute(f"EXPLAIN {sql}", parametros)
        plano = "\n".join(linha for (linha,) in cursor.fetchall())

    assert "processo_texto_da_busca_trgm" in plano


@pytest.mark.django_db
def test_o_nome_novo_de_um_municipio_de_origem_acha_e_o_antigo_nao(client, servidor, textos):
    """Os nomes das origens ficam copiados no processo para a busca
    (`Processo.nomes_das_origens`); nenhum ato renomeia um município — o admin e o
    `carregar_municipios` salvam o município, e a cópia é refeita na hora."""
    origem = Municipio.objects.create(codigo_ibge=5100002, nome="Ribeirão Antigo")
    Processo.objects.get(numero=1).municipios_origem.add(origem)
    client.force_login(servidor)
    assert _achados(client, "ribeirao antigo")[0] == ["0001/2026"]

    origem.nome = "Águas Novas"
    origem.save()

    assert _achados(client, "ribeirao")[0] == []
    assert _achados(client, "aguas novas")[0] == ["0001/2026"]
    assert Processo.objects.get(numero=1).nomes_das_origens == "Águas Novas"


@pytest.mark.django_db
def test_origens_ligadas_e_desligadas_pelos_dois_lados(client, servidor, textos):
    """A cópia acompanha a ligação mudada do lado do processo ou do município."""
    primeira = Municipio.objects.create(codigo_ibge=5100003, nome="Cotriguaçu")
    segunda = Municipio.objects.create(codigo_ibge=5100004, nome="Araputanga")
    dois, tres = Processo.objects.get(numero=2), Processo.objects.get(numero=3)
    dois.municipios_origem.set([segunda, primeira])
    primeira.processos.add(tres)
    client.force_login(servidor)

    assert _achados(client, "cotriguacu")[0] == ["0003/2026", "0002/2026"]
    assert _achados(client, "araputanga cotriguacu")[0] == ["0002/2026"]
    assert Processo.objects.get(numero=2).nomes_das_origens == "Araputanga, Cotriguaçu"

    dois.municipios_origem.remove(segunda)
    primeira.processos.clear()

    assert _achados(client, "cotriguacu")[0] == []
    assert _achados(client, "araputanga")[0] == []


@pytest.mark.django_db(transaction=True)
def test_a_migracao_preenche_os_nomes_das_origens_dos_processos_existentes(client, servidor):
    """`0021_busca_nomes_das_origens`: os processos que já existiam passam a ser achados pelo
    nome da origem (a coluna é criada vazia e preenchida da relação)."""
    from django.db.migrations.executor import MigrationExecutor

    processo = _processo(7, "Campo Largo")
    processo.municipios_origem.add(
        Municipio.objects.create(codigo_ibge=5100005, nome="Poconé"),
        Municipio.objects.create(codigo_ibge=5100006, nome="Barão de Melgaço"),
    )
    executor = MigrationExecutor(connection)
    executor.migrate([("processos", "0020_busca_texto_guardado")])
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    processo.refresh_from_db()
    assert processo.nomes_das_origens == "Barão de Melgaço, Poconé"
    client.force_login(servidor)
    assert _achados(client, "pocone melgaco")[0] == ["0007/2026"]
