"""As camadas do código: todo import aponta para baixo, inclusive os de dentro de funções.

O grafo é calculado da árvore sintática (AST) de todo módulo que não é teste nem migração —
`import` e `from … import …` em qualquer lugar do módulo, no topo ou dentro de uma função —,
e cada app é posta numa camada:

    0  emancipacao                      configuração e utilidades do núcleo
    1  requisitos                       regras puras, parâmetros, dados de referência
    2  processos                        o hub: processo, estados, rito, atos, Andamento
    3  documentos                       o núcleo dos arquivos: PDF, emissão, códigos, integridade
    4  representacao, instrucao,        as fases, lado a lado (podem importar-se umas às
       plebiscito, territorio,          outras, desde que sem círculo); `acompanhamento`
       acompanhamento                   (avisos a quem acompanha um processo) lê o hub como
                                        uma fase e nada acima dele
    5  painel, transparencia, lei,      as telas que leem por cima das fases; `operacao`
       operacao                         (cópia de segurança, restauração, sondas) lê o banco
                                        inteiro e os arquivos como elas
    6  demonstracao, bench, ferramentas as ferramentas, que montam processos de ponta a ponta

O `emancipacao.urls` (e o `wsgi`/`asgi`, que carregam tudo) é a raiz que junta as URLs de
todas as apps: fica na camada das ferramentas, por cima de todas.

Falha: um import que sobe de camada e não está em `SUBIDAS_DE_HOJE`; uma entrada de
`SUBIDAS_DE_HOJE` que já não existe (a lista só encolhe: apague-a); um círculo entre apps
fora das subidas conhecidas; mais círculos de módulos que `CIRCULOS_DE_MODULOS`.
"""

import ast
from collections import defaultdict
from pathlib import Path

RAIZ = Path(__file__).resolve().parent.parent

CAMADAS = {
    "emancipacao": 0,
    "requisitos": 1,
    "processos": 2,
    "documentos": 3,
    "representacao": 4,
    "instrucao": 4,
    "plebiscito": 4,
    "territorio": 4,
    "acompanhamento": 4,
    "painel": 5,
    "transparencia": 5,
    "lei": 5,
    "operacao": 5,
    "demonstracao": 6,
    "bench": 6,
    "ferramentas": 6,
}
# Módulos do pacote do projeto que montam tudo: ficam acima de todas as apps.
RAIZES = {"emancipacao.urls": 6, "emancipacao.wsgi": 6, "emancipacao.asgi": 6}

# Os imports que hoje sobem de camada, (módulo que importa, módulo importado): "o porquê".
# A lista só encolhe: um import novo que sobe falha, e uma entrada que deixou de existir
# também (apague-a). Vazia desde que documentos deixou de importar as fases e o hub deixou de
# importar documentos (eram 6: a varredura de integridade com os modelos da instrução e da
# representação, a validação pública com a transparência, e o hub com a emissão e os anexos).
SUBIDAS_DE_HOJE: dict[tuple[str, str], str] = {}

# Círculos de módulos (componentes fortemente conexos com mais de um módulo), contando os
# imports de dentro de funções. Só pode diminuir. Eram 4; hoje: o PDF com o seu motor, e os
# modelos de documentos com o submódulo das assinaturas (o pacote importa o submódulo, que
# importa do pacote). As certidões deixaram de importar a situação dos ofícios: a resposta da
# página, tirada das linhas já lidas, é ligada pela situação dos ofícios (`na_pagina`).
CIRCULOS_DE_MODULOS = 2

# Apps presas num círculo, com todas as arestas (eram 6: documentos, instrucao, plebiscito,
# processos, representacao e transparencia). Só pode diminuir.
APPS_EM_CIRCULO = 0


def _modulos() -> dict[str, Path]:
    modulos = {}
    for app in CAMADAS:
        pasta = RAIZ / app
        if not pasta.is_dir():
            continue
        for caminho in pasta.rglob("*.py"):
            partes = caminho.relative_to(RAIZ).with_suffix("").parts
            if "migrations" in partes:
                continue
            if partes[-1] == "__init__":
                partes = partes[:-1]
            modulos[".".join(partes)] = caminho
    return modulos


def templates_do_projeto() -> dict[str, Path]:
    """Os modelos do projeto pelo nome com que o Django os acha (`pdf/oficio.html`): os
    comuns, em `templates/`, e os de uma app, em `<app>/templates/` (o PDF do ato na fase que
    o declara). Um nome repetido vale pelo primeiro, como no carregador (`templates/` antes)."""
    pastas = [RAIZ / "templates", *(RAIZ / app / "templates" for app in CAMADAS)]
    achados: dict[str, Path] = {}
    for pasta in filter(Path.is_dir, pastas):
        for caminho in sorted(pasta.rglob("*.html")):
            achados.setdefault(str(caminho.relative_to(pasta)), caminho)
    return achados


def _resolver(nome: str, modulos: dict[str, Path]) -> str | None:
    """`processos.models.Processo` → `processos.models`: o módulo mais longo que existe."""
    while nome and nome not in modulos:
        nome = nome.rpartition(".")[0]
    return nome or None


def _imports(nome: str, caminho: Path, modulos: dict[str, Path]) -> set[str]:
    pacote = nome if caminho.name == "__init__.py" else nome.rpartition(".")[0]
    alvos: set[str] = set()
    for no in ast.walk(ast.parse(caminho.read_text(encoding="utf-8"))):
        if isinstance(no, ast.Import):
            candidatos = [a.name for a in no.names]
        elif isinstance(no, ast.ImportFrom):
            base = no.module or ""
            if no.level:
                partes = pacote.split(".")[: len(pacote.split(".")) - (no.level - 1)]
                base = ".".join(partes + ([no.module] if no.module else []))
            # `from pacote import modulo` importa o submódulo; `from modulo import nome`, o módulo.
            candidatos = [f"{base}.{a.name}" for a in no.names] + [base]
        else:
            continue
        for candidato in candidatos:
            alvo = _resolver(candidato, modulos)
            if alvo and alvo != nome:
                alvos.add(alvo)
                break
    return alvos


def grafo() -> dict[str, set[str]]:
    modulos = _modulos()
    return {nome: _imports(nome, caminho, modulos) for nome, caminho in modulos.items()}


def app(modulo: str) -> str:
    """A app do módulo; a raiz que junta as URLs conta como um vértice à parte."""
    for raiz in RAIZES:
        if modulo == raiz or modulo.startswith(raiz + "."):
            return raiz
    return modulo.split(".")[0]


def camada(modulo: str) -> int:
    nome = app(modulo)
    return RAIZES[nome] if nome in RAIZES else CAMADAS[nome]


def subidas(arestas: dict[str, set[str]]) -> set[tuple[str, str]]:
    return {
        (de, para) for de, alvos in arestas.items() for para in alvos if camada(para) > camada(de)
    }


def componentes(arestas: dict[str, set[str]]) -> list[set[str]]:
    """Os componentes fortemente conexos com mais de um vértice (Tarjan, iterativo)."""
    indice: dict[str, int] = {}
    menor: dict[str, int] = {}
    pilha: list[str] = []
    na_pilha: set[str] = set()
    resultado = []
    contador = 0
    vertices = set(arestas) | {v for alvos in arestas.values() for v in alvos}
    for inicio in sorted(vertices):
        if inicio in indice:
            continue
        trabalho = [(inicio, iter(sorted(arestas.get(inicio, ()))))]
        indice[inicio] = menor[inicio] = contador
        contador += 1
        pilha.append(inicio)
        na_pilha.add(inicio)
        while trabalho:
            vertice, filhos = trabalho[-1]
            avancou = False
            for filho in filhos:
                if filho not in indice:
                    indice[filho] = menor[filho] = contador
                    contador += 1
                    pilha.append(filho)
                    na_pilha.add(filho)
                    trabalho.append((filho, iter(sorted(arestas.get(filho, ())))))
                    avancou = True
                    break
                if filho in na_pilha:
                    menor[vertice] = min(menor[vertice], indice[filho])
            if avancou:
                continue
            trabalho.pop()
            if trabalho:
                menor[trabalho[-1][0]] = min(menor[trabalho[-1][0]], menor[vertice])
            if menor[vertice] == indice[vertice]:
                componente = set()
                while True:
                    v = pilha.pop()
                    na_pilha.discard(v)
                    componente.add(v)
                    if v == vertice:
                        break
                if len(componente) > 1:
                    resultado.append(componente)
    return resultado


def grafo_de_apps(arestas: dict[str, set[str]], ignorar=frozenset()) -> dict[str, set[str]]:
    apps: dict[str, set[str]] = defaultdict(set)
    for de, alvos in arestas.items():
        for para in alvos:
            if (de, para) in ignorar:
                continue
            if app(de) != app(para):
                apps[app(de)].add(app(para))
    return apps


def test_toda_app_existente_tem_camada():
    apps = {
        p.name
        for p in RAIZ.iterdir()
        if (p / "__init__.py").is_file() and p.name not in ("tests",) and not p.name.startswith(".")
    }
    assert apps - set(CAMADAS) == set()


def test_o_grafo_ve_imports_de_dentro_de_funcoes(tmp_path):
    """O leitor do grafo não pode perder o import preguiçoso: é por ele que os círculos
    se escondem."""
    caminho = tmp_path / "modulo.py"
    caminho.write_text(
        "def f():\n    from documentos.emissao import emitir\n"
        "    from . import forms\n    import requisitos.models\n"
    )
    modulos = _modulos()
    assert _imports("processos.modulo", caminho, modulos) == {
        "documentos.emissao",
        "processos.forms",
        "requisitos.models",
    }


def test_a_regra_pega_a_subida_e_o_circulo():
    """A própria regra, num grafo de mentira: o hub que importa documentos sobe; a fase que
    importa o hub desce; a ida e volta entre duas fases é um círculo."""
    arestas = {
        "processos.services": {"documentos.emissao"},
        "plebiscito.services": {"processos.models"},
        "instrucao.a": {"representacao.b"},
        "representacao.b": {"instrucao.a"},
    }
    assert subidas(arestas) == {("processos.services", "documentos.emissao")}
    assert componentes(grafo_de_apps(arestas)) == [{"instrucao", "representacao"}]


def test_nenhum_import_novo_sobe_de_camada():
    novas = sorted(subidas(grafo()) - set(SUBIDAS_DE_HOJE))
    assert novas == [], "imports que sobem de camada: " + ", ".join(f"{a} → {b}" for a, b in novas)


def test_a_lista_de_subidas_so_encolhe():
    resolvidas = sorted(set(SUBIDAS_DE_HOJE) - subidas(grafo()))
    assert resolvidas == [], "já não sobem; apague de SUBIDAS_DE_HOJE: " + ", ".join(
        f"{a} → {b}" for a, b in resolvidas
    )


def test_nenhum_circulo_entre_apps_fora_das_subidas_conhecidas():
    circulos = componentes(grafo_de_apps(grafo(), ignorar=frozenset(SUBIDAS_DE_HOJE)))
    assert circulos == []


def test_circulos_entre_apps_com_as_subidas_de_hoje():
    """Com as subidas conhecidas, os círculos que elas fecham entre apps (só encolhem)."""
    circulos = componentes(grafo_de_apps(grafo()))
    assert sum(len(c) for c in circulos) <= APPS_EM_CIRCULO, [sorted(c) for c in circulos]


def test_circulos_de_modulos_nao_aumentam():
    circulos = componentes(grafo())
    assert len(circulos) <= CIRCULOS_DE_MODULOS, [sorted(c) for c in circulos]


def test_nenhum_nome_privado_importado_de_outra_app():
    """Um nome com "_" é do módulo que o define: outra app que precisa dele pede o nome
    público (p.ex. `processos.campos.campo_texto`, `processos.papeis.exigir_leitor`)."""
    modulos = _modulos()
    privados = []
    for nome, caminho in modulos.items():
        for no in ast.walk(ast.parse(caminho.read_text(encoding="utf-8"))):
            if isinstance(no, ast.ImportFrom) and no.module and not no.level:
                origem = _resolver(no.module, modulos)
                if origem and app(origem) != app(nome):
                    privados += [
                        f"{nome} ← {no.module}.{a.name}"
                        for a in no.names
                        if a.name.startswith("_") and not a.name.startswith("__")
                    ]
    assert privados == []
