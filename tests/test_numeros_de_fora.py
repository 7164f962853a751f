"""Nenhum número de fora segura o servidor: expoentes enormes, NaN, Infinity, -0 e literais
de um milhão de algarismos, mandados a todo parâmetro numérico de todo endpoint, dão um 4xx
rápido (nas páginas HTML, também o 200 com o erro no campo). Os alvos não são listados à mão:

- na API, cada parâmetro e cada campo do corpo JSON que o esquema OpenAPI diz numérico;
- nas páginas, cada rota do URLconf (com um processo de cada tipo, cada ato e cada ofício)
  e, nela, cada formulário com campo numérico (`type=number`, `inputmode` numérico, ou um
  campo oculto com um número);
- os números inteiros da própria URL (`<int:...>`) de cada rota (404, ou 405 na que só
  aceita POST);
- e, pelas classes, que todo campo numérico de formulário, filtro e corpo da API é um dos de
  `emancipacao.numeros` — a conferência antes da conversão.

O limite de 2 s é folgado de propósito: guarda contra o travamento (o "-1e999999" custava
90 s), não mede desempenho (as medidas ficam em bench/).
"""

import json
import re
import time
from html.parser import HTMLParser

import django_filters
import pytest
from django import forms
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework import serializers

from emancipacao import numeros
from processos.atos import POR_SLUG
from tests.processos.construtores import processo_no_estado, protocolar

LIMITE_SEGUNDOS = 2
MILHAO = "1" + "0" * 1_000_000
TEXTOS_HOSTIS = ["1e999999", "-1e999999", "NaN", "-Infinity", "-0", MILHAO]
LITERAIS_JSON_HOSTIS = [
    "1e999999",
    "-1e999999",
    "1e300000",
    "NaN",
    "Infinity",
    "-0",
    "-0.0",
    MILHAO,
    '"1e999999"',
    '"NaN"',
    '"-0"',
    f'"{MILHAO}"',
]
ALGARISMOS_HOSTIS = ["9" * 4000, "9" * 1_000_000]
MARCAS_DE_ERRO = ("is-invalid", "errorlist", "invalid-feedback", "alert-danger")


def _medir(chamada, *args, **kwargs):
    """A resposta e o tempo; acima do limite, mede de novo e fica com o menor (a máquina
    ocupada por outros atrasa uma vez; o número que trava atrasa sempre)."""
    tempos = []
    for _ in range(2):
        inicio = time.perf_counter()
        resposta = chamada(*args, **kwargs)
        tempos.append(time.perf_counter() - inicio)
        if tempos[-1] < LIMITE_SEGUNDOS:
            break
    return resposta, min(tempos)


@pytest.fixture
def sem_limite_de_uso(settings):
    settings.SIMULADOR_LIMITE = "1000000/m"


# --- API: do esquema OpenAPI -----------------------------------------------------------------


def _esquema(client) -> dict:
    return client.get("/api/schema/?format=json").json()


def _resolver(esquema: dict, no: dict) -> dict:
    while "$ref" in no:
        no = esquema["components"]["schemas"][no["$ref"].rsplit("/", 1)[1]]
    if len(no.get("allOf", ())) == 1:
        return _resolver(esquema, no["allOf"][0]) | {k: v for k, v in no.items() if k != "allOf"}
    return no


def _numerico(esquema: dict, no: dict) -> bool:
    no = _resolver(esquema, no)
    alternativas = no.get("oneOf", []) + no.get("anyOf", [])
    return no.get("type") in ("integer", "number") or any(
        _numerico(esquema, a) for a in alternativas
    )


def _folhas_numericas(esquema: dict, no: dict, caminho=()):
    """O caminho (chaves e índices) de cada número dentro do corpo descrito por `no`."""
    no = _resolver(esquema, no)
    if _numerico(esquema, no):
        yield caminho
    elif no.get("type") == "array":
        yield from _folhas_numericas(esquema, no["items"], (*caminho, 0))
    for nome, filho in no.get("properties", {}).items():
        yield from _folhas_numericas(esquema, filho, (*caminho, nome))


MARCA = "@@numero-hostil@@"


def _corpo(caminho) -> str:
    raiz: dict | list = {}
    atual = raiz
    for chave, seguinte in zip(caminho, (*caminho[1:], None), strict=True):
        filho = MARCA if seguinte is None else ([] if isinstance(seguinte, int) else {})
        if isinstance(atual, list):
            atual.append(filho)
        else:
            atual[chave] = filho
        atual = filho
    return json.dumps(raiz)


def _alvos_da_api(client) -> list[tuple[str, str, str, object]]:
    """(método, caminho, onde, nome ou caminho no corpo) de cada número que a API recebe."""
    esquema = _esquema(client)
    alvos = []
    for caminho, operacoes in esquema["paths"].items():
        for metodo, operacao in operacoes.items():
            for parametro in operacao.get("parameters", []):
                if parametro["in"] == "query" and _numerico(esquema, parametro["schema"]):
                    alvos.append((metodo, caminho, "query", parametro["name"]))
            conteudo = operacao.get("requestBody", {}).get("content", {})
            if "application/json" in conteudo:
                for folha in _folhas_numericas(esquema, conteudo["application/json"]["schema"]):
                    alvos.append((metodo, caminho, "corpo", folha))
    return alvos


@pytest.mark.django_db
def test_a_api_recebe_numeros_em_todos_os_lugares_que_o_esquema_diz(client):
    alvos = _alvos_da_api(client)
    por_lugar = {(caminho, str(onde)) for _, caminho, _, onde in alvos}
    # O teste enxerga o que deve: se a lista encolher, a leitura do esquema quebrou.
    assert ("/api/v1/processos/", "ano") in por_lugar
    assert ("/api/v1/simulacoes/criacao-distrito/", "('habitacoes_sede',)") in por_lugar
    assert ("/api/v1/simulacoes/plebiscito/", "('unidades', 0, 'inscritos')") in por_lugar
    assert ("/api/v1/simulacoes/criacao-municipio/", "('remanescentes', 0, 'codigo_ibge')") in (
        por_lugar
    )
    assert ("/api/v1/simulacoes/revisao-limites/", "('area_total_km2',)") in por_lugar


@pytest.mark.django_db
def test_numero_hostil_em_todo_numero_da_api_da_4xx_rapido(client, sem_limite_de_uso):
    lentos, aceitos = [], []
    for metodo, caminho, onde, alvo in _alvos_da_api(client):
        hostis = TEXTOS_HOSTIS if onde == "query" else LITERAIS_JSON_HOSTIS
        for hostil in hostis:
            if onde == "query":
                resposta, segundos = _medir(client.get, caminho, {alvo: hostil})
            else:
                corpo = _corpo(alvo).replace(f'"{MARCA}"', hostil)
                enviar = getattr(client, metodo)
                resposta, segundos = _medir(enviar, caminho, corpo, "application/json")
            rotulo = f"{metodo.upper()} {caminho} {alvo} = {hostil[:20]}"
            if segundos >= LIMITE_SEGUNDOS:
                lentos.append(f"{rotulo}: {segundos:.1f} s")
            if not 400 <= resposta.status_code < 500:
                aceitos.append(f"{rotulo}: {resposta.status_code}")
    assert lentos == [] and aceitos == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("caminho", "corpo"),
    [
        ("/api/v1/simulacoes/criacao-distrito/", '{"habitacoes_sede": 1e300000, "populacao": 1}'),
        ("/api/v1/simulacoes/criacao-distrito/", '{"habitacoes_sede": 1e999999, "populacao": 1}'),
        ("/api/v1/simulacoes/plebiscito/", '{"unidades": [{"inscritos": -1e999999}]}'),
    ],
)
def test_as_reproducoes_dos_simuladores_dao_400_no_campo(client, caminho, corpo):
    resposta, segundos = _medir(client.post, caminho, corpo, "application/json")

    assert resposta.status_code == 400 and segundos < LIMITE_SEGUNDOS
    assert "Número longo demais" in resposta.content.decode()


# --- páginas: do URLconf ---------------------------------------------------------------------


class _Formularios(HTMLParser):
    """Os formulários da página: método, destino e os campos com o valor que o navegador
    enviaria (o escolhido de cada select, as caixas marcadas)."""

    def __init__(self):
        super().__init__()
        self.formularios: list[dict] = []
        self._select = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            metodo = a.get("method", "get").lower()
            self.formularios.append(
                {"metodo": metodo, "destino": a.get("action", ""), "campos": {}}
            )
        if not self.formularios or not a.get("name"):
            return
        campos = self.formularios[-1]["campos"]
        if tag == "input" and a.get("type") not in ("submit", "file", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                campos.setdefault(a["name"], None)
                return
            campos[a["name"]] = {"valor": a.get("value", ""), **a}
        elif tag == "textarea":
            campos[a["name"]] = {"valor": "texto", **a}
        elif tag == "select":
            self._select = a["name"]
            campos[a["name"]] = {"valor": ""}

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def _numerico_na_tela(campo: dict) -> bool:
    return campo.get("type") == "number" or campo.get("inputmode") in ("numeric", "decimal")


def _oculto_com_numero(nome: str, campo: dict) -> bool:
    # Os da gerência do formset (TOTAL_FORMS...) são do Django e não chegam a campo nenhum.
    gerencia = nome.endswith(("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS"))
    return (
        campo.get("type") == "hidden"
        and not gerencia
        and bool(re.fullmatch(r"[0-9]+", campo["valor"]))
    )


def _rotas(resolver=None, prefixo=""):
    for padrao in (resolver or get_resolver()).url_patterns:
        rota = prefixo + str(padrao.pattern)
        if isinstance(padrao, URLResolver):
            yield from _rotas(padrao, rota)
        elif isinstance(padrao, URLPattern):
            yield rota, padrao


@pytest.fixture
def cenario(db, operador, sem_limite_de_uso):
    """Um processo de cada forma que muda os formulários: criação com ofícios em aberto e
    com certidões, alteração de nome (Câmara) e extinção (eleitorado)."""
    aberto = processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False
    )
    respondido = processo_no_estado(operador, "criacao", "aguardando_parecer_merito")
    outros = [
        protocolar(operador, tipo="alteracao_nome", nome="Nova Aurora", sede="Nova Aurora"),
        processo_no_estado(operador, "extincao", "protocolada"),
    ]
    return {"processos": [aberto, respondido, *outros], "atos": [aberto]}


def _enderecos(rota: str, cenario) -> list[str]:
    """A rota com cada valor que o cenário tem para os seus conversores (nenhum, se faltar)."""
    partes = re.findall(r"<(?:(\w+):)?(\w+)>", rota)
    if not partes:
        return ["/" + rota]
    enderecos = []
    processos = cenario["atos"] if "ato" in dict(partes) else cenario["processos"]
    for processo in processos:
        valores = {"protocolo": processo.slug}
        valores["pk"] = [o.pk for o in processo.oficios.all()] if "oficios/" in rota else []
        for slug in POR_SLUG if "<ato:slug>" in rota else [None]:
            for pk in valores["pk"] or [None]:
                endereco = rota.replace("<protocolo:protocolo>", processo.slug)
                endereco = endereco.replace("<ato:slug>", slug or "").replace("<int:pk>", str(pk))
                if "<" not in endereco and "None" not in endereco:
                    enderecos.append("/" + endereco)
    return enderecos


def _enviar(client, endereco: str, formulario: dict, dados: dict):
    destino = formulario["destino"] or endereco
    return _medir(client.post if formulario["metodo"] == "post" else client.get, destino, dados)


def _recusado(resposta) -> bool:
    if 400 <= resposta.status_code < 500:
        return True
    html = resposta.content.decode(errors="replace") if resposta.status_code == 200 else ""
    return any(marca in html for marca in MARCAS_DE_ERRO)


def _tentativas(formulario: dict):
    """Os dados de cada envio: todos os números visíveis de uma vez com cada valor hostil, e
    cada número oculto sozinho."""
    campos = {n: c for n, c in formulario["campos"].items() if c is not None}
    base = {n: c["valor"] for n, c in campos.items()}
    visiveis = [n for n, c in campos.items() if _numerico_na_tela(c)]
    ocultos = [n for n, c in campos.items() if _oculto_com_numero(n, c)]
    for hostil in TEXTOS_HOSTIS:
        if visiveis:
            yield visiveis, base | dict.fromkeys(visiveis, hostil)
        for nome in ocultos:
            yield [nome], base | {nome: hostil}


@pytest.mark.django_db
def test_numero_hostil_em_todo_formulario_de_toda_pagina_e_recusado_rapido(
    client, operador, cenario
):
    client.force_login(operador)
    lentos, aceitos, formularios = [], [], 0
    for rota, _ in _rotas():
        if rota.startswith(("admin/", "api/")):
            continue
        for endereco in _enderecos(rota, cenario):
            pagina = client.get(endereco)
            if pagina.status_code != 200 or "html" not in pagina.get("Content-Type", ""):
                continue
            leitor = _Formularios()
            leitor.feed(pagina.content.decode())
            for formulario in leitor.formularios:
                for campos, dados in _tentativas(formulario):
                    formularios += 1
                    resposta, segundos = _enviar(client, endereco, formulario, dados)
                    rotulo = f"{endereco} {campos} = {dados[campos[0]][:20]}"
                    if segundos >= LIMITE_SEGUNDOS:
                        lentos.append(f"{rotulo}: {segundos:.1f} s")
                    if not _recusado(resposta):
                        aceitos.append(f"{rotulo}: {resposta.status_code}")
    assert formularios > 100  # simuladores, filtros, atos, certidões, representação
    assert lentos == [] and aceitos == []


@pytest.mark.django_db
def test_inteiro_hostil_na_propria_url_da_4xx_rapido(client, operador, cenario):
    client.force_login(operador)
    processo = cenario["processos"][0]
    lentos, outros = [], []
    for rota, _ in _rotas():
        if "<int:" not in rota:
            continue
        base = rota.replace("<protocolo:protocolo>", processo.slug)
        for algarismos in ALGARISMOS_HOSTIS:
            endereco = "/" + re.sub(r"<int:\w+>", algarismos, base)
            resposta, segundos = _medir(client.get, endereco)
            if segundos >= LIMITE_SEGUNDOS:
                lentos.append(f"{rota} {len(algarismos)} algarismos: {segundos:.1f} s")
            if not 400 <= resposta.status_code < 500:
                outros.append(f"{rota} {len(algarismos)} algarismos: {resposta.status_code}")
    assert lentos == [] and outros == []


# --- pelas classes: todo campo numérico de entrada é um dos de emancipacao.numeros ------------


def _subclasses(classe):
    for sub in classe.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _do_projeto(classe) -> bool:
    return not classe.__module__.startswith(("django", "rest_framework", "drf_", "tests."))


NUMERICOS_DE_FORMULARIO = (forms.IntegerField, forms.DecimalField, forms.FloatField)


def test_todo_campo_numerico_de_formulario_e_filtro_confere_antes_de_converter():
    fora = []
    for classe in filter(_do_projeto, _subclasses(forms.BaseForm)):
        for nome, campo in classe.base_fields.items():
            centrais = (numeros.CampoInteiro, numeros.CampoDecimal)
            if isinstance(campo, NUMERICOS_DE_FORMULARIO) and not isinstance(campo, centrais):
                fora.append(f"{classe.__module__}.{classe.__name__}.{nome}")
    for classe in filter(_do_projeto, _subclasses(django_filters.FilterSet)):
        for nome, filtro in classe.base_filters.items():
            if isinstance(filtro, django_filters.NumberFilter) and not isinstance(
                filtro, numeros.FiltroInteiro
            ):
                fora.append(f"{classe.__module__}.{classe.__name__}.{nome}")
    assert fora == []


def _serializadores_de_entrada(client) -> set[str]:
    esquema = _esquema(client)
    nomes = set()
    for operacoes in esquema["paths"].values():
        for operacao in operacoes.values():
            conteudo = operacao.get("requestBody", {}).get("content", {})
            for tipo in conteudo.values():
                nomes.add(tipo["schema"]["$ref"].rsplit("/", 1)[1])
    return nomes


NUMERICOS_DA_API = (serializers.IntegerField, serializers.DecimalField, serializers.FloatField)
CENTRAIS_DA_API = (numeros.InteiroJSON, numeros.DecimalJSON)


def _campos_numericos_fora(serializador, prefixo: str):
    for nome, campo in serializador.fields.items():
        if isinstance(campo, serializers.ListField):
            campo = campo.child
        if isinstance(campo, serializers.ListSerializer):
            campo = campo.child
        if isinstance(campo, serializers.Serializer):
            yield from _campos_numericos_fora(campo, f"{prefixo}.{nome}")
        elif isinstance(campo, NUMERICOS_DA_API) and not isinstance(campo, CENTRAIS_DA_API):
            yield f"{prefixo}.{nome}"


@pytest.mark.django_db
def test_todo_numero_do_corpo_da_api_confere_antes_de_converter(client):
    entradas = _serializadores_de_entrada(client)
    classes = {c.__name__: c for c in _subclasses(serializers.Serializer) if _do_projeto(c)}

    assert entradas and entradas <= set(classes)
    fora = [f for nome in sorted(entradas) for f in _campos_numericos_fora(classes[nome](), nome)]
    assert fora == []
