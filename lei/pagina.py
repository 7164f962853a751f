"""A lei anotada como dados para a página e o PDF: cada artigo, parágrafo e inciso do texto
com as aplicações do sistema ao lado, e os parâmetros legais em vigor na data."""

from dataclasses import dataclass, field
from datetime import date

from lei import aplicacoes as ap
from lei.texto import Artigo, Inciso, Lei, lei_23
from requisitos import formatacao as fmt
from requisitos.aplicacao import MODOS, Aplicacao, Dispositivo
from requisitos.models import ParametroLegal, parametros_em_vigor
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO, DEFINICOES, REGRAS_PLEBISCITO


@dataclass(frozen=True)
class ParametroHoje:
    nome: str
    descricao: str
    valor: str
    fonte: str
    desde: date | None  # None: o padrão da consolidação de 2003, sem versão cadastrada


def _valor(nome: str, valor: object) -> str:
    if isinstance(valor, bool):
        return "ligado" if valor else "desligado"
    if isinstance(valor, int):
        return fmt.inteiro(valor)
    return REGRAS_PLEBISCITO.get(valor) or ABRANGENCIAS_PLEBISCITO.get(valor) or str(valor)


def parametros_hoje(data: date) -> dict[str, ParametroHoje]:
    """Cada parâmetro com o valor em vigor na data e a fonte legal da versão que vale."""
    em_vigor = parametros_em_vigor(data)
    versoes = {
        p.nome: p
        for p in ParametroLegal.objects.filter(vigencia_inicio__lte=data).order_by(
            "nome", "vigencia_inicio"
        )
    }
    resultado = {}
    for nome, definicao in DEFINICOES.items():
        versao = versoes.get(nome)
        resultado[nome] = ParametroHoje(
            nome=nome,
            descricao=definicao.descricao,
            valor=_valor(nome, getattr(em_vigor, nome)),
            fonte=versao.fundamento if versao else definicao.fundamento,
            desde=versao.vigencia_inicio if versao else None,
        )
    return resultado


@dataclass
class Anotacao:
    """Uma aplicação como a página a mostra."""

    aplicacao: Aplicacao
    parametros: list[ParametroHoje]

    @property
    def modo(self) -> str:
        return self.aplicacao.modo

    @property
    def modo_rotulo(self) -> str:
        return MODOS[self.aplicacao.modo]


@dataclass
class Trecho:
    """Um ponto do texto (caput, inciso ou parágrafo) e as suas anotações."""

    ancora: str
    rotulo: str
    texto: str
    anotacoes: list[Anotacao]
    incisos: list["Trecho"] = field(default_factory=list)
    paragrafos: list["Trecho"] = field(default_factory=list)


@dataclass
class LeiAnotada:
    lei: Lei
    artigos: list[Trecho]
    data: date
    contagem: dict[str, int]
    parametros: dict[str, ParametroHoje]
    # (citação, âncora do primeiro dispositivo, texto) de cada Decisão, na ordem da lei.
    decisoes: list[tuple[str, str, str]] = field(default_factory=list)


def _ancora(d: Dispositivo) -> str:
    partes = [f"art-{d.artigo}"]
    if d.paragrafo:
        partes.append(f"par-{d.paragrafo.replace('único', 'unico')}")
    if d.inciso:
        partes.append(f"inc-{d.inciso}")
    return "-".join(partes)


def montar(data: date) -> LeiAnotada:
    todas = ap.todas()
    indice = ap.por_dispositivo(todas)
    parametros = parametros_hoje(data)

    def anotar(d: Dispositivo) -> list[Anotacao]:
        ordem = list(MODOS)
        lista = sorted(indice.get(d, []), key=lambda a: ordem.index(a.modo))
        return [
            Anotacao(a, [parametros[p] for p in a.parametros if p in parametros]) for a in lista
        ]

    def incisos(artigo: int, paragrafo: str, lista: list[Inciso]) -> list[Trecho]:
        return [
            Trecho(
                _ancora(d := Dispositivo(artigo, paragrafo, i.numero)),
                f"{i.numero} –",
                i.texto,
                anotar(d),
            )
            for i in lista
        ]

    def trecho(a: Artigo) -> Trecho:
        caput = Dispositivo(a.numero)
        artigo = Trecho(
            _ancora(caput), a.rotulo, a.texto, anotar(caput), incisos(a.numero, "", a.incisos)
        )
        artigo.paragrafos = [
            Trecho(
                _ancora(d := Dispositivo(a.numero, p.numero)),
                p.rotulo,
                p.texto,
                anotar(d),
                incisos(a.numero, p.numero, p.incisos),
            )
            for p in a.paragrafos
        ]
        return artigo

    lei = lei_23()
    contagem = {modo: sum(1 for a in todas if a.modo == modo) for modo in MODOS}
    decisoes = sorted(
        {(min(a.dispositivos), a.citacao, a.decisao) for a in todas if a.decisao},
        key=lambda d: d[0],
    )
    return LeiAnotada(
        lei,
        [trecho(a) for a in lei.artigos],
        data,
        contagem,
        parametros,
        [(citacao, _ancora(d), texto) for d, citacao, texto in decisoes],
    )
