"""Seguir um ato da URL ao PDF: quantos arquivos do projeto um leitor abre.

O caminho é o de `praticar_ato`, lido do registro dos atos e das transições, não de uma lista
escrita à mão: a URL e a view (genérica, de todo ato) → o formulário → cada declaração do ato
(achada pela AST em todo módulo do projeto, e conferida contra o registro: nenhuma escapa) →
as guardas (as das fases e as condições e a permissão da transição) → o preparo e o que ele
aplica → a transição → o registro → o construtor do PDF → o template → o que vem depois dos
documentos → os avisos de todo ato. Entram também o serviço que roda os passos
(`praticar_ato`), o registro das declarações e a linha do ato na tabela (`processos.atos`).

Não entram o que esses passos chamam: as regras puras, os modelos, o núcleo de `documentos`
(a emissão e o motor do PDF), as classes base e os decoradores da view — como o Django, eles
se leem uma vez, não a cada ato.

O ato de exemplo: registrar o resultado do plebiscito e emitir o parecer sobre ele (Art. 20
e Art. 11), o caminho que vai da apuração ao PDF do parecer.
"""

import ast
import inspect
import re
import textwrap
from pathlib import Path

from django.urls import URLResolver, get_resolver, resolve, reverse

from processos import extensoes, services
from processos.atos import ATOS, Ato
from processos.models import Processo

RAIZ = Path(__file__).resolve().parent.parent
ATOS_DO_CAMINHO = ("registrar_resultado", "emitir_parecer_resultado")
# 12 arquivos antes dos prazos abertos somados: o último passo de todo ato passou a refazer
# também as somas dos prazos do processo (`instrucao.prazos_abertos`), que um ato pode fechar
# (arquivar, concluir) ou reabrir — um arquivo a mais no caminho de qualquer ato.
LIMITE = 13
PASTAS_FORA = {"tests", ".venv", "migrations", "node_modules"}


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
    """Os templates de PDF que o construtor nomeia (as constantes "pdf/….html")."""
    fonte = inspect.getsource(inspect.unwrap(construtor))
    return {
        f"templates/{no.value}"
        for no in ast.walk(ast.parse(textwrap.dedent(fonte)))
        if isinstance(no, ast.Constant)
        and isinstance(no.value, str)
        and re.fullmatch(r"pdf/[\w/]+\.html", no.value)
    }


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
        "guardas": _arquivos(extensoes.guardas(nome_ato))
        | _arquivos(c for t in transicoes for c in t.conditions)
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


def test_cada_declaracao_do_ato_e_achada_na_fonte():
    """A contagem não esconde uma declaração feita com o nome numa variável."""
    for nome in ATOS_DO_CAMINHO:
        assert len(_declaracoes_na_fonte(nome)) == len(extensoes.declaracoes(nome)), nome


def test_seguir_o_resultado_do_plebiscito_ate_o_pdf_do_parecer_toca_ate_13_arquivos():
    passos: dict[str, set[str]] = {}
    for nome in ATOS_DO_CAMINHO:
        for passo, arquivos in _caminho(nome).items():
            passos.setdefault(passo, set()).update(arquivos)
    arquivos = set().union(*passos.values())

    # Cada passo do caminho foi achado (um passo vazio seria um arquivo escondido).
    vazios = {p for p, a in passos.items() if not a and p != "depois dos documentos"}
    assert not vazios
    assert all((RAIZ / a).is_file() for a in arquivos)
    detalhe = "\n".join(f"{p}: {sorted(a)}" for p, a in passos.items())
    assert len(arquivos) <= LIMITE, f"{len(arquivos)} arquivos:\n{detalhe}"
