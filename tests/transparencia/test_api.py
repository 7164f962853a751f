"""API de dados abertos dos processos: lista com os critérios do portal e páginas, o detalhe
com os campos públicos, o ETag do conteúdo com 304, e toda entrada ruim com 400/404/405 em
JSON pt-BR no formato do esquema (`{"detail": ...}`) — nunca 500."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from processos.models import Processo
from requisitos.models import Municipio
from tests.processos.construtores import (
    HOJE,
    praticar,
    processo_no_estado,
    protocolar,
    recarregar,
)
from tests.transparencia.conftest import documento
from transparencia import serializers

LISTA = "/api/v1/processos/"


def numeros(resposta) -> list[str]:
    assert resposta.status_code == 200, resposta.content
    return [p["numero"] for p in resposta.json()["resultados"]]


@pytest.fixture
def tres(operador):
    """Três processos: dois de Sorriso (criação e alteração de nome), um de Tapurah."""
    tapurah = Municipio.objects.create(codigo_ibge=5107958, nome="Tapurah")
    a = protocolar(operador, nome="Vila Serena do Xingu")
    b = protocolar(operador, tipo="alteracao_nome", nome="Nova Aurora", sede="Nova Aurora")
    c = protocolar(operador, nome="Itanhangá", municipios=[tapurah])
    praticar(b, operador, "baixar_em_diligencia")
    Processo.objects.filter(pk=c.pk).update(ano=2019)
    return recarregar(a), recarregar(b), recarregar(c)


# --- lista ---------------------------------------------------------------------------------


def test_lista_traz_os_campos_publicos_de_cada_processo(client, tres):
    a, _, _ = tres

    corpo = client.get(LISTA).json()

    item = next(p for p in corpo["resultados"] if p["numero"] == a.slug)
    assert corpo["total"] == 3 and corpo["pagina"] == 1 and corpo["paginas"] == 1
    assert item["protocolo"] == a.protocolo
    assert item["titulo"] == "Criação do Município de Vila Serena do Xingu"
    assert item["tipo"] == {"codigo": "criacao", "rotulo": "Criação de município"}
    assert item["estado"] == {"codigo": "protocolada", "rotulo": "Protocolada"}
    assert item["municipios_origem"] == [{"codigo_ibge": 5107925, "nome": "Sorriso"}]
    assert item["url"] == f"http://testserver/api/v1/processos/{a.slug}/"
    assert item["url_portal"] == f"http://testserver/portal/processos/{a.slug}/"
    # Nada do que o portal não mostra: sede, resumo, representantes, autor.
    for interno in ("sede_proposta", "resumo", "representantes", "deputado_autor"):
        assert interno not in item


@pytest.mark.parametrize(
    ("consulta", "esperados"),
    [
        ("q=Serena", "a"),
        ("q=Tapurah", "c"),  # pelo nome do município de origem
        ("tipo=alteracao_nome", "b"),
        ("estado=em_diligencia", "b"),
        ("municipio=5107958", "c"),  # código IBGE
        ("ano=2019", "c"),
        ("tipo=criacao&municipio=5107925", "a"),
    ],
)
def test_cada_filtro_da_lista(client, tres, consulta, esperados):
    por_letra = dict(zip("abc", tres, strict=True))

    achados = numeros(client.get(f"{LISTA}?{consulta}"))

    assert achados == [por_letra[letra].slug for letra in esperados]


def test_busca_pelo_numero_do_protocolo(client, tres):
    a, _, _ = tres

    assert numeros(client.get(f"{LISTA}?q={a.protocolo}")) == [a.slug]


def test_a_busca_nao_procura_no_que_e_interno(client, operador):
    processo = protocolar(operador)
    Processo.objects.filter(pk=processo.pk).update(resumo="palavra-secreta-do-resumo")

    assert numeros(client.get(f"{LISTA}?q=palavra-secreta-do-resumo")) == []


def test_ordem(client, tres):
    a, b, c = tres

    assert numeros(client.get(f"{LISTA}?ordem=nome")) == [c.slug, b.slug, a.slug]
    assert numeros(client.get(f"{LISTA}?ordem=-nome")) == [a.slug, b.slug, c.slug]
    # Padrão: mais recentes primeiro (ano, número).
    assert numeros(client.get(LISTA)) == [b.slug, a.slug, c.slug]


def test_paginas_com_anterior_e_proxima(client, tres):
    b_a = numeros(client.get(LISTA))

    um = client.get(f"{LISTA}?por_pagina=2&ordem=-numero").json()
    dois = client.get(um["proxima"]).json()

    assert (um["total"], um["paginas"], um["por_pagina"], um["anterior"]) == (3, 2, 2, None)
    assert len(um["resultados"]) == 2 and len(dois["resultados"]) == 1
    assert dois["pagina"] == 2 and dois["proxima"] is None
    assert "pagina=1" in dois["anterior"]
    assert {p["numero"] for p in um["resultados"] + dois["resultados"]} == set(b_a)


def test_lista_vazia_e_200_com_uma_pagina(client, db):
    corpo = client.get(LISTA).json()

    assert (corpo["total"], corpo["paginas"], corpo["resultados"]) == (0, 1, [])


def consultas_da_api(client, url) -> list[str]:
    """As consultas da resposta, sem as do contador do limite de uso (cache no banco)."""
    with CaptureQueriesContext(connection) as consultas:
        assert client.get(url).status_code == 200
    return [
        q["sql"]
        for q in consultas.captured_queries
        if "emancipacao_cache" not in q["sql"] and "SAVEPOINT" not in q["sql"]
    ]


def test_consultas_ao_banco_nao_crescem_com_o_numero_de_processos(client, operador):
    protocolar(operador)
    com_um = consultas_da_api(client, LISTA)
    for i in range(6):
        protocolar(operador, nome=f"Distrito {i}")

    # Total e última movimentação; a página; os municípios da página.
    assert len(consultas_da_api(client, LISTA)) == len(com_um) == 3


def test_consultas_do_detalhe_nao_crescem_com_andamentos_e_documentos(client, operador):
    processo = protocolar(operador)
    url = f"{LISTA}{processo.slug}/"
    poucas = consultas_da_api(client, url)
    for _ in range(3):
        praticar(processo, operador, "baixar_em_diligencia")
        praticar(processo, operador, "receber_na_crt")
        documento(processo, "parecer_preliminar")

    assert len(consultas_da_api(client, url)) == len(poucas)


# --- detalhe -------------------------------------------------------------------------------


def test_detalhe_com_linha_do_tempo_documentos_decreto_e_lei(client, operador):
    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")
    praticar(processo, operador, "publicar_decreto")
    Processo.objects.filter(pk=processo.pk).update(estado="aguardando_sancao")
    praticar(processo, operador, "registrar_lei")
    parecer = documento(processo, "parecer_preliminar", "Parecer preliminar")
    oficio = documento(processo, "oficio", "Ofício interno")

    corpo = client.get(f"{LISTA}{processo.slug}/").json()

    assert corpo["numero"] == processo.slug and corpo["estado"]["codigo"] == "concluido"
    assert corpo["decreto_legislativo"] == {
        "numero": "2.944",
        "data_aprovacao": HOJE.isoformat(),
        "data_diario_oficial": HOJE.isoformat(),
    }
    assert corpo["lei"]["numero"] == "12.345" and corpo["lei"]["data_sancao"] == HOJE.isoformat()
    linha = corpo["linha_do_tempo"]
    assert linha[0]["ato"] == {"codigo": "registrar_lei", "rotulo": "Registrar lei"}
    assert linha[0]["estado"]["codigo"] == "concluido"
    assert set(linha[0]) == {"data", "ato", "estado"}  # sem justificativa, dados nem nomes
    assert linha[-1]["ato"]["codigo"] == "protocolar"
    (doc,) = corpo["documentos"]
    assert doc["codigo_verificacao"] == parecer.codigo and doc["liberado_em"] is None
    assert doc["url"] == f"http://testserver/portal/documentos/{parecer.codigo}/"
    assert doc["url_validacao"] == f"http://testserver/validar/?codigo={parecer.codigo}"
    assert oficio.codigo not in str(corpo)
    assert corpo["detalhes_liberados"] is None and corpo["plebiscito"] is None


def test_detalhe_traz_o_resultado_do_plebiscito_registrado(client, operador):
    processo = processo_no_estado(operador, "criacao", "resultado_em_analise")

    plebiscito = client.get(f"{LISTA}{processo.slug}/").json()["plebiscito"]

    # Tabocão/TO 2018: aprovado pelas três regras; ainda sem parecer: prévia.
    assert plebiscito["aprovado"] is True and plebiscito["definitivo"] is False
    assert plebiscito["totais"]["sim"] == 1561 and plebiscito["totais"]["inscritos"] == 2719
    assert plebiscito["regra"] == "lc23_literal"
    assert len(plebiscito["leituras"]) == 3


def test_as_chaves_da_resposta_sao_as_do_esquema(client, operador):
    processo = processo_no_estado(operador, "criacao", "resultado_em_analise")
    documento(processo, "parecer_preliminar")

    corpo = client.get(f"{LISTA}{processo.slug}/").json()
    lista = client.get(LISTA).json()

    assert set(corpo) == set(serializers.ProcessoDetalhe().fields)
    assert set(corpo["documentos"][0]) == set(serializers.Documento().fields)
    assert set(corpo["plebiscito"]) == set(serializers.Plebiscito().fields)
    assert set(lista) == set(serializers.ListaProcessos().fields)
    assert set(lista["resultados"][0]) == set(serializers.ProcessoResumo().fields)


def test_pagina_publica_mostra_decreto_e_lei(client, operador):
    processo = processo_no_estado(operador, "criacao", "pdl_em_tramitacao")
    praticar(processo, operador, "publicar_decreto")
    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()
    assert "Decreto Legislativo nº 2.944" in html and "Lei nº" not in html
    Processo.objects.filter(pk=processo.pk).update(estado="aguardando_sancao")
    praticar(processo, operador, "registrar_lei")

    html = client.get(f"/portal/processos/{processo.slug}/").content.decode()

    assert "Decreto Legislativo nº 2.944" in html and "Lei nº 12.345" in html


# --- ETag ----------------------------------------------------------------------------------


def test_detalhe_responde_304_ao_etag_e_200_depois_de_um_ato(client, operador):
    processo = protocolar(operador)
    url = f"{LISTA}{processo.slug}/"
    etag = client.get(url)["ETag"]

    repetida = client.get(url, HTTP_IF_NONE_MATCH=etag)
    praticar(processo, operador, "baixar_em_diligencia")
    depois = client.get(url, HTTP_IF_NONE_MATCH=etag)

    assert repetida.status_code == 304 and repetida.content == b""
    assert repetida["ETag"] == etag
    assert depois.status_code == 200 and depois["ETag"] != etag
    assert depois.json()["estado"]["codigo"] == "em_diligencia"


@pytest.mark.parametrize("url", ["lista", "detalhe"])
def test_municipio_renomeado_no_cadastro_muda_o_etag_sem_ato(client, operador, url):
    processo = protocolar(operador)
    url = LISTA if url == "lista" else f"{LISTA}{processo.slug}/"
    etag = client.get(url)["ETag"]

    Municipio.objects.filter(codigo_ibge=5107925).update(nome="Sorriso do Norte")
    depois = client.get(url, HTTP_IF_NONE_MATCH=etag)

    assert depois.status_code == 200 and depois["ETag"] != etag
    assert "Sorriso do Norte" in depois.content.decode()


def test_a_validacao_e_pelo_etag_sem_last_modified(client, operador):
    """A data do último ato não diz quando o cadastro de referência mudou: sem ela, um
    `If-Modified-Since` não devolve um 304 com o nome antigo."""
    processo = protocolar(operador)
    resposta = client.get(f"{LISTA}{processo.slug}/")

    assert "Last-Modified" not in resposta
    por_data = client.get(
        f"{LISTA}{processo.slug}/", HTTP_IF_MODIFIED_SINCE="Fri, 01 Jan 2100 00:00:00 GMT"
    )
    assert por_data.status_code == 200


def test_lista_responde_304_enquanto_nada_muda_e_o_etag_depende_dos_filtros(client, operador):
    protocolar(operador)
    etag = client.get(LISTA)["ETag"]

    assert client.get(LISTA, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(f"{LISTA}?tipo=fusao", HTTP_IF_NONE_MATCH=etag).status_code == 200
    protocolar(operador, nome="Outro")
    assert client.get(LISTA, HTTP_IF_NONE_MATCH=etag).status_code == 200


# --- entrada ruim: 400/404/405 em JSON pt-BR -------------------------------------------------


@pytest.mark.parametrize(
    ("caminho", "status", "trecho"),
    [
        ("9999-2026/", 404, "Processo 9999-2026 não encontrado."),
        ("abc/", 400, "Número de processo inválido"),
        ("1-2026/", 400, "Número de processo inválido"),
        ("0001-26/", 400, "Número de processo inválido"),
        ("?foo=1", 400, "Parâmetro desconhecido: foo."),
        ("?pagina=0", 400, "“pagina” deve ser um número inteiro"),
        ("?pagina=abc", 400, "“pagina” deve ser um número inteiro"),
        ("?pagina=²", 400, "“pagina” deve ser um número inteiro"),
        ("?pagina=" + "9" * 4000, 400, "“pagina” deve ser um número inteiro"),
        ("?pagina=-1e999999", 400, "“pagina” deve ser um número inteiro"),
        ("?pagina=99", 404, "A página 99 não existe: a consulta tem 1 página."),
        ("?por_pagina=101", 400, "de 1 a 100"),
        ("?tipo=a&tipo=b", 400, "Parâmetro repetido: tipo."),
        ("?q=" + "x" * 4100, 400, "A consulta passa de 4.096 caracteres."),
        ("?q=", 400, "Parâmetro vazio: q."),
        ("?ano=&tipo=", 400, "Parâmetro vazio: ano, tipo."),
    ],
)
def test_entrada_ruim_responde_em_json_pt_br(client, db, caminho, status, trecho):
    resposta = client.get(LISTA + caminho)

    assert resposta.status_code == status
    assert resposta["Content-Type"].startswith("application/json")
    assert trecho in resposta.json()["detail"]


@pytest.mark.parametrize(
    ("consulta", "mensagem"),
    [
        ("tipo=xyz", "Tipo: Faça uma escolha válida."),
        ("estado=voando", "Estado: Faça uma escolha válida."),
        ("municipio=123", "Município de origem: Certifique-se que este valor seja maior ou igual"),
        ("ano=dois-mil", "Ano: Informe um número inteiro."),
        ("ano=0.5", "Ano: Informe um número inteiro. Este campo não aceita casas decimais."),
        ("ano=-1e999999", "Ano: Escreva o número com todos os dígitos, sem expoente"),
        ("ano=1987", "Ano: Certifique-se que este valor seja maior ou igual a 1988."),
        ("ano=NaN", "Ano: NaN e Infinity não são aceitos"),
        ("ano=-0", "Ano: “-0” não é aceito"),
        ("ordem=senha", "Ordenar por: Faça uma escolha válida."),
        ("q=" + "x" * 201, "Busca: use no máximo 200 caracteres."),
    ],
)
def test_filtro_invalido_responde_400_no_formato_do_esquema(client, db, consulta, mensagem):
    resposta = client.get(f"{LISTA}?{consulta}")

    assert resposta.status_code == 400
    assert list(resposta.json()) == ["detail"]
    assert mensagem in resposta.json()["detail"]


def test_municipio_sem_cadastro_nao_acha_processo(client, tres):
    assert numeros(client.get(f"{LISTA}?municipio=5100000")) == []


def test_detalhe_nao_aceita_parametros(client, operador):
    processo = protocolar(operador)

    resposta = client.get(f"{LISTA}{processo.slug}/?tipo=criacao")

    assert resposta.status_code == 400
    assert resposta.json()["detail"] == "Parâmetro desconhecido: tipo. Aceitos: nenhum."


def test_caractere_nulo_na_consulta_e_400_em_json(client, db):
    resposta = client.get(f"{LISTA}?q=%00")

    assert resposta.status_code == 400 and "caractere nulo" in resposta.json()["detail"]


@pytest.mark.parametrize("metodo", ["post", "put", "patch", "delete"])
def test_somente_leitura_outros_metodos_405(client, operador, metodo):
    processo = protocolar(operador)

    for url in (LISTA, f"{LISTA}{processo.slug}/"):
        resposta = getattr(client, metodo)(url, {}, content_type="application/json")
        assert resposta.status_code == 405
        assert "não é permitido" in resposta.json()["detail"]
    assert Processo.objects.count() == 1


def test_limite_de_uso_responde_429_com_espera(client, db, settings):
    settings.SIMULADOR_LIMITE = "2/m"

    respostas = [client.get(LISTA, REMOTE_ADDR="10.9.0.1") for _ in range(3)]

    assert [r.status_code for r in respostas] == [200, 200, 429]
    assert 1 <= int(respostas[2]["Retry-After"]) <= 60
    assert "Aguarde um minuto" in respostas[2].json()["detail"]


# --- esquema e documentação ------------------------------------------------------------------


def test_esquema_openapi_descreve_a_lista_e_o_detalhe(client, db):
    esquema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()

    lista = esquema["paths"]["/api/v1/processos/"]
    detalhe = esquema["paths"]["/api/v1/processos/{numero}/"]
    assert set(lista) == {"get"} and set(detalhe) == {"get"}
    assert {p["name"] for p in lista["get"]["parameters"]} >= {
        "q",
        "tipo",
        "estado",
        "municipio",
        "ano",
        "ordem",
        "pagina",
    }
    assert {"200", "304", "400", "404", "429"} <= set(detalhe["get"]["responses"])


def test_pagina_da_documentacao_em_pt_br_com_link_para_o_site(client, db):
    html = client.get("/api/docs/").content.decode()

    assert '<html lang="pt-BR">' in html
    assert "Documentação da API de dados abertos" in html
    assert 'href="/portal/"' in html and 'href="/"' in html
    assert "<style>" not in html  # CSP: nenhum estilo embutido
