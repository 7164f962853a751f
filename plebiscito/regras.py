"""Resultado do plebiscito (Art. 11; DOMAIN §6) como função pura, sem Django e sem float.

A LC 23/1992 (Art. 11, § 2º) exige a maioria absoluta dos eleitores inscritos; a Lei
9.709/1998 (art. 10) e a prática do TSE contam a maioria simples dos votos válidos; há ainda
a leitura da maioria dos que compareceram. O sistema calcula e mostra as três; o parâmetro
legal `regra_plebiscito` diz qual governa.
"""

from dataclasses import dataclass

REGRAS = ("lc23_literal", "maioria_simples_validos", "maioria_comparecimento")


@dataclass(frozen=True)
class Votacao:
    """Números de uma unidade de votação, como o TRE os comunica."""

    inscritos: int
    comparecimento: int
    sim: int
    nao: int
    brancos: int
    nulos: int

    @property
    def validos(self) -> int:
        return self.sim + self.nao


@dataclass(frozen=True)
class VereditoRegra:
    regra: str
    descricao: str
    fundamento: str
    formula: str  # a comparação feita, com os números: "1.561 × 2 = 3.122 > 2.719"
    aprovado: bool
    governa: bool


@dataclass(frozen=True)
class ResultadoPlebiscito:
    votacao: Votacao
    vereditos: tuple[VereditoRegra, ...]
    regra_vigente: str

    @property
    def aprovado(self) -> bool:
        """O veredito da regra que governa (parâmetro legal em vigor)."""
        return next(v.aprovado for v in self.vereditos if v.governa)

    @property
    def unanimes(self) -> bool:
        return len({v.aprovado for v in self.vereditos}) == 1


def _milhar(valor: int) -> str:
    return f"{valor:,}".replace(",", ".")


def validar_votacao(v: Votacao) -> None:
    """Consistência (DOMAIN §6): tudo ≥ 0; sim + não + brancos + nulos = comparecimento
    ≤ inscritos. Números inconsistentes não produzem veredito algum."""
    campos = (v.inscritos, v.comparecimento, v.sim, v.nao, v.brancos, v.nulos)
    if any(isinstance(c, bool) or not isinstance(c, int) for c in campos):
        raise TypeError("Os números do plebiscito devem ser inteiros.")
    if any(c < 0 for c in campos):
        raise ValueError("Os números do plebiscito não podem ser negativos.")
    if v.sim + v.nao + v.brancos + v.nulos != v.comparecimento:
        raise ValueError("Sim + Não + brancos + nulos deve ser igual ao comparecimento.")
    if v.comparecimento > v.inscritos:
        raise ValueError("O comparecimento não pode superar os eleitores inscritos.")


def apurar(votacao: Votacao, regra_vigente: str) -> ResultadoPlebiscito:
    """As três leituras do resultado, cada uma com a conta feita, e qual governa."""
    if regra_vigente not in REGRAS:
        raise ValueError(f"Regra de plebiscito desconhecida: {regra_vigente}")
    validar_votacao(votacao)
    v, m = votacao, _milhar
    dobro = v.sim * 2
    leituras = (
        (
            "lc23_literal",
            "Maioria absoluta dos eleitores inscritos",
            "LC 23/1992, Art. 11, § 2º",
            dobro > v.inscritos,
            f"Sim × 2 = {m(dobro)} {'>' if dobro > v.inscritos else '≤'} "
            f"{m(v.inscritos)} inscritos",
        ),
        (
            "maioria_simples_validos",
            "Maioria simples dos votos válidos (brancos e nulos excluídos)",
            "Lei 9.709/1998, art. 10",
            v.sim > v.nao,
            f"Sim {m(v.sim)} {'>' if v.sim > v.nao else '≤'} Não {m(v.nao)}",
        ),
        (
            "maioria_comparecimento",
            "Maioria absoluta dos que compareceram",
            "Leitura alternativa do Art. 11, § 2º",
            dobro > v.comparecimento,
            f"Sim × 2 = {m(dobro)} {'>' if dobro > v.comparecimento else '≤'} "
            f"{m(v.comparecimento)} votantes",
        ),
    )
    vereditos = tuple(
        VereditoRegra(regra, descricao, fundamento, formula, aprovado, regra == regra_vigente)
        for regra, descricao, fundamento, aprovado, formula in leituras
    )
    return ResultadoPlebiscito(votacao, vereditos, regra_vigente)
