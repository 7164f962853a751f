"""Resultado do plebiscito (Art. 11) como função pura, sem Django e sem float.

A LC 23/1992 (Art. 11, § 2º) exige a maioria absoluta dos eleitores inscritos; a Lei
9.709/1998 (art. 10) e a prática do TSE contam a maioria simples dos votos válidos; há ainda
a leitura da maioria dos que compareceram. O sistema calcula e mostra as três; o parâmetro
legal `regra_plebiscito` diz qual governa.
"""

from dataclasses import dataclass

from requisitos.aplicacao import aplica

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


CAMPOS = ("inscritos", "comparecimento", "sim", "nao", "brancos", "nulos")


def problemas_da_votacao(v: Votacao) -> list[tuple[str, str]]:
    """Consistência do boletim, campo a campo: tudo inteiro ≥ 0; sim + não + brancos +
    nulos = comparecimento ≤ inscritos. Lista vazia = números consistentes."""
    problemas = []
    for campo in CAMPOS:
        valor = getattr(v, campo)
        if isinstance(valor, bool) or not isinstance(valor, int):
            problemas.append((campo, "Informe um número inteiro."))
        elif valor < 0:
            problemas.append((campo, "O número não pode ser negativo."))
    if problemas:
        return problemas
    soma = v.sim + v.nao + v.brancos + v.nulos
    if soma != v.comparecimento:
        problemas.append(
            (
                "comparecimento",
                f"Sim + Não + brancos + nulos ({_milhar(soma)}) deve ser igual ao "
                f"comparecimento ({_milhar(v.comparecimento)}).",
            )
        )
    if v.comparecimento > v.inscritos:
        problemas.append(
            ("comparecimento", "O comparecimento não pode superar os eleitores inscritos.")
        )
    return problemas


@aplica(
    "Art. 11",
    descricao="Consistência dos números do TRE: sim + não + brancos + nulos = comparecimento "
    "≤ inscritos, todos inteiros não negativos; números inconsistentes não geram veredito.",
    testes=("tests.plebiscito.test_regras.test_numeros_inconsistentes_nao_geram_veredito",),
)
def validar_votacao(v: Votacao) -> None:
    """Números inconsistentes não produzem veredito algum (TypeError se não inteiros)."""
    problemas = problemas_da_votacao(v)
    if any(m == "Informe um número inteiro." for _, m in problemas):
        raise TypeError("Os números do plebiscito devem ser inteiros.")
    if problemas:
        raise ValueError(" ".join(m for _, m in problemas))


@aplica(
    "Art. 11, § 2º",
    descricao="Resultado do plebiscito nas três leituras (maioria absoluta dos inscritos, "
    "maioria simples dos válidos, maioria do comparecimento); a do parâmetro governa.",
    parametro="regra_plebiscito",
    testes=(
        "tests.plebiscito.test_regras.test_lc23_literal_exige_maioria_absoluta_dos_inscritos",
        "tests.plebiscito.test_regras.test_as_tres_leituras_podem_divergir_e_a_vigente_governa",
    ),
    decisao="A LC 23 exige a maioria absoluta dos eleitores inscritos; a Lei 9.709/1998 "
    "(art. 10) e o TSE contam a maioria simples dos votos válidos. O sistema calcula e mostra "
    "as três leituras, e o parâmetro legal regra_plebiscito (padrão: a literal) diz qual "
    "governa.",
)
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


# --- unidades de votação, abrangência e a fusão (Art. 4º, parágrafo único; Art. 11, § 1º) ---

ABRANGENCIAS = ("area_desmembrada", "municipios_envolvidos")


@dataclass(frozen=True)
class Unidade:
    """Uma unidade de votação: a área a desmembrar, ou um município envolvido.

    `area_desmembrada` diz se a unidade é a própria área consultada (sempre contada); as
    demais (os municípios de origem remanescentes) contam só quando a abrangência em vigor é
    `municipios_envolvidos`. Na fusão, `sede` traz a segunda pergunta da cédula (a sede do
    novo município), com os mesmos inscritos e o mesmo comparecimento."""

    nome: str
    area_desmembrada: bool
    votacao: Votacao
    sede: Votacao | None = None


@dataclass(frozen=True)
class Apuracao:
    """O resultado sobre as unidades da abrangência: as três leituras da pergunta principal
    e, na fusão, as da pergunta sobre a sede. A aprovação exige as duas (Art. 4º, p.ú.)."""

    abrangencia: str
    regra_vigente: str
    unidades: tuple[Unidade, ...]
    contadas: tuple[str, ...]
    principal: ResultadoPlebiscito
    sede: ResultadoPlebiscito | None

    @property
    def aprovado(self) -> bool:
        return self.principal.aprovado and (self.sede is None or self.sede.aprovado)

    def aprovado_pela(self, regra: str) -> bool:
        def da(resultado: ResultadoPlebiscito) -> bool:
            return next(v.aprovado for v in resultado.vereditos if v.regra == regra)

        return da(self.principal) and (self.sede is None or da(self.sede))

    @property
    def vereditos(self) -> dict[str, bool]:
        return {regra: self.aprovado_pela(regra) for regra in REGRAS}

    @property
    def totais(self) -> Votacao:
        return self.principal.votacao


class ApuracaoInvalida(ValueError):
    """Unidades que não permitem apurar; `problemas` traz (onde, mensagem) em pt-BR, onde
    `onde` é "unidades", ou (índice da unidade, campo)."""

    def __init__(self, problemas: list[tuple[object, str]]):
        self.problemas = problemas
        super().__init__(" ".join(m for _, m in problemas))


def somar(votacoes: list[Votacao]) -> Votacao:
    return Votacao(*(sum(getattr(v, c) for v in votacoes) for c in CAMPOS))


def _normalizar(nome: str) -> str:
    return " ".join(str(nome).casefold().split())


def problemas_das_unidades(unidades: list[Unidade], abrangencia: str) -> list[tuple[object, str]]:
    problemas: list[tuple[object, str]] = []
    if abrangencia not in ABRANGENCIAS:
        return [("abrangencia", f"Abrangência desconhecida: {abrangencia}.")]
    if not unidades:
        return [("unidades", "Informe ao menos uma unidade de votação.")]
    vistos: set[str] = set()
    for i, unidade in enumerate(unidades):
        nome = _normalizar(unidade.nome)
        if not nome:
            problemas.append(((i, "nome"), "Dê um nome à unidade de votação."))
        elif nome in vistos:
            problemas.append(((i, "nome"), f"Unidade repetida: {unidade.nome}."))
        vistos.add(nome)
        problemas += [((i, campo), m) for campo, m in problemas_da_votacao(unidade.votacao)]
        if unidade.sede is not None:
            problemas += [
                ((i, f"sede_{campo}"), f"Pergunta sobre a sede: {m}")
                for campo, m in problemas_da_votacao(unidade.sede)
                if campo not in ("inscritos",)
            ]
    if len({u.sede is None for u in unidades}) > 1:
        problemas.append(
            ("unidades", "A pergunta sobre a sede deve ser informada em todas as unidades.")
        )
    if abrangencia == "area_desmembrada" and not any(u.area_desmembrada for u in unidades):
        problemas.append(
            (
                "unidades",
                "Nenhuma unidade é a área a desmembrar, a única consultada sob a abrangência "
                "em vigor (Art. 11, § 1º; Art. 12, I).",
            )
        )
    return problemas


@aplica(
    "Art. 11, § 1º; Art. 12, I; Art. 4º, parágrafo único",
    descricao="Unidades de votação contadas conforme a abrangência em vigor (só a área a "
    "desmembrar, ou todos os municípios envolvidos); na fusão, exige também a pergunta "
    "sobre a sede.",
    parametro="abrangencia_plebiscito",
    testes=(
        "tests.plebiscito.test_regras_unidades.test_area_desmembrada_conta_so_a_area",
        "tests.plebiscito.test_regras_unidades.test_municipios_envolvidos_somam_as_unidades_e_mudam_o_veredito",
        "tests.plebiscito.test_regras_unidades.test_fusao_exige_as_duas_perguntas",
    ),
    decisao="A população consultada é a da área a desmembrar (Art. 11, § 1º; padrão) ou a "
    "de todos os municípios envolvidos (CF, art. 18, § 4º; Lei 9.709/1998, art. 7º; STF, "
    "ADI 2650), pelo parâmetro abrangencia_plebiscito; o veredito é sobre o total das "
    "unidades contadas.",
)
def apurar_unidades(unidades: list[Unidade], regra_vigente: str, abrangencia: str) -> Apuracao:
    """Art. 11: soma os números das unidades que a abrangência inclui e aplica as três
    leituras (a de `regra_vigente` governa). Decisão: o veredito é sobre o total das
    unidades contadas, como o TRE totaliza a consulta (Lei 9.709/1998, art. 7º)."""
    if regra_vigente not in REGRAS:
        raise ValueError(f"Regra de plebiscito desconhecida: {regra_vigente}")
    problemas = problemas_das_unidades(unidades, abrangencia)
    if problemas:
        raise ApuracaoInvalida(problemas)
    contadas = [u for u in unidades if u.area_desmembrada or abrangencia != "area_desmembrada"]
    principal = apurar(somar([u.votacao for u in contadas]), regra_vigente)
    sede = None
    if unidades[0].sede is not None:
        sede = apurar(somar([u.sede for u in contadas]), regra_vigente)
    return Apuracao(
        abrangencia,
        regra_vigente,
        tuple(unidades),
        tuple(u.nome for u in contadas),
        principal,
        sede,
    )
