"""A busca por texto das listas (interna e do portal): por palavras, em qualquer ordem, sem
distinguir acento nem maiúsculas — "sao jose", "esperanca", "recanto araras" acham "São
José", "Esperança", "Recanto das Araras".

Cada palavra do termo tem de aparecer em algum dos lugares da busca (E entre as palavras, OU
entre os lugares): nos textos do processo, no nome de um município de origem ou, na lista
interna, no que as fases registram (`registrar_fonte`: signatários, certidões, ofícios). O
termo inteiro ainda vale como número de protocolo ("12" ou "12/2026").

Os dois lados da comparação passam pela mesma normalização: no Python, `normalizar`; no banco,
`SemAcento` — no PostgreSQL a função imutável `emancipacao_sem_acento` sobre a extensão
`unaccent` (migração `processos.0013_busca_sem_acento`), no SQLite a função de mesmo nome que
`registrar_no_sqlite` cria em cada conexão, com `normalizar`. Os textos da lista interna (com
os nomes dos municípios de origem, copiados no processo: `Processo.nomes_das_origens`) e o
nome do signatário ficam normalizados em colunas geradas pelo banco
(`Processo.texto_da_busca`, `Signatario.nome_da_busca`), com os índices de trigramas sobre
elas; o portal procura na expressão do nome proposto com os nomes das origens, com o índice
dela.
"""

import unicodedata
from collections.abc import Callable

from django.db.models import Func, OuterRef, Q, Subquery, TextField, Value
from django.db.models.functions import Concat
from django.db.models.lookups import IsNull

FUNCAO = "emancipacao_sem_acento"
# Mais que isso não é busca de gente: cada palavra é uma condição a mais na consulta.
MAXIMO_DE_PALAVRAS = 8
# Separa os campos na expressão: uma palavra (sem espaço) nunca atravessa de um para outro.
SEPARADOR = " "
# Palavras curtas ("1", "do", "SP") só no começo de uma palavra do texto: no meio de outra
# achariam quase tudo ("1" em "2015", "do" em "Dourados").
CURTA = 2
# Onde a busca interna procura nos textos do processo (`Processo.texto_da_busca`).
CAMPOS_DA_BUSCA_INTERNA = ("nome_proposto", "sede_proposta", "resumo", "nomes_das_origens")
# Onde o portal procura: só o que ele mostra (`painel.filtros.ProcessoPublicoFilter`).
CAMPOS_DA_BUSCA_DO_PORTAL = ("nome_proposto", "nomes_das_origens")


def normalizar(texto: str) -> str:
    """Sem acentos (NFKD sem as marcas combinantes), em maiúsculas, os espaços reduzidos."""
    decomposto = unicodedata.normalize("NFKD", texto or "")
    sem_marcas = "".join(c for c in decomposto if not unicodedata.combining(c))
    return " ".join(sem_marcas.upper().split())


def palavras(termo: str) -> list[str]:
    """As palavras do termo, normalizadas, sem repetição, na ordem em que vieram."""
    vistas: list[str] = []
    for palavra in normalizar(termo).split(" "):
        if palavra and palavra not in vistas:
            vistas.append(palavra)
    return vistas[:MAXIMO_DE_PALAVRAS]


class SemAcento(Func):
    """`normalizar` no banco (ver o docstring do módulo)."""

    function = FUNCAO
    output_field = TextField()

    def as_postgresql(self, compiler, connection, **extra):
        # Maiúsculas depois de tirar os acentos, como em `normalizar`.
        sql, params = super().as_sql(compiler, connection, **extra)
        return f"UPPER({sql})", params


def texto_normalizado(campos) -> Func:
    """Os campos de texto numa expressão só, normalizada (a do índice, no PostgreSQL)."""
    if len(campos) == 1:
        return SemAcento(campos[0])
    partes: list = []
    for campo in campos:
        partes += [campo, Value(SEPARADOR)]
    return SemAcento(Concat(*partes[:-1], output_field=TextField()))


def registrar_no_sqlite(sender, connection, **kwargs) -> None:
    """Sinal `connection_created`: a função da normalização em cada conexão do SQLite."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(
            FUNCAO,
            1,
            lambda texto: normalizar(texto) if texto is not None else None,
            deterministic=True,
        )


# Fontes das fases: (palavras normalizadas, termo como digitado) -> as linhas achadas na fase
# (QuerySets com `processo_id`), ou None; cada linha basta sozinha para achar o seu processo
# (o signatário com todas as palavras no nome, a certidão com aquele número).
_fontes: list[Callable] = []


def registrar_fonte(fonte: Callable) -> None:
    """Uma fase acrescenta onde a busca interna procura (no seu `AppConfig.ready()`)."""
    if fonte not in _fontes:
        _fontes.append(fonte)


def nas_fontes_das_fases(lista: list[str], termo: str, *, por_processo: bool = False) -> Q:
    """Os processos achados pelo que as fases registram. `por_processo`: a condição é
    conferida em cada processo lido (`existe_em`), em vez de os processos achados serem
    lidos antes (`processos_de`)."""
    achado = Q(pk__in=[])
    for fonte in _fontes:
        for linhas in fonte(lista, termo) or ():
            achado |= existe_em(linhas) if por_processo else processos_de(linhas)
    return achado


def existe_em(linhas) -> Q:
    """Os processos com alguma das linhas, conferidos um a um: quando a lista é percorrida na
    ordem do protocolo e para na página, só as linhas dos processos percorridos são lidas — e
    não todas as achadas, que crescem com o número de processos. Uma subconsulta escalar
    (a primeira linha do processo), não um EXISTS: o PostgreSQL troca o EXISTS por uma
    tabela de hash de todas as linhas achadas, lidas antes."""
    primeira = linhas.filter(processo=OuterRef("pk")).order_by().values("processo_id")[:1]
    return Q(IsNull(Subquery(primeira), False))


def processos_de(linhas) -> Q:
    """Os processos das linhas de uma fase achadas (um QuerySet com `processo_id`): no
    PostgreSQL lidos antes (a lista é pequena, e uma subconsulta no OR faria o PostgreSQL ler
    a tabela de processos inteira); no SQLite, a subconsulta."""
    from django.db import connection

    if connection.vendor == "postgresql":
        return Q(pk__in=list(_ids_de(linhas)))
    return Q(pk__in=linhas.order_by().values("processo_id"))


def ids_nas_fontes_das_fases(lista: list[str], termo: str) -> set[int]:
    """Os ids dos processos achados pelo que as fases registram, lidos."""
    ids: set[int] = set()
    for fonte in _fontes:
        for linhas in fonte(lista, termo) or ():
            ids.update(_ids_de(linhas))
    return ids


def _ids_de(linhas):
    # Distintos e sem a ordem das linhas: um processo com cem signatários achados é um id só,
    # e o PostgreSQL não junta os processos só para ordenar o que vira um conjunto.
    distintos = linhas.order_by().values_list("processo_id", flat=True).distinct()
    return distintos[:10_000]


def palavra_em(campo: str, palavra: str) -> Q:
    """A palavra (normalizada) no texto normalizado de `campo`; curta, só como começo de
    palavra."""
    if len(palavra) > CURTA:
        return Q(**{f"{campo}__contains": palavra})
    return Q(**{f"{campo}__startswith": palavra}) | Q(**{f"{campo}__contains": f" {palavra}"})


def cada_palavra_em(campo: str, lista: list[str]) -> Q:
    """Todas as palavras no mesmo campo de uma linha (com o alias `campo` normalizado)."""
    condicao = Q()
    for palavra in lista:
        condicao &= palavra_em(campo, palavra)
    return condicao
