"""Onde cada fase da lei se liga ao hub (STYLE, regra 6).

`processos` não importa as apps das fases: cada uma (plebiscito, ...) registra aqui, no seu
`AppConfig.ready()`, o que acrescenta a um ato do hub:

- o formulário do ato (`registrar_formulario`);
- condições calculadas, com a mensagem exibida quando não atendidas (`registrar_condicao`),
  conferidas pela transição como qualquer outra condição do django-fsm;
- o preparo: roda dentro da transição, antes de gravar, com os dados validados; calcula o
  que o ato registra (vereditos, antes/depois) e pode recusar com `AtoRecusado`
  (`registrar_preparo`);
- o efeito: roda na transação do ato, depois de gravado o Andamento — as linhas da fase
  que o ato cria (`registrar_efeito`); com `depois_dos_documentos=True`, depois dos PDFs do
  próprio ato (os ofícios do Art. 17, § 2º, que vêm nos autos depois do parecer);
- seções da página do processo e da página pública (`registrar_secao`);
- leituras que o hub pede à fase sem importá-la (`registrar_leitura`), p.ex. os órgãos
  que ainda não responderam aos ofícios, na frase "Aguardando" da página;
- o rótulo, em palavras, de um dado que o preparo da fase grava no Andamento e a linha do
  tempo mostra (`registrar_rotulo`): nenhum nome de campo aparece na tela;
- a conferência de um arquivo juntado a um item do Art. 15 (`registrar_conferencia_de_juntada`):
  lê o arquivo antes da gravação, recusa com `AtoRecusado` ou devolve o que gravar junto com a
  versão (p.ex. as figuras do território lidas no mapa do item II);
- anotações da consulta da página do processo (`registrar_anotacao`): um `Exists` de uma
  relação da fase quase sempre vazia, ou uma contagem, calculados na mesma consulta que lê
  o processo — a seção só consulta a relação quando a anotação diz que há o que mostrar.
"""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

_formularios: dict[str, type] = {}
_condicoes: dict[str, list[Callable]] = defaultdict(list)
_preparos: dict[str, list[Callable]] = defaultdict(list)
_efeitos: dict[str, list[Callable]] = defaultdict(list)
_efeitos_finais: dict[str, list[Callable]] = defaultdict(list)


@dataclass(frozen=True)
class Secao:
    """Uma seção da página do processo: o modelo e a função que monta o contexto (ou None,
    quando a seção não se aplica ao processo)."""

    template: str
    contexto: Callable  # (processo, usuario) -> dict | None
    publica: bool = False


_secoes: list[Secao] = []
_anotacoes: dict[str, Callable] = {}
_leituras: dict[str, Callable] = {}
_rotulos: dict[str, tuple[str, dict]] = {}
_conferencias_de_juntada: dict[str, list[Callable]] = defaultdict(list)


def registrar_formulario(nome_ato: str, formulario: type) -> None:
    _formularios[nome_ato] = formulario


def formulario(nome_ato: str) -> type | None:
    return _formularios.get(nome_ato)


def registrar_condicao(nome_ato: str, condicao: Callable) -> None:
    if condicao not in _condicoes[nome_ato]:
        _condicoes[nome_ato].append(condicao)


def registrar_preparo(nome_ato: str, funcao: Callable) -> None:
    if funcao not in _preparos[nome_ato]:
        _preparos[nome_ato].append(funcao)


def registrar_efeito(nome_ato: str, funcao: Callable, *, depois_dos_documentos=False) -> None:
    lista = (_efeitos_finais if depois_dos_documentos else _efeitos)[nome_ato]
    if funcao not in lista:
        lista.append(funcao)


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
    _rotulos[chave] = (rotulo, escolhas or {})


def rotulo(chave: str) -> tuple[str, dict] | None:
    return _rotulos.get(chave)


def registrar_anotacao(nome: str, fabrica: Callable) -> None:
    """`fabrica()` devolve a expressão (com `OuterRef("pk")` para o processo) que a view da
    página acrescenta à consulta do processo sob `nome`; lida com `leitura.anotado`. A
    consulta é montada uma vez por processo do servidor: a expressão não depende da data
    nem da requisição."""
    _anotacoes[nome] = fabrica


def anotacoes() -> dict:
    """As expressões registradas pelas fases, para `Processo.objects.annotate(**...)`."""
    return {nome: fabrica() for nome, fabrica in _anotacoes.items()}


SEM_FASE = "A fase que confere este ato não está instalada."


def condicoes_da_fase(nome_ato: str, *, obrigatoria: bool = False) -> Callable:
    """Uma condição de transição que confere, na hora, as condições registradas pelas fases
    para `nome_ato`; a mensagem junta as das que falharem. `obrigatoria`: sem nenhuma
    condição registrada, o ato é recusado (a guarda da lei não pode sumir em silêncio)."""

    def atendidas(processo) -> bool:
        if obrigatoria and not _condicoes[nome_ato]:
            return False
        return all(c(processo) for c in _condicoes[nome_ato])

    def motivos(processo) -> list[str]:
        """As mensagens das condições não atendidas, cada condição conferida uma vez."""
        if obrigatoria and not _condicoes[nome_ato]:
            return [SEM_FASE]
        return [
            c.mensagem(processo) if callable(c.mensagem) else c.mensagem
            for c in _condicoes[nome_ato]
            if not c(processo)
        ]

    def mensagem(processo) -> str:
        return " ".join(motivos(processo))

    atendidas.mensagem = mensagem
    atendidas.motivos = motivos
    atendidas.__name__ = f"condicoes_da_fase_{nome_ato}"
    return atendidas


def preparar(nome_ato: str, processo, dados: dict) -> bool:
    """Roda os preparos do ato; False quando nenhuma fase o registrou."""
    for funcao in _preparos[nome_ato]:
        funcao(processo, dados)
    return bool(_preparos[nome_ato])


def aplicar_efeitos(andamento, *, depois_dos_documentos=False) -> None:
    for funcao in (_efeitos_finais if depois_dos_documentos else _efeitos)[andamento.ato]:
        funcao(andamento)


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


@dataclass(frozen=True)
class Documentos:
    """O que o hub pede aos documentos do ato, sem importar a app que os faz (ela fica
    abaixo das fases e se registra aqui): emitir os PDFs do ato praticado, a minuta do que
    ele emitiria, e dizer se o ato emite documento ou tem minuta (o formulário avisa)."""

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
