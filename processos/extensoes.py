"""Onde cada fase da lei se liga ao hub (STYLE, regra 6): uma declaração por ato.

`processos` não importa as apps das fases. Cada fase declara os atos que são seus num
módulo `atos.py` da fase, um bloco por ato, na ordem do rito, e o `ready()` da app só
importa esse módulo; o hub declara os seus no fim de `processos/atos.py`. A declaração diz
tudo o que a fase acrescenta ao ato, e `processos.services.praticar_ato` roda as partes numa
ordem só, visível lá: travar → guardas → preparar → transição → gravar (com `aplicar`) →
registrar → documentos → depois → avisos.

Exemplo (o bloco de um ato em `plebiscito/atos.py`)::

    declarar_ato(
        "emitir_parecer_resultado",               # o nome em processos.atos
        formulario=forms.EmitirParecerResultadoForm,  # o formulário da tela do ato
        guardas=(resultado.com_resultado_registrado,),  # condições com `mensagem`
        preparar=resultado.preparar_parecer_resultado,  # (processo, dados) -> resultado tipado
        documentos=DocumentosDoAto(resultado.documento_do_parecer, minuta=True),
    )

- `preparar` roda antes da transição, na linha travada, com os dados validados; calcula o
  que o ato decide e grava (vereditos, números, antes/depois) e pode recusar com
  `AtoRecusado`. Devolve None (só confere) ou um resultado tipado — um dataclass da fase
  com `como_dados()`, o que entra no `Andamento.dados` (e, em `retira`, os campos do
  formulário que isso substitui), e, quando o ato tem mais de um destino, `destino`: a
  transição só move o estado para ele. Quem lê depois o que o ato gravou chama a função de
  leitura da própria fase (p.ex. `plebiscito.resultado.parecer_gravado`), não cava o dict.
- `aplicar(processo, preparado)`: o que o resultado muda no próprio processo (os dados
  retificados), no passo de gravar, antes do save.
- `registrar(andamento, preparado)`: as linhas da fase que o ato cria, na transação dele.
- `documentos`: os PDFs do ato (`DocumentosDoAto`), emitidos pela app `documentos`.
- `depois_dos_documentos(andamento, preparado)`: o que vem nos autos depois dos PDFs do
  próprio ato (os ofícios do Art. 17, § 2º, que vêm depois do parecer).
- Mais de uma fase pode declarar partes do mesmo ato (o projeto de lei junta o que a
  instrução, a representação e o plebiscito calculam): as partes rodam na ordem das apps.

Os avisos de todo ato (`registrar_avisos`) rodam por último. Ficam à parte, porque são da
página e não de um ato: as seções da página (`registrar_secao`), as leituras que o hub
pede a uma fase sem importá-la (`registrar_leitura`), as anotações da consulta da página
(`registrar_anotacao`) e a conferência de um arquivo juntado a um item do Art. 15
(`registrar_conferencia_de_juntada`).
"""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class DocumentosDoAto:
    """O que um ato emite ao ser praticado: uma peça montada por `construtor` (que pode ser
    pré-visualizada como minuta) ou as que `emitir` emite ela mesma. Sem nenhum dos dois, o
    ato emite por `depois_dos_documentos` (o formulário só avisa "Gerando documentos…")."""

    construtor: Callable | None = None  # (andamento) -> Conteudo | None
    emitir: Callable | None = None  # (andamento) -> list[Documento]
    minuta: bool = False


@dataclass(frozen=True)
class DeclaracaoDeAto:
    """A parte de uma fase num ato do rito (veja o docstring do módulo)."""

    nome: str
    formulario: type | None = None
    guardas: tuple[Callable, ...] = ()
    preparar: Callable | None = None  # (processo, dados) -> resultado tipado | None
    aplicar: Callable | None = None  # (processo, preparado) -> None, antes do save
    registrar: Callable | None = None  # (andamento, preparado) -> None
    documentos: DocumentosDoAto | None = None
    depois_dos_documentos: Callable | None = None  # (andamento, preparado) -> None
    rotulos: dict = field(default_factory=dict)  # campo -> rótulo | (rótulo, escolhas)


@dataclass(frozen=True)
class Preparado:
    """O que uma parte do ato preparou: a declaração e o resultado tipado que ela devolveu."""

    declaracao: DeclaracaoDeAto
    resultado: object | None


_declaracoes: dict[str, list[DeclaracaoDeAto]] = defaultdict(list)
_avisos: list[Callable] = []


def declarar_ato(nome: str, **partes) -> DeclaracaoDeAto:
    """Declara a parte desta fase no ato `nome` (uma vez por fase e ato)."""
    declaracao = DeclaracaoDeAto(nome, **partes)
    lista = _declaracoes[nome]
    # O `ready()` pode rodar de novo nos testes: a mesma declaração não se duplica.
    if declaracao not in lista:
        lista.append(declaracao)
    for campo, rotulo_ in declaracao.rotulos.items():
        registrar_rotulo(campo, *((rotulo_,) if isinstance(rotulo_, str) else rotulo_))
    return declaracao


def declaracoes(nome: str) -> list[DeclaracaoDeAto]:
    return list(_declaracoes.get(nome, ()))


def formulario(nome_ato: str) -> type | None:
    return next((d.formulario for d in declaracoes(nome_ato) if d.formulario), None)


def guardas(nome_ato: str) -> list[Callable]:
    return [g for d in declaracoes(nome_ato) for g in d.guardas]


def tem_preparo(nome_ato: str) -> bool:
    return any(d.preparar for d in declaracoes(nome_ato))


def preparar(nome_ato: str, processo, dados: dict) -> list[Preparado]:
    """Roda o `preparar` de cada parte; o que o resultado diz gravar entra em `dados`."""
    preparados = []
    for declaracao in declaracoes(nome_ato):
        if declaracao.preparar is None:
            continue
        resultado = declaracao.preparar(processo, dados)
        if resultado is not None:
            # O que o resultado diz no lugar dos campos do formulário sai deles (`retira`).
            for chave in getattr(resultado, "retira", ()):
                dados.pop(chave, None)
            dados.update(resultado.como_dados())
        preparados.append(Preparado(declaracao, resultado))
    return preparados


def destino(preparados: list[Preparado]) -> str | None:
    """O estado seguinte que o resultado preparado decide (atos de mais de um destino)."""
    return next(
        (p.resultado.destino for p in preparados if getattr(p.resultado, "destino", None)),
        None,
    )


def aplicar(processo, preparados: list[Preparado]) -> None:
    """O que o resultado preparado muda no próprio processo, no passo de gravar (antes do
    save): a transição só move o estado."""
    for preparado in preparados:
        if preparado.declaracao.aplicar is not None:
            preparado.declaracao.aplicar(processo, preparado.resultado)


def registrar(andamento, preparados: list[Preparado]) -> None:
    _rodar(andamento, preparados, "registrar")


def depois_dos_documentos(andamento, preparados: list[Preparado]) -> None:
    _rodar(andamento, preparados, "depois_dos_documentos")


def _rodar(andamento, preparados: list[Preparado], parte: str) -> None:
    resultados = {id(p.declaracao): p.resultado for p in preparados}
    for declaracao in declaracoes(andamento.ato):
        funcao = getattr(declaracao, parte)
        if funcao is not None:
            funcao(andamento, resultados.get(id(declaracao)))


def documentos_do_ato(nome_ato: str) -> DocumentosDoAto | None:
    return next((d.documentos for d in declaracoes(nome_ato) if d.documentos), None)


def registrar_avisos(funcao: Callable) -> None:
    """`funcao(andamento)`, o último passo de todo ato (p.ex. os avisos por e-mail)."""
    if funcao not in _avisos:
        _avisos.append(funcao)


def avisos() -> list[Callable]:
    return list(_avisos)


def avisar(andamento) -> None:
    for funcao in _avisos:
        funcao(andamento)


SEM_FASE = "A fase que confere este ato não está instalada."


def condicoes_da_fase(nome_ato: str, *, obrigatoria: bool = False) -> Callable:
    """Uma condição de transição que confere, na hora, as guardas que as fases declararam
    para `nome_ato`; a mensagem junta as das que falharem. `obrigatoria`: sem nenhuma guarda
    declarada, o ato é recusado (a guarda da lei não pode sumir em silêncio)."""

    def atendidas(processo) -> bool:
        lista = guardas(nome_ato)
        if obrigatoria and not lista:
            return False
        return all(c(processo) for c in lista)

    def motivos(processo) -> list[str]:
        """As mensagens das guardas não atendidas, cada guarda conferida uma vez."""
        lista = guardas(nome_ato)
        if obrigatoria and not lista:
            return [SEM_FASE]
        return [
            c.mensagem(processo) if callable(c.mensagem) else c.mensagem
            for c in lista
            if not c(processo)
        ]

    def mensagem(processo) -> str:
        return " ".join(motivos(processo))

    atendidas.mensagem = mensagem
    atendidas.motivos = motivos
    atendidas.__name__ = f"condicoes_da_fase_{nome_ato}"
    return atendidas


# --- a página do processo --------------------------------------------------------------------


@dataclass(frozen=True)
class Secao:
    """Uma seção da página do processo: o modelo e a função que monta o contexto (ou None,
    quando a seção não se aplica ao processo)."""

    template: str
    contexto: Callable  # (processo, usuario) -> dict | None
    publica: bool = False


_secoes: list[Secao] = []
_anotacoes: dict[str, Callable] = {}
_anotacoes_da_revisao: set[str] = set()
_leituras: dict[str, Callable] = {}
_rotulos: dict[str, tuple[str, dict]] = {}
_conferencias_de_juntada: dict[str, list[Callable]] = defaultdict(list)


def registrar_secao(secao: Secao) -> None:
    if secao not in _secoes:
        _secoes.append(secao)


def registrar_leitura(nome: str, funcao: Callable) -> None:
    _leituras[nome] = funcao


def ler(nome: str, processo, padrao=None):
    """`funcao(processo)` da leitura registrada sob `nome`; `padrao` sem a fase."""
    funcao = _leituras.get(nome)
    return padrao if funcao is None else funcao(processo)


@dataclass(frozen=True)
class ConferenciaDaJuntada:
    """O que a conferência de um arquivo devolve: `gravar(documento, usuario)`, chamado na
    transação depois de gravada a versão, e, quando o arquivo foi reparado com a confirmação
    de quem o juntou, o arquivo que entra nos autos no lugar dele (nome, conteúdo, tipo)."""

    gravar: Callable
    substituto: tuple[str, bytes, str] | None = None


def registrar_conferencia_de_juntada(item: str, funcao: Callable) -> None:
    """`funcao(processo=, arquivo=, tipo=, reparo_confirmado=)` roda antes da transação da
    juntada; recusa com `AtoRecusado` (ou `ArquivoReparavel`) ou devolve None ou uma
    `ConferenciaDaJuntada`."""
    if funcao not in _conferencias_de_juntada[item]:
        _conferencias_de_juntada[item].append(funcao)


def conferencias_de_juntada(item: str) -> list[Callable]:
    return list(_conferencias_de_juntada.get(item, ()))


def registrar_rotulo(chave: str, rotulo: str, escolhas: dict | None = None) -> None:
    """O rótulo, em palavras, de um dado gravado no Andamento (a linha do tempo não mostra
    nome de campo); os dos atos vêm em `declarar_ato(rotulos=...)`."""
    _rotulos[chave] = (rotulo, escolhas or {})


def rotulo(chave: str) -> tuple[str, dict] | None:
    return _rotulos.get(chave)


def registrar_anotacao(nome: str, fabrica: Callable, *, da_revisao: bool = False) -> None:
    """`fabrica()` devolve a expressão (com `OuterRef("pk")` para o processo) que a view da
    página acrescenta à consulta do processo sob `nome`; lida com `leitura.anotado`. A
    consulta é montada uma vez por processo do servidor: a expressão não depende da data
    nem da requisição.

    `da_revisao=True`: a expressão lê só linhas do processo cuja gravação incrementa a
    revisão dele na mesma transação ou depois (`processos.versao.tocar`); a página guarda o
    valor pela revisão e não o recalcula enquanto ela não muda
    (`processos.consulta_da_pagina`). Sem isso (o padrão), o valor é lido a cada página."""
    _anotacoes[nome] = fabrica
    if da_revisao:
        _anotacoes_da_revisao.add(nome)
    else:
        _anotacoes_da_revisao.discard(nome)


def anotacoes(*, da_revisao: bool | None = None) -> dict:
    """As expressões registradas pelas fases, para `Processo.objects.annotate(**...)`:
    todas, ou só as guardadas pela revisão (`da_revisao=True`) ou só as lidas a cada página
    (`False`)."""
    return {
        nome: fabrica()
        for nome, fabrica in _anotacoes.items()
        if da_revisao is None or (nome in _anotacoes_da_revisao) == da_revisao
    }


def secoes(processo, usuario, *, publica: bool = False) -> list[dict]:
    """As seções que as fases acrescentam à página (interna ou pública) do processo."""
    montadas = []
    for secao in _secoes:
        if publica and not secao.publica:
            continue
        contexto = secao.contexto(processo, usuario, publica=publica)
        if contexto is not None:
            montadas.append({"template": secao.template, **contexto})
    return montadas


# --- a emissão dos documentos ----------------------------------------------------------------


@dataclass(frozen=True)
class Documentos:
    """O que o hub pede à app `documentos` sem importá-la (ela fica abaixo das fases e se
    registra aqui): emitir os PDFs do ato praticado, a minuta do que ele emitiria, e dizer
    se o ato emite documento ou tem minuta (o formulário avisa)."""

    emitir: Callable  # (andamento) -> list
    minuta: Callable  # (andamento) -> bytes | None
    emite: Callable  # (nome_ato) -> bool
    tem_minuta: Callable  # (nome_ato) -> bool
    conferir_anexo: Callable  # (descricao, arquivo) -> o anexo conferido; ValidationError


_documentos: list[Documentos] = []

SEM_DOCUMENTOS = "A emissão de documentos não está instalada."


def registrar_documentos(documentos: Documentos) -> None:
    _documentos[:] = [documentos]


def documentos() -> Documentos:
    """Os documentos registrados; sem eles, o ato que emite documento não pode acontecer
    (o PDF que a lei prevê não pode sumir em silêncio)."""
    if not _documentos:
        raise RuntimeError(SEM_DOCUMENTOS)
    return _documentos[0]
