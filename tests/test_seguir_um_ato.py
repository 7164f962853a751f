"""Seguir um ato da URL ao PDF: quantos arquivos do projeto um leitor abre, e onde estão.

O caminho é o de `praticar_ato`, lido do registro dos atos e das transições, não de uma lista
escrita à mão: a URL e a view (genérica, de todo ato) → o formulário → cada declaração do ato
(achada pela AST em todo módulo do projeto, e conferida contra o registro: nenhuma escapa) →
as guardas (as das fases; as condições e a permissão da transição) → o preparo e o que ele
aplica → a transição → o registro → o construtor do PDF → o template (onde o carregador do
Django o acha) → o que vem depois dos documentos → os avisos de todo ato. Entram também o
serviço que roda os passos (`praticar_ato`), o registro das declarações e a linha do ato na
tabela (`processos.atos`).

Os arquivos são de dois tipos. Os GENÉRICOS — a URL, a view, o serviço, o registro, a tabela,
as transições e os avisos — são os mesmos para todo ato: lidos uma vez, servem a todos. Os
ESPECÍFICOS — o formulário, a declaração, as guardas da fase, o preparo, o registro, o
construtor e o template do PDF — mudam de um ato para outro, e ficam na fase que declara o ato
(um ato que mais de uma fase declara, como o parecer de mérito com a parte da extinção, tem
os seus nas fases que o declaram, a maioria na dona do formulário).

Não entram o que esses passos chamam: as regras puras, os modelos, as leituras, o núcleo de
`documentos` (a emissão e o motor do PDF), os parciais que o template inclui, as classes base e
os decoradores da view — como o Django, eles se leem uma vez, não a cada ato.

Os atos de exemplo: registrar o resultado do plebiscito e emitir o parecer sobre ele (Art. 20
e Art. 11), o caminho que vai da apuração ao PDF do parecer, em `plebiscito/`; e o parecer de
mérito (Art. 18), em `instrucao/`.
"""

import ast
import inspect
import re
import textwrap
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.urls import URLResolver, get_resolver, resolve, reverse

from processos import extensoes, services
from processos.atos import ATOS, Ato
from processos.models import Processo

RAIZ = Path(__file__).resolve().parent.parent
PASTAS_FORA = {"tests", ".venv", "migrations", "node_modules"}

# O que é de todo ato (os mesmos arquivos qualquer que seja o ato) e o que muda com ele.
GENERICOS = (
    "URL e view",
    "serviço que roda os passos",
    "registro das declarações",
    "linha do ato na tabela",
    "condições e permissão da transição",
    "transição",
    "avisos",
)
ESPECIFICOS = (
    "formulário",
    "declarações",
    "guardas da fase",
    "preparo",
    "registro",
    "construtor do PDF",
    "template",
    "depois dos documentos",
)
# Passos que um ato pode não ter (sem guarda da fase, sem linhas próprias, nada depois do PDF).
OPCIONAIS = {"guardas da fase", "registro", "depois dos documentos"}

# Os caminhos seguidos: os atos, a fase que é dona deles e o limite de arquivos.
# O resultado do plebiscito: 8 genéricos (os avisos de todo ato contam o e-mail e os prazos
# abertos somados) e 4 da fase — o formulário, a declaração, os atos do resultado
# (`plebiscito/resultado.py`: guardas, preparo, registro e construtor) e o template. Eram 13
# com as guardas e o registro em `plebiscito/services.py` e o preparo e o PDF em
# `plebiscito/parecer.py`.
RESULTADO = ("registrar_resultado", "emitir_parecer_resultado")
LIMITE_RESULTADO = 12
# O parecer de mérito: os mesmos 8 genéricos e 7 das fases que o declaram — a instrução (o
# formulário, a declaração, o preparo, o construtor e o template) e a representação (a
# declaração e o preparo da parte da extinção, Art. 10).
MERITO = ("emitir_parecer_merito",)
LIMITE_MERITO = 15
CAMINHOS = [
    pytest.param(RESULTADO, "plebiscito", LIMITE_RESULTADO, id="resultado-do-plebiscito"),
    pytest.param(MERITO, "instrucao", LIMITE_MERITO, id="parecer-de-merito"),
]


def _arquivo(objeto) -> str | None:
    """O arquivo do projeto onde `objeto` (função, classe, fechamento) é definido."""
    objeto = inspect.unwrap(getattr(objeto, "func", objeto))
    caminho = Path(inspect.getsourcefile(objeto)).resolve()
    if RAIZ not in caminho.parents or ".venv" in caminho.parts:
        return None
    return str(caminho.relative_to(RAIZ))


def _arquivos(objetos) -> set[str]:
    return {a for a in map(_arquivo, objetos) if a}


def _declaracoes_na_fonte(nome_ato: str) -> set[str]:
    """Os módulos que chamam `declarar_ato("<nome_ato>", ...)`."""
    achados = set()
    for caminho in RAIZ.rglob("*.py"):
        relativo = caminho.relative_to(RAIZ)
        if PASTAS_FORA & set(relativo.parts):
            continue
        for no in ast.walk(ast.parse(caminho.read_text(encoding="utf-8"))):
            if not isinstance(no, ast.Call) or not no.args:
                continue
            funcao = getattr(no.func, "id", None) or getattr(no.func, "attr", None)
            primeiro = no.args[0]
            if funcao == "declarar_ato" and getattr(primeiro, "value", None) == nome_ato:
                achados.add(str(relativo))
    return achados


def _templates(construtor) -> set[str]:
    """Os arquivos dos templates de PDF que o construtor nomeia (as constantes "pdf/….html"),
    onde o carregador do Django os acha (`templates/` ou a pasta de uma app)."""
    fonte = inspect.getsource(inspect.unwrap(construtor))
    nomes = {
        no.value
        for no in ast.walk(ast.parse(textwrap.dedent(fonte)))
        if isinstance(no, ast.Constant)
        and isinstance(no.value, str)
        and re.fullmatch(r"pdf/[\w/]+\.html", no.value)
    }
    return {str(Path(get_template(nome).origin.name).resolve().relative_to(RAIZ)) for nome in nomes}


def _url_e_view(nome_ato: str) -> set[str]:
    """O módulo das URLs que resolve o endereço do ato e o arquivo da view."""
    slug = ATOS[nome_ato].slug
    rota = resolve(reverse("processos:ato", kwargs={"protocolo": "0001-2026", "slug": slug}))
    urls = {
        str(Path(padrao.urlconf_module.__file__).resolve().relative_to(RAIZ))
        for padrao in get_resolver().url_patterns
        if isinstance(padrao, URLResolver) and padrao.namespace == rota.namespace
    }
    return urls | _arquivos([rota.func])


def _caminho(nome_ato: str) -> dict[str, set[str]]:
    declaracoes = extensoes.declaracoes(nome_ato)
    transicoes = [
        t
        for t in Processo._meta.get_field("estado").get_all_transitions(Processo)
        if t.name == nome_ato
    ]
    documentos = extensoes.documentos_do_ato(nome_ato)
    construtores = (
        [f for f in (documentos.construtor, documentos.emitir) if f] if documentos else []
    )
    return {
        "URL e view": _url_e_view(nome_ato),
        "serviço que roda os passos": _arquivos([services.praticar_ato]),
        "registro das declarações": _arquivos([extensoes.declarar_ato]),
        "linha do ato na tabela": _arquivos([Ato]),
        "formulário": _arquivos([extensoes.formulario(nome_ato)]),
        "declarações": _declaracoes_na_fonte(nome_ato),
        "guardas da fase": _arquivos(extensoes.guardas(nome_ato)),
        "condições e permissão da transição": _arquivos(c for t in transicoes for c in t.conditions)
        | _arquivos(t.permission for t in transicoes if t.permission),
        "preparo": _arquivos(
            f for d in declaracoes for f in (d.preparar, d.aplicar) if f is not None
        ),
        "transição": _arquivos(t.method for t in transicoes),
        "registro": _arquivos(d.registrar for d in declaracoes if d.registrar),
        "construtor do PDF": _arquivos(construtores),
        "template": {t for f in construtores for t in _templates(f)},
        "depois dos documentos": _arquivos(
            d.depois_dos_documentos for d in declaracoes if d.depois_dos_documentos
        ),
        "avisos": _arquivos(extensoes.avisos()),
    }


def _passos(atos: tuple[str, ...]) -> dict[str, set[str]]:
    """Os passos dos atos seguidos juntos (o que um leitor abre ao seguir todos eles)."""
    passos: dict[str, set[str]] = {}
    for nome in atos:
        for passo, arquivos in _caminho(nome).items():
            passos.setdefault(passo, set()).update(arquivos)
    return passos


def _de(passos: dict[str, set[str]], nomes) -> set[str]:
    return set().union(*(passos[p] for p in nomes))


def _fase(arquivo: str) -> str:
    return Path(arquivo).parts[0]


def test_todo_passo_e_generico_ou_especifico():
    """A separação cobre o caminho inteiro: um passo novo tem de dizer de que tipo é."""
    assert sorted(_caminho(RESULTADO[0])) == sorted(GENERICOS + ESPECIFICOS)


@pytest.mark.parametrize("atos", [RESULTADO, MERITO], ids=["resultado", "merito"])
def test_cada_declaracao_do_ato_e_achada_na_fonte(atos):
    """A contagem não esconde uma declaração feita com o nome numa variável."""
    for nome in atos:
        assert len(_declaracoes_na_fonte(nome)) == len(extensoes.declaracoes(nome)), nome


@pytest.mark.parametrize(("atos", "fase", "limite"), CAMINHOS)
def test_seguir_o_ato_ate_o_pdf_toca_ate_o_limite_de_arquivos(atos, fase, limite):
    passos = _passos(atos)
    arquivos = set().union(*passos.values())

    # Cada passo do caminho foi achado (um passo vazio seria um arquivo escondido).
    vazios = {p for p, a in passos.items() if not a and p not in OPCIONAIS}
    assert not vazios
    assert all((RAIZ / a).is_file() for a in arquivos)
    detalhe = "\n".join(f"{p}: {sorted(a)}" for p, a in passos.items())
    assert len(arquivos) <= limite, f"{len(arquivos)} arquivos:\n{detalhe}"


@pytest.mark.parametrize(("atos", "fase", "limite"), CAMINHOS)
def test_os_arquivos_especificos_do_ato_estao_na_fase_que_o_declara(atos, fase, limite):
    passos = _passos(atos)
    especificos = _de(passos, ESPECIFICOS)
    fases_que_declaram = {_fase(a) for a in passos["declarações"]}

    fora = {a for a in especificos if _fase(a) not in fases_que_declaram}
    assert not fora, f"específicos fora das fases que declaram {atos}: {sorted(fora)}"
    # A maioria na fase dona do ato: a do formulário, do construtor e do template do PDF.
    donos = passos["formulário"] | passos["construtor do PDF"] | passos["template"]
    assert {_fase(a) for a in donos} == {fase}
    na_fase = {a for a in especificos if _fase(a) == fase}
    assert len(na_fase) > len(especificos) / 2, sorted(especificos)


def test_os_genericos_sao_os_mesmos_para_todo_ato():
    """O que muda de um ato para outro é só o da fase: os dois caminhos, de fases diferentes,
    abrem os mesmos arquivos genéricos, e nenhum específico de um é do outro."""
    resultado, merito = _passos(RESULTADO), _passos(MERITO)

    assert _de(resultado, GENERICOS) == _de(merito, GENERICOS)
    assert not _de(resultado, ESPECIFICOS) & _de(merito, ESPECIFICOS)
