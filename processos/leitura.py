"""Leitura única da página do processo.

A página interna do processo pergunta muitas vezes a mesma coisa ao banco: cada ato
disponível confere as suas condições (e a mensagem de cada uma), e as seções das fases
releem os mesmos parâmetros, ofícios e andamentos. Dentro de `leitura_unica(processo)` —
aberta só pela view da página, que não grava nada no processo — `lido(processo, f, *args)`
calcula `f(processo, *args)` uma vez e devolve o mesmo valor às chamadas seguintes.

Fora dela (nos atos, em `processos.services.praticar_ato`, que leem depois de gravar),
`lido` apenas chama a função: nenhuma leitura guardada sobrevive a uma escrita.

As poucas leituras caras levam o decorador `por_pagina`: quem as chama (uma guarda, uma
regra) só chama a função, sem saber se há página. Quando a página já leu o bastante para
responder sem consultar (os andamentos, as linhas dos ofícios, uma anotação), a resposta
tirada dali fica numa função à parte, ligada por `@funcao.na_pagina`, ao lado da
consulta que ela substitui.

A consulta que lê o processo da página traz também anotações registradas pelas fases
(`extensoes.registrar_anotacao`): se uma relação quase sempre vazia tem linhas, contagens.
`anotado`/`sem` as leem — só dentro da leitura única; fora dela, quem pergunta consulta.
"""

import functools
from contextlib import contextmanager
from datetime import date

from django.utils import timezone

from requisitos.models import ParametroLegal, parametros_dos_registros, parametros_em_vigor
from requisitos.parametros import DEFINICOES, ParametrosLegais

_ATRIBUTO = "_leitura_unica"


@contextmanager
def leitura_unica(processo):
    """Liga a leitura única no `processo` durante o bloco (a renderização da página)."""
    setattr(processo, _ATRIBUTO, {})
    try:
        yield processo
    finally:
        delattr(processo, _ATRIBUTO)


def ligada(processo) -> bool:
    """Se a leitura única está ligada no processo (dentro da página)."""
    return getattr(processo, _ATRIBUTO, None) is not None


def anotado(processo, nome: str):
    """O valor que a consulta da página anotou no processo (`extensoes.registrar_anotacao`),
    lido no mesmo instante que o processo; None fora da página ou sem a anotação (quem
    pergunta então consulta o banco)."""
    if not ligada(processo):
        return None
    return getattr(processo, nome, None)


def sem(processo, nome: str) -> bool:
    """Se a anotação `nome` (um `Exists`) diz que a relação está vazia: só na página."""
    return anotado(processo, nome) is False


def lido(processo, funcao, *args):
    """`funcao(processo, *args)`, calculada uma vez por página quando a leitura única está
    ligada; senão, calculada agora."""
    guardados = getattr(processo, _ATRIBUTO, None)
    if guardados is None:
        return funcao(processo, *args)
    chave = (funcao, args)
    if chave not in guardados:
        guardados[chave] = funcao(processo, *args)
    return guardados[chave]


def por_pagina(funcao):
    """Decorador de uma leitura cara `funcao(processo, *args)`: dentro da leitura única,
    calculada uma vez por página; fora dela, chamada como escrita. `funcao.na_pagina`
    decora a alternativa que responde, na página, do que a página já leu (a mesma
    resposta, sem a consulta); `funcao.consultar` é a consulta sem memória."""
    na_pagina = []

    @functools.wraps(funcao)
    def lida(processo, *args, **kwargs):
        guardados = getattr(processo, _ATRIBUTO, None)
        if guardados is None:
            return funcao(processo, *args, **kwargs)
        chave = (funcao, args, tuple(sorted(kwargs.items())))
        if chave not in guardados:
            calcular = na_pagina[0] if na_pagina else funcao
            guardados[chave] = calcular(processo, *args, **kwargs)
        return guardados[chave]

    def alternativa(derivada):
        na_pagina[:] = [derivada]
        return derivada

    lida.na_pagina = alternativa
    lida.consultar = funcao
    return lida


def _lista_de_andamentos(processo) -> list:
    return list(processo.andamentos.all())


def andamentos(processo) -> list:
    """Os andamentos do processo, do mais novo ao mais antigo: na página, a lista já lida
    (sem um QuerySet novo a cada pergunta); fora dela, do banco (ou do prefetch)."""
    return lido(processo, _lista_de_andamentos)


def praticado(processo, atos) -> bool:
    """Se algum andamento do processo é de um dos `atos` (as linhas que só um ato grava)."""
    return any(a.ato in atos for a in andamentos(processo))


# A marca dos parâmetros legais (o maior id e quantos são), lida pela consulta da página junto
# com o processo (`MARCA_DOS_PARAMETROS`): as versões só se acrescentam — a gravada não se
# altera (o banco recusa) —, então a mesma marca é o mesmo conjunto, e uma versão nova muda a
# marca. Cada processo do servidor guarda o conjunto da última marca que leu.
MARCA_DOS_PARAMETROS = "parametros_marca"
SQL_DA_MARCA = (
    f"SELECT COALESCE(MAX(id), 0) || ':' || COUNT(*) FROM {ParametroLegal._meta.db_table}"
)
_parametros_guardados: dict[str, list[ParametroLegal]] = {}


def _registros_de_parametros(processo) -> list[ParametroLegal]:
    marca = anotado(processo, MARCA_DOS_PARAMETROS)
    if marca is not None and marca in _parametros_guardados:
        return list(_parametros_guardados[marca])
    registros = list(ParametroLegal.objects.order_by("nome", "vigencia_inicio"))
    if marca is not None:
        _parametros_guardados.clear()
        _parametros_guardados[marca] = registros
    return registros


def registros_de_parametros(processo) -> list[ParametroLegal]:
    """Todas as versões dos parâmetros legais, em ordem de nome e de vigência: na página,
    lidas uma vez (as mesmas de `parametros`)."""
    return lido(processo, _registros_de_parametros)


def parametros(processo, data: date | None = None) -> ParametrosLegais:
    """Os parâmetros legais em vigor na data (hoje, se omitida). Na página, os registros são
    lidos uma vez e servem a qualquer data (a do protocolo, a do ato, hoje)."""
    data = data or timezone.localdate()
    if not ligada(processo):
        return parametros_em_vigor(data)
    return lido(processo, _parametros_na_data, data)


def _parametros_na_data(processo, data: date) -> ParametrosLegais:
    return parametros_dos_registros(lido(processo, _registros_de_parametros), data)


def data_do_primeiro(processo, ato: str) -> date | None:
    """A data do primeiro `ato` praticado no processo (None: ainda não praticado)."""
    datas = [a.data_ato for a in andamentos(processo) if a.ato == ato]
    return min(datas, default=None)


def data_do_art8(processo) -> date | None:
    """Art. 8º (*tempus regit actum*): o limiar da dispensa do plebiscito é o em vigor no
    parecer preliminar, quando as áreas travam; antes dele, o de hoje é só uma prévia."""
    return data_do_primeiro(processo, "emitir_parecer_preliminar")


def versao_do_parametro(processo, nome: str, data: date) -> dict:
    """A versão do parâmetro `nome` em vigor na `data`: o registro (vigência e fonte) ou o
    padrão da lei, sem registro — para o parecer dizer qual usou."""
    registros = [
        r for r in registros_de_parametros(processo) if r.nome == nome and r.vigencia_inicio <= data
    ]
    registro = max(registros, key=lambda r: (r.vigencia_inicio, r.pk), default=None)
    descricao = DEFINICOES[nome].descricao
    if registro is None:
        return {
            "nome": nome,
            "descricao": descricao,
            "vigencia_inicio": None,
            "texto": "o padrão da lei, sem versão registrada",
        }
    desde = f"{registro.vigencia_inicio:%d/%m/%Y}"
    return {
        "nome": nome,
        "descricao": descricao,
        "vigencia_inicio": registro.vigencia_inicio.isoformat(),
        "fundamento": registro.fundamento,
        "texto": f"versão vigente desde {desde} ({registro.fundamento})",
    }
