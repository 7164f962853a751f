"""O que um ato grava no `Andamento.dados` é lido pela app que o grava, e só por ela.

Quem calcula uma parte do ato devolve um resultado tipado (`como_dados()`, a forma gravada) e
define a função que o lê de volta (`de_andamento`, `parecer_gravado`…); outra app que precisa
do que ficou gravado importa essa função — nunca cava `andamento.dados["<chave>"]`, que
quebraria em silêncio no dia em que a chave mudasse de nome ou de forma.

Como se detecta, pela árvore sintática (AST) de todo módulo que não é teste nem migração:

- a app ESCREVE a chave `k` quando `dados["k"] = …` (um nome `dados` ou um atributo
  `.dados`), quando `dados.update({"k": …})` ou `dados |= {"k": …}`, ou quando `k` é chave
  de primeiro nível de um dict literal dentro de um `como_dados` (o resultado tipado; uma
  chave que é constante do módulo, `CAMPO: …`, vale pelo seu texto);
- a app LÊ a chave quando `dados["k"]`, `dados.get("k")` ou `dados.pop("k")`;
- as ENTRADAS do ato — os campos declarados nos formulários (atributos de classe de uma
  classe `…Form`) — não contam: são o que quem pratica o ato digitou, lido pelas partes do
  ato de todas as fases (a conclusão do parecer, a data da sessão).

Os modelos de página também leem: `{{ dados.k }}` num template conta como leitura das apps
que o renderizam — as que citam o caminho dele (`"pdf/pl.html"`) num módulo, e, num
`{% include %}` ou `{% extends %}`, as do template que o inclui.

Falha: uma app lê uma chave que só outra app escreve. Não há exceções: a última, a avaliação
do Art. 2º na página do processo, o hub pede à instrução pelo registro
(`extensoes.ler("avaliacao_art2", …)`). O que a detecção não vê: a chave escrita por um dict
passado pronto a `dados=` e a lida por outro nome (`d = andamento.dados; d["k"]`,
`{% with d=andamento.dados %}`).

E o preparo não escreve chave no `dados` por fora do seu resultado tipado: numa função com a
assinatura do `preparar` de um ato, `(processo, dados, …)` — o preparo declarado e as partes
que ele chama com os mesmos dados —, `dados["k"] = …`, `dados.update(…)`,
`dados.setdefault(…)` e `dados |= …` falham; o que vai ao Andamento sai do `como_dados()`.
Tirar um campo do formulário (`dados.pop`) pode: é o que o resultado substitui. A
convenção do nome é o que torna a regra exata: a mesma escrita noutras funções (o `clean`
dos formulários, o `como_dict` do veredito, os bytes de um PNG) não é do Andamento, e uma
regra por todo `dados` acusaria todas elas.
"""

import ast
import re
from collections import defaultdict

from tests.test_camadas import _modulos, app, templates_do_projeto

LEITURA_NO_TEMPLATE = re.compile(r"\bdados\.(\w+)")
INCLUSAO = re.compile(r"""{%\s*(?:include|extends)\s+["']([^"']+)["']""")


def _eh_dados(no) -> bool:
    return (isinstance(no, ast.Name) and no.id == "dados") or (
        isinstance(no, ast.Attribute) and no.attr == "dados"
    )


def _texto(no, constantes: dict[str, str]) -> str | None:
    if isinstance(no, ast.Constant) and isinstance(no.value, str):
        return no.value
    if isinstance(no, ast.Name):
        return constantes.get(no.id)
    return None


def _constantes(arvore: ast.Module) -> dict[str, str]:
    """`CAMPO = "edicao_malha"` no topo do módulo: o texto da chave escrita por nome."""
    return {
        alvo.id: no.value.value
        for no in arvore.body
        if isinstance(no, ast.Assign)
        and isinstance(no.value, ast.Constant)
        and isinstance(no.value.value, str)
        for alvo in no.targets
        if isinstance(alvo, ast.Name)
    }


def _chaves_de_primeiro_nivel(funcao: ast.FunctionDef, constantes) -> set[str]:
    aninhados = {
        id(valor)
        for no in ast.walk(funcao)
        if isinstance(no, ast.Dict)
        for valor in no.values
        if isinstance(valor, ast.Dict)
    }
    return {
        chave
        for no in ast.walk(funcao)
        if isinstance(no, ast.Dict) and id(no) not in aninhados
        for k in no.keys
        if k is not None and (chave := _texto(k, constantes)) is not None
    }


def _campos_de_formulario(arvore: ast.Module) -> set[str]:
    campos = set()
    for classe in ast.walk(arvore):
        if not isinstance(classe, ast.ClassDef) or not classe.name.endswith("Form"):
            continue
        for no in classe.body:
            if isinstance(no, ast.Assign) and isinstance(no.value, ast.Call):
                campos |= {a.id for a in no.targets if isinstance(a, ast.Name)}
    return campos


def ler_modulo(codigo: str):
    """(escritas, leituras, entradas) de um módulo: as chaves, as leituras com a linha."""
    arvore = ast.parse(codigo)
    constantes = _constantes(arvore)
    escritas: set[str] = set()
    leituras: list[tuple[str, int]] = []
    for no in ast.walk(arvore):
        if isinstance(no, ast.FunctionDef) and no.name == "como_dados":
            escritas |= _chaves_de_primeiro_nivel(no, constantes)
        elif isinstance(no, ast.Subscript) and _eh_dados(no.value):
            chave = _texto(no.slice, constantes)
            if chave is None:
                continue
            if isinstance(no.ctx, ast.Store):
                escritas.add(chave)
            else:
                leituras.append((chave, no.lineno))
        elif isinstance(no, ast.AugAssign) and _eh_dados(no.target):
            if isinstance(no.value, ast.Dict):
                escritas |= {c for k in no.value.keys if k and (c := _texto(k, constantes))}
        elif (
            isinstance(no, ast.Call)
            and isinstance(no.func, ast.Attribute)
            and _eh_dados(no.func.value)
            and no.args
        ):
            if no.func.attr in ("get", "pop") and (chave := _texto(no.args[0], constantes)):
                leituras.append((chave, no.lineno))
            elif no.func.attr == "update" and isinstance(no.args[0], ast.Dict):
                escritas |= {c for k in no.args[0].keys if k and (c := _texto(k, constantes))}
    return escritas, leituras, _campos_de_formulario(arvore)


def _eh_preparo(funcao) -> bool:
    return [a.arg for a in funcao.args.args][:2] == ["processo", "dados"]


def _nome_dados(no) -> bool:
    return isinstance(no, ast.Name) and no.id == "dados"


def _escreve_em_dados(no) -> bool:
    if isinstance(no, ast.Subscript) and isinstance(no.ctx, ast.Store):
        return _nome_dados(no.value)
    if isinstance(no, ast.AugAssign):
        return _nome_dados(no.target)
    return (
        isinstance(no, ast.Call)
        and isinstance(no.func, ast.Attribute)
        and no.func.attr in ("update", "setdefault")
        and _nome_dados(no.func.value)
    )


def escritas_diretas(modulos: dict[str, str]) -> list[tuple[str, str]]:
    """(função, onde) de cada escrita direta de chave no `dados` de um preparo."""
    return sorted(
        (funcao.name, f"{nome}:{no.lineno}")
        for nome, codigo in modulos.items()
        for funcao in ast.walk(ast.parse(codigo))
        if isinstance(funcao, ast.FunctionDef) and _eh_preparo(funcao)
        for no in ast.walk(funcao)
        if _escreve_em_dados(no)
    )


def _cita(codigo: str, caminho: str) -> bool:
    return f'"{caminho}"' in codigo or f"'{caminho}'" in codigo


def leituras_nos_templates(
    modulos: dict[str, str], templates: dict[str, str]
) -> list[tuple[str, str, str]]:
    """(app que renderiza, chave, template) de cada `dados.k` lido num template;
    `templates` é {caminho relativo: texto}."""
    apps: dict[str, set[str]] = {
        caminho: {app(nome) for nome, codigo in modulos.items() if _cita(codigo, caminho)}
        for caminho in templates
    }
    # As apps de quem inclui (ou estende) passam ao incluído, até nada mudar.
    mudou = True
    while mudou:
        mudou = False
        for caminho, texto in templates.items():
            for incluido in INCLUSAO.findall(texto):
                if incluido in apps and not apps[caminho] <= apps[incluido]:
                    apps[incluido] |= apps[caminho]
                    mudou = True
    return [
        (leitora, chave, caminho)
        for caminho, texto in templates.items()
        for chave in LEITURA_NO_TEMPLATE.findall(texto)
        for leitora in apps[caminho]
    ]


def leituras_cruzadas(
    modulos: dict[str, str], templates: dict[str, str] | None = None
) -> set[tuple[str, str, str]]:
    """(app que lê, chave, onde) de cada chave lida numa app e escrita só por outras;
    `modulos` é {nome do módulo: código}, `templates` {caminho relativo: texto}."""
    quem_escreve: dict[str, set[str]] = defaultdict(set)
    entradas: set[str] = set()
    todas = leituras_nos_templates(modulos, templates or {})
    for nome, codigo in modulos.items():
        escritas, leituras, campos = ler_modulo(codigo)
        for chave in escritas:
            quem_escreve[chave].add(app(nome))
        entradas |= campos
        todas += [(app(nome), chave, f"{nome}:{linha}") for chave, linha in leituras]
    return {
        (leitora, chave, onde)
        for leitora, chave, onde in todas
        if quem_escreve.get(chave) and leitora not in quem_escreve[chave] and chave not in entradas
    }


def _codigo_do_projeto() -> dict[str, str]:
    return {nome: caminho.read_text(encoding="utf-8") for nome, caminho in _modulos().items()}


def _do_projeto() -> set[tuple[str, str, str]]:
    return leituras_cruzadas(
        _codigo_do_projeto(),
        {
            nome: caminho.read_text(encoding="utf-8")
            for nome, caminho in templates_do_projeto().items()
        },
    )


def test_a_regra_pega_a_chave_lida_por_outra_app():
    """A regra num projeto de mentira: o PDF da instrução que cava a chave gravada pelo
    preparo da representação é pego, no código e no template que ele renderiza (e no que
    este inclui); o que lê pela função da fase, a app que lê o que ela mesma grava e o campo
    do formulário lido por todas as partes do ato, não."""
    modulos = {
        "representacao.extincao": (
            "class ExtincaoNoPl:\n"
            "    def como_dados(self):\n"
            "        return {'extincao': {'fundamento': self.f}}\n"
            "def preparar(processo, dados):\n"
            "    dados['mapas_art15'] = []\n"
            "    dados |= {'certidao_ibge': []}\n"
            "    if dados.get('conclusao') == 'favoravel': pass\n"
        ),
        "representacao.atos": "def registrar(andamento):\n    andamento.dados['mapas_art15']\n",
        "instrucao.documentos": (
            "def pl(andamento):\n"
            "    extincao = andamento.dados.get('extincao')\n"
            "    fundamento = ExtincaoNoPl.de_andamento(andamento).extincao['fundamento']\n"
            "    conclusao = andamento.dados.get('conclusao')\n"
            "    return render('pdf/pl.html')\n"
        ),
        "processos.forms": "class ParecerForm(AtoForm):\n    conclusao = forms.ChoiceField()\n",
    }
    templates = {
        "pdf/pl.html": "{{ dados.conclusao }}{% include 'pdf/_mapas.html' %}",
        "pdf/_mapas.html": "{% for m in dados.mapas_art15 %}{{ m.nome }}{% endfor %}",
        "pdf/_sem_quem_renderize.html": "{{ dados.certidao_ibge }}",
    }
    assert sorted(leituras_cruzadas(modulos, templates)) == [
        ("instrucao", "extincao", "instrucao.documentos:2"),
        ("instrucao", "mapas_art15", "pdf/_mapas.html"),
    ]


def test_nenhuma_app_le_a_chave_que_outra_app_gravou():
    cruzadas = sorted(_do_projeto())
    assert cruzadas == [], "leia pela função da app que grava: " + ", ".join(
        f"{onde} lê {chave!r}" for _, chave, onde in cruzadas
    )


def test_a_regra_pega_o_preparo_que_escreve_a_chave_por_fora_do_tipo():
    """Num projeto de mentira: o preparo que escreve a chave direto (por índice, `update`,
    `setdefault` ou `|=`, também na parte que ele chama com os mesmos dados) é pego; o que
    só tira o campo do formulário e devolve o resultado tipado, e a mesma escrita fora de
    um preparo (o `clean` do formulário, o `como_dados` do tipo), não."""
    modulos = {
        "territorio.adocao": (
            "def preparar(processo, dados):\n"
            "    texto = dados.pop('texto_do_memorial')\n"
            "    dados['versao_do_memorial'] = '2'\n"
            "    _resumos(processo, dados)\n"
            "    return Adocao(texto)\n"
            "def _resumos(processo, dados, mapa=None):\n"
            "    dados.update({'sha256_do_mapa': mapa})\n"
            "    dados.setdefault('memorial_editado', 'Não')\n"
            "    dados |= {'mapa_do_memorial': mapa}\n"
        ),
        "instrucao.parecer": (
            "class Avaliacao:\n"
            "    def como_dados(self):\n"
            "        dados = {'certidoes_art2': self.certidoes}\n"
            "        dados['avaliacao_art2'] = self.veredito\n"
            "        return dados\n"
            "def preparar_parecer(processo, dados):\n"
            "    dados.pop('certidoes_vistas', None)\n"
            "    return Avaliacao(dados.get('conclusao'))\n"
        ),
        "instrucao.forms": (
            "class ParecerForm(AtoForm):\n"
            "    def clean(self):\n"
            "        dados = super().clean()\n"
            "        dados['conclusao'] = ''\n"
        ),
    }
    assert escritas_diretas(modulos) == [
        ("_resumos", "territorio.adocao:7"),
        ("_resumos", "territorio.adocao:8"),
        ("_resumos", "territorio.adocao:9"),
        ("preparar", "territorio.adocao:3"),
    ]


def test_nenhum_preparo_escreve_chave_por_fora_do_resultado_tipado():
    escritas = escritas_diretas(_codigo_do_projeto())
    assert escritas == [], "grave pelo `como_dados()` do resultado: " + ", ".join(
        f"{onde} ({funcao})" for funcao, onde in escritas
    )
