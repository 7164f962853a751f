"""O critério de `/lei/` para "calculada": a função citada em `onde=` (ou o que ela usa,
seguido pelo AST pelos módulos do projeto) toca um modelo de evidência guardada — as
certidões e as suas figuras, os ofícios, os votos e os atos registrados (Andamento), o
resultado do TRE por unidade, os signatários, os documentos juntados, a conferência
territorial e a malha do IBGE, a tabela do valor adicionado da SEFAZ, o cadastro de
municípios e as origens registradas deles (com a lei de criação e a fonte). Uma regra que
só compara o que lhe passam não lê evidência nenhuma."""

import ast
import importlib
import inspect
import textwrap
import types

from django.db import models

EVIDENCIA = frozenset(
    {
        "Certidao",
        "FiguraCertidao",
        "Oficio",
        "Andamento",
        "Resultado",
        "UnidadeVotacao",
        "Signatario",
        "DocumentoRepresentacao",
        "ConferenciaTerritorial",
        "MunicipioNaMalha",
        "EdicaoDaMalha",
        "ValorAdicionado",
        "Municipio",
        "OrigemMunicipal",
    }
)
# As mesmas evidências lidas pelas relações do processo (`processo.andamentos...`).
RELACOES = frozenset(
    {"andamentos", "certidoes", "figuras", "oficios", "signatarios", "unidades", "documentos"}
)
PROJETO = (
    "processos",
    "representacao",
    "instrucao",
    "plebiscito",
    "requisitos",
    "documentos",
    "territorio",
    "transparencia",
)
PROFUNDIDADE = 5


def resolver(onde: str):
    """O objeto do nome pontuado (módulo, depois atributos); None se não resolve."""
    partes = onde.split(".")
    for corte in range(len(partes), 0, -1):
        try:
            objeto = importlib.import_module(".".join(partes[:corte]))
        except ImportError:
            continue
        for nome in partes[corte:]:
            objeto = getattr(objeto, nome, None)
        return objeto
    return None


def _do_projeto(objeto) -> bool:
    modulo = getattr(objeto, "__module__", None) or getattr(objeto, "__name__", "")
    return isinstance(modulo, str) and modulo.split(".")[0] in PROJETO


def _funcao(objeto):
    objeto = inspect.unwrap(objeto) if callable(objeto) else objeto
    if isinstance(objeto, property):
        return objeto.fget
    if isinstance(objeto, types.MethodType | staticmethod | classmethod):
        return objeto.__func__
    return objeto if isinstance(objeto, types.FunctionType) else None


def _usados(funcao) -> tuple[set[str], list]:
    """Os nomes que a função menciona e os objetos do projeto a que eles levam."""
    try:
        arvore = ast.parse(textwrap.dedent(inspect.getsource(funcao)))
    except (OSError, TypeError, SyntaxError):
        return set(), []
    escopo = funcao.__globals__
    classe = escopo.get(funcao.__qualname__.split(".")[0]) if "." in funcao.__qualname__ else None
    nomes, seguir = set(), []
    for no in ast.walk(arvore):
        if isinstance(no, ast.Name):
            nomes.add(no.id)
            seguir.append(escopo.get(no.id))
        elif isinstance(no, ast.Attribute):
            nomes.add(no.attr)
            base = no.value.id if isinstance(no.value, ast.Name) else None
            if base == "self" and classe is not None:
                seguir.append(inspect.getattr_static(classe, no.attr, None))
            elif isinstance(escopo.get(base), types.ModuleType):
                seguir.append(getattr(escopo[base], no.attr, None))
    return nomes, [o for o in seguir if o is not None and _do_projeto(o)]


# Os números que quem usa o sistema digita sem certidão: as áreas do protocolo (Art. 8º), a
# Câmara da alteração de nome (Art. 6º, § 2º), o eleitorado da representação (Art. 10, III).
DIGITADOS = frozenset(
    {
        "area_movida_km2",
        "area_total_km2",
        "camara_membros",
        "camara_votos_favoraveis",
        "eleitores_municipio",
    }
)


def toca(objeto, alvos: frozenset, profundidade: int = PROFUNDIDADE, vistos=None) -> bool:
    """Se a função (ou o que ela usa, no projeto) menciona algum dos `alvos`; um modelo,
    se é um deles."""
    vistos = set() if vistos is None else vistos
    if inspect.isclass(objeto) and issubclass(objeto, models.Model):
        return objeto.__name__ in alvos
    funcao = _funcao(objeto)
    if funcao is None or id(funcao) in vistos or profundidade < 0:
        return False
    vistos.add(id(funcao))
    nomes, seguir = _usados(funcao)
    if nomes & alvos:
        return True
    return any(toca(o, alvos, profundidade - 1, vistos) for o in seguir)


def le_evidencia(objeto) -> bool:
    return toca(objeto, EVIDENCIA | RELACOES)


def usa(objeto, nome: str, profundidade: int = 3, vistos=None) -> bool:
    """Se a função (ou o que ela usa, no projeto) menciona `nome` — o chamador de uma regra
    pura a usa de fato."""
    vistos = set() if vistos is None else vistos
    funcao = _funcao(objeto)
    if funcao is None or id(funcao) in vistos or profundidade < 0:
        return False
    vistos.add(id(funcao))
    nomes, seguir = _usados(funcao)
    return nome in nomes or any(usa(o, nome, profundidade - 1, vistos) for o in seguir)
