"""A forma dos vereditos das regras (sem Django): por requisito, o inciso, o valor, o limite,
a comparação, se atende, o fundamento legal e uma frase em pt-BR; e a conversão para um
dicionário JSON (Decimal como texto, nunca float), para a API e para gravar a avaliação."""

import dataclasses
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from requisitos import formatacao as fmt

Valor = int | Decimal | bool | None


@dataclass(frozen=True)
class Requisito:
    """Uma linha do veredito: o que a lei exige, o valor apurado e se atende."""

    inciso: str
    descricao: str
    valor: Valor
    limite: Valor
    comparacao: str  # ">=", ">", "<=", "="
    atende: bool
    fundamento: str  # "Art. 2º, I"
    mensagem: str  # frase em pt-BR para quem lê o veredito
    fonte: str = ""  # órgão que apura o requisito (Art. 2º, § 2º; Art. 25, p.ú.)
    falta: str = ""  # o que teria de mudar para atender (vazio quando atende)


@dataclass(frozen=True)
class Veredito:
    atende: bool
    requisitos: tuple[Requisito, ...]
    parametros: dict = field(default_factory=dict, compare=False)
    avisos: tuple[str, ...] = ()


@dataclass(frozen=True)
class MediaVA:
    """Média do valor adicionado dos N municípios de menor VA do Estado (Art. 2º, IV).

    `media` é arredondada ao centavo só para exibição; a comparação usa a soma exata
    (VA × N > soma), de modo que um VA igual à média nunca basta."""

    media: Decimal
    soma: Decimal
    municipios: tuple[tuple[int, Decimal], ...]  # (código IBGE, VA), do menor ao maior
    exercicio: int | None = None

    @property
    def n(self) -> int:
        return len(self.municipios)

    def superada_por(self, valor: Decimal) -> bool:
        return valor * self.n > self.soma


@dataclass(frozen=True)
class VereditoRemanescente:
    codigo_ibge: int
    atende: bool
    requisitos: tuple[Requisito, ...]
    nome: str = ""
    avisos: tuple[str, ...] = ()


@dataclass(frozen=True)
class VereditoCriacao(Veredito):
    remanescentes: tuple[VereditoRemanescente, ...] = ()
    media_va: MediaVA | None = None


@dataclass(frozen=True)
class VereditoRevisao(Veredito):
    plebiscito_dispensado: bool = False


def _json(valor):
    if isinstance(valor, Decimal):
        return str(valor)
    if isinstance(valor, dict):
        return {chave: _json(item) for chave, item in valor.items()}
    if isinstance(valor, list | tuple):
        return [_json(item) for item in valor]
    return valor


def como_dict(veredito) -> dict:
    """Dicionário pronto para JSON (Decimal → texto). A média do VA leva o exercício e os
    municípios usados, como exige o Art. 2º, IV."""
    dados = _json(dataclasses.asdict(veredito))
    media = getattr(veredito, "media_va", None)
    if media is not None:
        dados["media_va"] = {
            "exercicio": media.exercicio,
            "media": str(media.media),
            "soma": str(media.soma),
            "municipios": [
                {"codigo_ibge": codigo, "valor_adicionado": str(valor)}
                for codigo, valor in media.municipios
            ],
        }
    return dados


def numero_de_json(valor):
    """O inverso de `_json` para números: Decimal gravado como texto volta a Decimal."""
    if isinstance(valor, str):
        try:
            return Decimal(valor)
        except InvalidOperation:
            return valor
    return valor


def requisito_de_dict(dados: dict, prefixo: str = "") -> "Requisito":
    """Reconstitui um Requisito gravado por `como_dict` (p.ex. num Andamento), para exibir
    a avaliação exatamente como foi feita."""
    nomes = {f.name for f in dataclasses.fields(Requisito)}
    valores = {k: v for k, v in dados.items() if k in nomes}
    valores["valor"] = numero_de_json(valores.get("valor"))
    valores["limite"] = numero_de_json(valores.get("limite"))
    valores["descricao"] = prefixo + valores.get("descricao", "")
    return Requisito(**valores)


def plural(quantidade: int, singular: str, plural_: str) -> str:
    return f"{fmt.inteiro(quantidade)} {singular if quantidade == 1 else plural_}"


def faltam(quantidade: int, singular: str, plural_: str) -> str:
    """ "Falta 1 casa." / "Faltam 2 casas." """
    verbo = "Falta" if quantidade == 1 else "Faltam"
    return f"{verbo} {plural(quantidade, singular, plural_)}."


def exigir_nao_negativos(**valores: int | Decimal) -> None:
    """As regras recusam o que não é número legal: bool, float, NaN, infinito, negativo."""
    for nome, valor in valores.items():
        if isinstance(valor, bool) or not isinstance(valor, int | Decimal):
            raise TypeError(f"{nome} deve ser int ou Decimal, não {type(valor).__name__}.")
        if isinstance(valor, Decimal) and not valor.is_finite():
            raise ValueError(f"{nome} deve ser um número finito.")
        if valor < 0:
            raise ValueError(f"{nome} não pode ser negativo.")
