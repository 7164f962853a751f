"""Art. 6º — toponímia de municípios e distritos (sem Django).

"É vedada a repetição de nome já existente no País, bem como a designação de datas, nomes de
pessoas vivas e o emprego de denominação com mais de três palavras, excluídas as partículas
gramaticais." As regras exatas:

- repetição: comparada ignorando maiúsculas, acentos, hífens, apóstrofos e espaços, contra a
  lista nacional do pacote instalado (funciona com o banco vazio); nomes parecidos (uma ou
  duas letras de diferença, ou só as partículas) aparecem como aviso, com a UF;
- datas: dia (algarismos ou por extenso, "Primeiro") seguido de "de" e nome de mês, ou
  mês com dia/ano — "Rio de Janeiro" não é data;
- pessoa viva: o software não decide; exige declaração dos proponentes;
- no máximo 3 palavras, sem contar as partículas (São, Santo, Nova, Bom... contam).
"""

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache

from requisitos.aplicacao import aplica
from requisitos.municipios_br import MunicipioBR, municipios_brasil
from requisitos.parametros import ParametrosLegais


def _conjunto(texto: str) -> frozenset[str]:
    return frozenset(texto.split())


# "à" e "às" viram "a" e "as" sem acento; "d'" vira "d". Decisão: artigos, preposições e
# as suas contrações, em português e nos nomes estrangeiros ("del", "de la", "von", "van").
PARTICULAS = _conjunto(
    "o a os as de da do das dos d em no na nos nas ao aos e "
    "entre com sem sob sobre para por pelo pela pelos pelas ante apos ate desde perante "
    "num numa nuns numas dum duma duns dumas "
    "del la las los el di du des le von van der den"
)
MESES = _conjunto(
    "janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro"
)
DIAS_POR_EXTENSO = _conjunto(
    "primeiro um dois tres quatro cinco seis sete oito nove dez onze doze treze quatorze "
    "catorze quinze dezesseis dezasseis dezessete dezoito dezenove vinte trinta"
)
APOSTROFOS = "'’‘`´"
DATA_NUMERICA = re.compile(r"\b\d{1,2}\s*[/.]\s*\d{1,2}\b")
DIA_NUMERICO = re.compile(r"^(\d{1,2})[oa]?$")  # 7, 1º (NFKD: "1o"), 1ª
ANO = re.compile(r"^\d{4}$")

REGRA_REPETICAO = "repeticao"
REGRA_DATA = "data"
REGRA_PALAVRAS = "palavras"

DECLARACAO_PENDENTE = (
    "O nome não pode ser de pessoa viva (Art. 6º). O sistema não tem como verificar isso: "
    "os proponentes devem declarar, na representação, que o nome não homenageia pessoa viva."
)
DECLARACAO_FEITA = "Declarado pelos proponentes que o nome não homenageia pessoa viva (Art. 6º)."


@dataclass(frozen=True)
class Problema:
    regra: str  # "repeticao" | "data" | "palavras"
    mensagem: str


@dataclass(frozen=True)
class VereditoToponimo:
    nome: str
    valido: bool
    palavras_contadas: int
    palavras: tuple[str, ...]
    problemas: tuple[Problema, ...]
    homonimos: tuple[MunicipioBR, ...]
    semelhantes: tuple[MunicipioBR, ...]
    declaracao_pessoa_viva: str
    parametros: dict = field(default_factory=dict, compare=False)


def sem_acentos(texto: str) -> str:
    decomposto = unicodedata.normalize("NFKD", texto)
    return "".join(c for c in decomposto if not unicodedata.combining(c))


def palavras_do_nome(nome: str) -> tuple[str, ...]:
    """As palavras como escritas, separadas por espaço, hífen e apóstrofo ("d'" vira "d")."""
    texto = nome
    for apostrofo in APOSTROFOS:
        texto = texto.replace(apostrofo, "' ")
    partes = re.split(r"[\s\-‐–—]+", texto)
    return tuple(p.strip("'") for p in partes if any(c.isalnum() for c in p))


def _minuscula(palavra: str) -> str:
    return sem_acentos(palavra).lower()


def chave(nome: str) -> str:
    """Forma de comparação: sem acentos, maiúsculas, hífens, apóstrofos nem espaços."""
    return "".join(c for c in sem_acentos(nome).lower() if c.isalnum())


def palavras_contadas(nome: str) -> tuple[str, ...]:
    """As palavras que o Art. 6º conta. Decisão: a palavra composta por hífen é uma só
    ("Ji-Paraná"); as partículas não contam."""
    texto = nome
    for apostrofo in APOSTROFOS:
        texto = texto.replace(apostrofo, "' ")
    partes = (p.strip("'-‐–—") for p in texto.split())
    palavras = (p for p in partes if any(c.isalnum() for c in p))
    return tuple(p for p in palavras if _minuscula(p) not in PARTICULAS)


def _e_dia(token: str) -> bool:
    numero = DIA_NUMERICO.match(token)
    if numero:
        return 1 <= int(numero.group(1)) <= 31
    return token in DIAS_POR_EXTENSO


def _dia_ou_ano(token: str) -> bool:
    return _e_dia(token) or bool(ANO.match(token))


def designa_data(nome: str) -> bool:
    """Dia + ("de") + mês ("Sete de Setembro", "13 Maio"), mês + dia/ano ("Maio 13",
    "Novembro de 1889") ou data em algarismos ("7/9")."""
    if DATA_NUMERICA.search(nome):
        return True
    tokens = [_minuscula(p) for p in palavras_do_nome(nome)]
    for i, token in enumerate(tokens):
        if token not in MESES:
            continue
        antes = tokens[max(0, i - 2) : i]
        depois = tokens[i + 1 : i + 3]
        if antes and _e_dia(antes[-1]):
            return True
        if len(antes) == 2 and antes[1] == "de" and _e_dia(antes[0]):
            return True
        if depois and _dia_ou_ano(depois[0]):
            return True
        if len(depois) == 2 and depois[0] == "de" and ANO.match(depois[1]):
            return True
    return False


def distancia_ate(a: str, b: str, maximo: int) -> int:
    """Distância de edição (Levenshtein), interrompida quando passa de `maximo`."""
    if abs(len(a) - len(b)) > maximo:
        return maximo + 1
    anterior = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        atual = [i]
        for j, cb in enumerate(b, start=1):
            atual.append(min(anterior[j] + 1, atual[j - 1] + 1, anterior[j - 1] + (ca != cb)))
        if min(atual) > maximo:
            return maximo + 1
        anterior = atual
    return anterior[-1]


@cache
def _indice(municipios: tuple[MunicipioBR, ...]) -> tuple[tuple[MunicipioBR, str, str], ...]:
    """(município, chave, chave sem partículas), calculado uma vez por lista."""
    return tuple((m, chave(m.nome), chave(" ".join(palavras_contadas(m.nome)))) for m in municipios)


def _tolerancia(chave_nome: str) -> int:
    return 1 if len(chave_nome) <= 8 else 2


def comparar_com_lista(
    nome: str, municipios: tuple[MunicipioBR, ...]
) -> tuple[tuple[MunicipioBR, ...], tuple[MunicipioBR, ...]]:
    """(homônimos, semelhantes). Homônimo: mesma chave. Semelhante: mesma chave sem as
    partículas, ou até 1 letra de diferença (2 em nomes longos)."""
    alvo = chave(nome)
    alvo_sem_particulas = chave(" ".join(palavras_contadas(nome)))
    tolerancia = _tolerancia(alvo)
    homonimos, semelhantes = [], []
    for municipio, chave_m, sem_particulas_m in _indice(municipios):
        if chave_m == alvo:
            homonimos.append(municipio)
        elif sem_particulas_m == alvo_sem_particulas or (
            len(alvo) >= 4 and distancia_ate(alvo, chave_m, tolerancia) <= tolerancia
        ):
            semelhantes.append(municipio)
    return tuple(homonimos), tuple(semelhantes)


def _lista(municipios: tuple[MunicipioBR, ...]) -> str:
    return ", ".join(f"{m.nome}/{m.uf}" for m in municipios)


def _problemas(nome, homonimos, contadas, parametros) -> list[Problema]:
    problemas = []
    if homonimos:
        problemas.append(
            Problema(
                REGRA_REPETICAO,
                f"Já existe município com este nome no País: {_lista(homonimos)}. "
                "A comparação ignora acentos, maiúsculas, hífens e espaços (Art. 6º).",
            )
        )
    if designa_data(nome):
        problemas.append(Problema(REGRA_DATA, f"“{nome}” designa uma data, o que o Art. 6º veda."))
    maximo = parametros.max_palavras_nome
    if len(contadas) > maximo:
        problemas.append(
            Problema(
                REGRA_PALAVRAS,
                f"O nome tem {len(contadas)} palavras ({', '.join(contadas)}), excluídas as "
                f"partículas gramaticais; o Art. 6º permite no máximo {maximo}.",
            )
        )
    return problemas


@aplica(
    "Art. 6º",
    descricao="Nome de município ou distrito: recusa repetição de nome já existente no País "
    "(lista nacional do IBGE, sem acentos, maiúsculas, hífens e espaços), datas e mais de "
    "três palavras sem contar as partículas gramaticais.",
    parametro="max_palavras_nome",
    decisao="A palavra composta por hífen conta como uma; artigos, preposições e contrações "
    "(também estrangeiros: del, de la, von, van) são partículas.",
    testes=(
        "tests.requisitos.test_toponimia.test_art_6_recusa_nome_repetido_no_pais_ignorando_acento_caixa_e_hifen",
        "tests.requisitos.test_toponimia.test_art_6_recusa_datas",
        "tests.requisitos.test_toponimia.test_art_6_no_maximo_tres_palavras",
    ),
)
def avaliar_toponimo(
    nome: str,
    parametros: ParametrosLegais,
    municipios: tuple[MunicipioBR, ...] | None = None,
    declaracao_pessoa_viva: bool | None = None,
) -> VereditoToponimo:
    """Art. 6º: repetição, datas e número de palavras; a vedação de nomes de pessoas vivas
    fica registrada como declaração (`declaracao_pessoa_viva`), que o software não decide."""
    nome = " ".join(nome.split())
    if not any(c.isalpha() for c in nome):
        raise ValueError("Informe um nome com letras.")
    municipios = municipios_brasil() if municipios is None else tuple(municipios)
    homonimos, semelhantes = comparar_com_lista(nome, municipios)
    contadas = palavras_contadas(nome)
    problemas = _problemas(nome, homonimos, contadas, parametros)
    return VereditoToponimo(
        nome=nome,
        valido=not problemas,
        palavras_contadas=len(contadas),
        palavras=contadas,
        problemas=tuple(problemas),
        homonimos=homonimos,
        semelhantes=semelhantes,
        declaracao_pessoa_viva=DECLARACAO_FEITA if declaracao_pessoa_viva else DECLARACAO_PENDENTE,
        parametros=parametros.como_dict(),
    )
