"""Onde o sistema aplica cada dispositivo da LC 23/1992 (sem Django).

Cada regra e cada guarda declara aqui, ao lado do próprio código, o dispositivo que aplica
(artigo, parágrafo, inciso) e como: `CALCULADA` pelo sistema (sobre evidência guardada),
`PRESENCA` (o arquivo conferido, não o que diz), `DECLARADA` por quem usa,
`EXIBIDA` ou `FORA` (não é matéria de software). A página `/lei/` é gerada deste registro,
somado ao mapa declarativo de `lei/mapa.py` para o que nenhum código aplica; um teste confere
que todo artigo do texto está no mapa e que nenhuma regra cita dispositivo inexistente.

    @aplica("Art. 2º, I", parametro="populacao_minima", testes=("tests.requisitos.x.test_y",))
    def avaliar_populacao(...): ...

Citações aceitas: "Art. 2º", "Art. 2º, I", "Art. 2º, I a IV", "Art. 2º, § 1º",
"Art. 2º, §§ 2º e 3º", "Art. 4º, parágrafo único", "Art. 12, I e II", "Art. 15 e 16" e
várias delas separadas por ";" ou por " e Art.".
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field

CALCULADA = "calculada"
# O sistema confere que o documento está nos autos e que o arquivo é do tipo dito (o PDF
# abre, a imagem decodifica), não o que ele diz: não é um cálculo sobre a evidência.
PRESENCA = "presenca"
DECLARADA = "declarada"
EXIBIDA = "exibida"
FORA = "fora"

MODOS = {
    CALCULADA: "Calculada pelo sistema",
    PRESENCA: "Presença conferida pelo sistema (o arquivo, não o conteúdo)",
    DECLARADA: "Declarada por quem usa o sistema",
    EXIBIDA: "Exibida pelo sistema",
    FORA: "Não é matéria de software",
}

UNICO = "único"


@dataclass(frozen=True, order=True)
class Dispositivo:
    """Um ponto do texto: artigo; parágrafo ("1", "2"... ou "único"); inciso romano.
    Sem parágrafo e sem inciso, é o caput do artigo."""

    artigo: int
    paragrafo: str = ""
    inciso: str = ""

    def __str__(self) -> str:
        partes = [f"Art. {self.artigo}º" if self.artigo < 10 else f"Art. {self.artigo}"]
        if self.paragrafo == UNICO:
            partes.append("parágrafo único")
        elif self.paragrafo:
            partes.append(f"§ {self.paragrafo}º")
        if self.inciso:
            partes.append(self.inciso)
        return ", ".join(partes)


class CitacaoInvalida(ValueError):
    pass


_ROMANO = re.compile(r"^[IVXL]+$")
_VALORES_ROMANOS = {"I": 1, "V": 5, "X": 10, "L": 50}


def romano_para_int(romano: str) -> int:
    total = 0
    for atual, seguinte in zip(romano, romano[1:] + " ", strict=True):
        valor = _VALORES_ROMANOS[atual]
        total += -valor if _VALORES_ROMANOS.get(seguinte, 0) > valor else valor
    return total


def int_para_romano(numero: int) -> str:
    pares = ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    texto = ""
    for valor, simbolo in pares:
        while numero >= valor:
            texto, numero = texto + simbolo, numero - valor
    return texto


def _numero(texto: str, citacao: str) -> int:
    limpo = texto.strip().rstrip("º°o").strip()
    if not limpo.isdigit():
        raise CitacaoInvalida(f"Número de dispositivo inválido em “{citacao}”: “{texto}”.")
    return int(limpo)


def _lista(texto: str, citacao: str) -> list[str]:
    """ "I, II e III" / "I a IV" / "2º e 3º" → os itens (intervalos só de incisos)."""
    itens = [i.strip() for i in re.split(r",|\be\b", texto) if i.strip()]
    expandidos = []
    for item in itens:
        if " a " in item:
            inicio, fim = (p.strip() for p in item.split(" a ", 1))
            if not (_ROMANO.match(inicio) and _ROMANO.match(fim)):
                raise CitacaoInvalida(f"Intervalo inválido em “{citacao}”: “{item}”.")
            de, ate = romano_para_int(inicio), romano_para_int(fim)
            expandidos += [int_para_romano(n) for n in range(de, ate + 1)]
        else:
            expandidos.append(item)
    return expandidos


def _incisos(texto: str, citacao: str) -> list[str]:
    incisos = _lista(texto, citacao)
    for inciso in incisos:
        if not _ROMANO.match(inciso):
            raise CitacaoInvalida(f"Inciso inválido em “{citacao}”: “{inciso}”.")
    return incisos


_CITACAO = re.compile(r"^Arts?\.\s*(?P<artigos>[\dº°\s,e]+?)\s*(?:,\s*(?P<resto>.*))?$")


def _um_artigo(artigo: int, resto: str, citacao: str) -> list[Dispositivo]:
    if not resto:
        return [Dispositivo(artigo)]
    paragrafo, _, incisos = resto.partition(",")
    paragrafo = paragrafo.strip()
    if paragrafo.lower() in ("parágrafo único", "p.ú.", "p. ú."):
        paragrafos = [UNICO]
    elif paragrafo.startswith("§§"):
        paragrafos = [str(_numero(p, citacao)) for p in _lista(paragrafo[2:], citacao)]
    elif paragrafo.startswith("§"):
        paragrafos = [str(_numero(paragrafo[1:], citacao))]
    else:  # sem parágrafo: incisos do caput
        return [Dispositivo(artigo, "", i) for i in _incisos(resto, citacao)]
    if not incisos.strip():
        return [Dispositivo(artigo, p) for p in paragrafos]
    if len(paragrafos) > 1:
        raise CitacaoInvalida(f"Incisos de mais de um parágrafo em “{citacao}”.")
    return [Dispositivo(artigo, paragrafos[0], i) for i in _incisos(incisos, citacao)]


def ler_citacao(citacao: str) -> tuple[Dispositivo, ...]:
    """ "Art. 2º, §§ 2º e 3º; Art. 18" → os dispositivos citados. CitacaoInvalida se o texto
    não for uma citação que o mapa saiba ler (não há citação "aproximada" no mapa)."""
    dispositivos: list[Dispositivo] = []
    for parte in (p.strip() for p in re.split(r";|\be (?=Arts?\.)", citacao)):
        achado = _CITACAO.match(parte)
        if not parte or not achado:
            raise CitacaoInvalida(f"Citação não reconhecida: “{citacao}”.")
        artigos = [_numero(a, citacao) for a in _lista(achado["artigos"], citacao)]
        resto = (achado["resto"] or "").strip()
        if len(artigos) > 1 and resto:
            raise CitacaoInvalida(f"Parágrafo ou inciso de mais de um artigo em “{citacao}”.")
        for artigo in artigos:
            dispositivos += _um_artigo(artigo, resto, citacao)
    return tuple(dispositivos)


@dataclass(frozen=True)
class Aplicacao:
    """Como o sistema aplica um ou mais dispositivos, e onde (o nome pontuado do código ou
    da tela). `parametro`: nome em `requisitos.parametros.DEFINICOES`; `testes`: nomes
    pontuados das funções de teste que conferem a regra; `decisao`: a interpretação do texto
    que o sistema adota (as decisões escritas junto ao código)."""

    citacao: str
    dispositivos: tuple[Dispositivo, ...]
    modo: str
    descricao: str
    onde: str = ""
    parametros: tuple[str, ...] = ()
    testes: tuple[str, ...] = ()
    decisao: str = ""
    # O número digitado por quem usa o sistema (não lido de certidão) de que a regra depende.
    digitado: str = ""

    def aplica_a(self, dispositivo: Dispositivo) -> bool:
        return dispositivo in self.dispositivos


# Fim de frase: ponto e maiúscula, mas não o de "Art." nem o de "p." (p.ú.).
_FIM_DE_FRASE = re.compile(r"(?<!Art)(?<!Arts)(?<!\bp)\.\s+(?=[A-ZÁÉÍÓÚÂÊÔÃÕÇ\"“])")


def _primeira_frase(texto: str | None) -> str:
    texto = " ".join((texto or "").replace("`", "").split())
    return _FIM_DE_FRASE.split(texto)[0].rstrip(".") + "." if texto else ""


@dataclass
class Registro:
    """Um registro de aplicações. O do sistema é `REGISTRO`; os testes criam outros."""

    aplicacoes: list[Aplicacao] = field(default_factory=list)

    def registrar(
        self,
        citacao: str,
        *,
        modo: str = CALCULADA,
        descricao: str,
        onde: str = "",
        parametro: str | tuple[str, ...] = (),
        testes: tuple[str, ...] = (),
        decisao: str = "",
        digitado: str = "",
    ) -> Aplicacao:
        if modo not in MODOS:
            raise ValueError(f"Modo desconhecido: {modo!r} (use um de {', '.join(MODOS)}).")
        aplicacao = Aplicacao(
            citacao=citacao,
            dispositivos=ler_citacao(citacao),
            modo=modo,
            descricao=descricao,
            onde=onde,
            parametros=(parametro,) if isinstance(parametro, str) else tuple(parametro),
            testes=tuple(testes),
            decisao=decisao,
            digitado=digitado,
        )
        if aplicacao not in self.aplicacoes:
            self.aplicacoes.append(aplicacao)
        return aplicacao

    def aplica(self, citacao: str, *, descricao: str = "", **opcoes) -> Callable:
        """Decorador: a função declara o dispositivo que aplica e é devolvida intacta. Sem
        `descricao`, vale a primeira frase da docstring."""

        def decorar(funcao):
            self.registrar(
                citacao,
                descricao=descricao or _primeira_frase(funcao.__doc__) or funcao.__name__,
                onde=f"{funcao.__module__}.{funcao.__qualname__}",
                **opcoes,
            )
            return funcao

        return decorar


REGISTRO = Registro()
aplica = REGISTRO.aplica
registrar = REGISTRO.registrar
