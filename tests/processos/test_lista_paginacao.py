"""A lista escolhe a página pelos ids (junção adiada, índice percorrido de trás para
a frente da metade em diante, ordem pelo prazo em duas partes). O que a tela mostra não muda:
as páginas, lidas em sequência, são a lista inteira na ordem escolhida, sem repetir nem
pular processos, e a contagem "N processos" é a dos filtros."""

from datetime import timedelta

import pytest
from django.utils import timezone

from instrucao.prazos_abertos import recalcular_todos
from painel import prazos
from painel.views import POR_PAGINA
from processos.estados import Estado
from processos.models import FormaEncaminhamento, Processo
from requisitos.models import Municipio
from tests.processos.construtores import PASSADO
from tests.processos.paginas_da_lista import protocolos, todas_as_paginas

TOTAL = 2 * POR_PAGINA + 23  # três páginas, a última incompleta
NOMES = ["Aurora", "Boa Vista", "Canarana Nova", "Esperança"]


@pytest.fixture
def municipios(db):
    return {
        "sorriso": Municipio.objects.create(codigo_ibge=5107925, nome="Sorriso"),
        "esperanca": Municipio.objects.create(codigo_ibge=5101837, nome="Boa Esperança do Norte"),
    }


@pytest.fixture
def processos(municipios, servidor):
    """TOTAL processos de dois anos, com nomes repetidos (a ordem pelo nome desempata pelo
    protocolo); os de número múltiplo de 7 vêm de Boa Esperança do Norte e os de número
    múltiplo de 40 têm ofício com prazo aberto, vencendo em dias diferentes."""
    hoje = timezone.localdate()
    Oficio = Processo._meta.get_field("oficios").related_model
    criados = Processo.objects.bulk_create(
        [
            Processo(
                numero=i,
                ano=2025 + i % 2,
                tipo="criacao",
                estado=Estado.AGUARDANDO_CERTIDOES if i % 40 == 0 else Estado.EM_INSTRUCAO,
                nome_proposto=f"{NOMES[i % 4]} {i % 5}",
                sede_proposta=f"{NOMES[i % 4]} {i % 5}",
                forma_encaminhamento=FormaEncaminhamento.COMUNIDADE,
                data_leitura_expediente=PASSADO,
            )
            for i in range(1, TOTAL + 1)
        ]
    )
    Origem = Processo.municipios_origem.through
    Origem.objects.bulk_create(
        [
            Origem(
                processo_id=p.pk,
                municipio_id=municipios["esperanca" if p.numero % 7 == 0 else "sorriso"].pk,
            )
            for p in criados
        ]
    )
    # Gravadas direto no banco: os nomes das origens copiados para a busca, como o ato faria.
    Processo.objects.all().guardar_nomes_das_origens()
    for p in criados:
        if p.numero % 40 == 0:
            vencimento = hoje + timedelta(days=p.numero % 3)
            Oficio.objects.create(
                processo=p,
                orgao="tre",
                incisos="II",
                numero=f"{p.numero}tre/{p.ano}-CRT",
                enviado_em=vencimento - timedelta(days=32),
                recebido_em=vencimento - timedelta(days=30),
                vencimento=vencimento,
                criado_por=servidor,
            )
    recalcular_todos()  # gravados sem os atos, que somam os prazos abertos
    return criados


def _na_ordem(*ordem) -> list[str]:
    consulta = prazos.para_listagem()
    return [p.protocolo for p in (consulta.order_by(*ordem) if ordem else consulta)]


@pytest.mark.parametrize(
    ("parametro", "ordem"),
    [
        ("", ()),
        ("ordem=numero", ("ano", "numero")),
        ("ordem=-nome", ("-nome_proposto", "-ano", "-numero")),
    ],
)
def test_paginas_em_sequencia_sao_a_lista_inteira_na_ordem_escolhida(
    client, servidor, processos, parametro, ordem
):
    client.force_login(servidor)

    vistos = todas_as_paginas(client, parametro)

    assert len(vistos) == TOTAL
    assert vistos == _na_ordem(*ordem)


def test_ultima_pagina_mostra_os_mais_antigos_na_ordem_da_tela(client, servidor, processos):
    client.force_login(servidor)

    html = client.get("/processos/?pagina=3").text

    assert "Página 3 de 3" in html
    # Os 23 protocolos mais antigos (os pares são de 2025), do mais novo ao mais antigo.
    assert protocolos(html) == _na_ordem("-ano", "-numero")[-23:]
    assert protocolos(html)[-1] == "0002/2025"


@pytest.mark.parametrize("sinal", ["", "-"])
def test_ordem_pelo_prazo_poe_os_com_prazo_aberto_antes_em_todas_as_paginas(
    client, servidor, processos, sinal
):
    """Três processos têm prazo aberto: a primeira página junta as duas partes da ordem."""
    client.force_login(servidor)
    hoje = timezone.localdate()
    prazo = {f"{n:04d}/{2025 + n % 2}": hoje + timedelta(days=n % 3) for n in (40, 80, 120)}

    vistos = todas_as_paginas(client, f"ordem={sinal}prazo")

    com_prazo = sorted(prazo, key=lambda p: (p[-4:], p[:4]), reverse=True)  # protocolo desc
    com_prazo.sort(key=prazo.get, reverse=sinal == "-")
    sem_prazo = [p for p in _na_ordem("-ano", "-numero") if p not in prazo]
    assert vistos == com_prazo + sem_prazo


def test_busca_pelo_nome_do_municipio_de_origem_acha_o_processo(client, servidor, processos):
    """Nenhum nome proposto tem "Norte": os achados vêm todos da origem (Boa Esperança do
    Norte), uma vez cada, com a contagem certa."""
    client.force_login(servidor)
    de_esperanca = sorted(
        (p for p in processos if p.numero % 7 == 0), key=lambda p: (-p.ano, -p.numero)
    )

    html = client.get("/processos/", {"q": "do norte"}).text

    assert protocolos(html) == [p.protocolo for p in de_esperanca]
    assert f"{len(de_esperanca)} processos" in html


def test_contagem_e_a_dos_filtros_combinados(client, servidor, processos):
    """ "Esperança" no nome (números 3, 7, 11...) ou na origem (múltiplos de 7), só de 2026."""
    client.force_login(servidor)
    esperados = {
        p.protocolo for p in processos if p.ano == 2026 and (p.numero % 4 == 3 or p.numero % 7 == 0)
    }

    html = client.get("/processos/", {"q": "esperança", "ano": 2026}).text

    assert f"{len(esperados)} processos" in html
    assert set(todas_as_paginas(client, "q=esperan%C3%A7a&ano=2026")) == esperados
