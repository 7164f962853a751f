"""Parâmetros legais (os números que a LC 23/1992 fixa e que a lei pode mudar) como valores
puros, sem Django.

Cada limiar da lei é um parâmetro com fonte e início de vigência, editável no admin
(modelo `requisitos.models.ParametroLegal`). As regras recebem um `ParametrosLegais`
pronto e permanecem funções puras; cada avaliação guarda os parâmetros que usou.
"""

from dataclasses import asdict, dataclass, fields
from datetime import date

REGRAS_PLEBISCITO = {
    "lc23_literal": "Maioria absoluta dos eleitores inscritos (LC 23/1992, Art. 11, § 2º)",
    "maioria_simples_validos": "Maioria simples dos votos válidos (Lei 9.709/1998, art. 10)",
    "maioria_comparecimento": "Maioria absoluta dos votantes (comparecimento)",
}
ABRANGENCIAS_PLEBISCITO = {
    "area_desmembrada": "Somente a área a desmembrar (LC 23/1992, Art. 11, § 1º; Art. 12, I)",
    "municipios_envolvidos": "Todos os municípios envolvidos (CF, art. 18, § 4º; Lei 9.709/1998, "
    "art. 7º; STF, ADI 2650)",
}


@dataclass(frozen=True)
class Definicao:
    tipo: type
    padrao: object
    descricao: str
    fundamento: str
    opcoes: tuple[str, ...] = ()


DEFINICOES: dict[str, Definicao] = {
    "populacao_minima": Definicao(
        int, 4000, "População estimada mínima (não inferior a)", "LC 23/1992, Art. 2º, I"
    ),
    "percentual_eleitores": Definicao(
        int,
        20,
        "Eleitores em relação à população, em % (não inferior a)",
        "LC 23/1992, Art. 2º, II (LC 31/1994)",
    ),
    "casas_minimas": Definicao(
        int, 200, "Casas no centro urbano (superior a)", "LC 23/1992, Art. 2º, III"
    ),
    "n_menores_va": Definicao(
        int,
        10,
        "Quantidade de municípios de menor valor adicionado na média",
        "LC 23/1992, Art. 2º, IV (LC 130/2003)",
    ),
    "prazo_oficio_dias": Definicao(
        int,
        30,
        "Prazo de resposta dos ofícios, em dias, a contar do recebimento",
        "LC 23/1992, Art. 2º, § 3º",
    ),
    "assinaturas_minimas": Definicao(
        int, 100, "Assinaturas mínimas de eleitores na representação", "LC 23/1992, Art. 13"
    ),
    "percentual_area_revisao": Definicao(
        int,
        20,
        "Área desmembrada máxima, em %, com plebiscito dispensado",
        "LC 23/1992, Art. 8º",
    ),
    "distrito_habitacoes_minimas": Definicao(
        int, 50, "Habitações na sede do distrito (no mínimo)", "LC 23/1992, Art. 25, I"
    ),
    "distrito_populacao_minima": Definicao(
        int, 1000, "População do território do distrito (superior a)", "LC 23/1992, Art. 25, II"
    ),
    "max_palavras_nome": Definicao(
        int, 3, "Palavras no nome, excluídas as partículas gramaticais", "LC 23/1992, Art. 6º"
    ),
    "regra_plebiscito": Definicao(
        str,
        "lc23_literal",
        "Regra de aprovação do plebiscito",
        "LC 23/1992, Art. 11, § 2º",
        tuple(REGRAS_PLEBISCITO),
    ),
    "abrangencia_plebiscito": Definicao(
        str,
        "area_desmembrada",
        "População consultada no plebiscito",
        "LC 23/1992, Art. 11, § 1º",
        tuple(ABRANGENCIAS_PLEBISCITO),
    ),
    "art3_vigente": Definicao(
        bool,
        False,
        "Aplicar a vedação do Art. 3º (declarado inconstitucional na ADPF 819)",
        "STF, ADPF 819 (DJe 09/01/2024)",
    ),
    "bloqueio_constitucional": Definicao(
        bool,
        True,
        "Exibir o bloqueio federal (CF, art. 18, § 4º; EC 15/1996)",
        "CF, art. 18, § 4º; STF, ADO 3682 e ADI 4711",
    ),
}


@dataclass(frozen=True)
class ParametrosLegais:
    """Os valores em vigor numa data. Os padrões são os da consolidação de 2003."""

    populacao_minima: int = 4000
    percentual_eleitores: int = 20
    casas_minimas: int = 200
    n_menores_va: int = 10
    prazo_oficio_dias: int = 30
    assinaturas_minimas: int = 100
    percentual_area_revisao: int = 20
    distrito_habitacoes_minimas: int = 50
    distrito_populacao_minima: int = 1000
    max_palavras_nome: int = 3
    regra_plebiscito: str = "lc23_literal"
    abrangencia_plebiscito: str = "area_desmembrada"
    art3_vigente: bool = False
    bloqueio_constitucional: bool = True
    data_referencia: date | None = None

    def como_dict(self) -> dict:
        """Forma serializável, para gravar junto de cada avaliação."""
        dados = asdict(self)
        if self.data_referencia:
            dados["data_referencia"] = self.data_referencia.isoformat()
        return dados


assert {f.name for f in fields(ParametrosLegais)} - {"data_referencia"} == set(DEFINICOES)


def converter_valor(nome: str, texto: str) -> object:
    """Converte o texto guardado no banco para o tipo do parâmetro; ValueError se inválido."""
    definicao = DEFINICOES[nome]
    texto = (texto or "").strip()
    if definicao.tipo is bool:
        if texto.lower() in {"1", "true", "sim", "s", "ligado", "on"}:
            return True
        if texto.lower() in {"0", "false", "nao", "não", "n", "desligado", "off"}:
            return False
        raise ValueError("Use sim ou não.")
    if definicao.tipo is int:
        try:
            valor = int(texto)
        except ValueError:
            raise ValueError("Informe um número inteiro.") from None
        if valor < 0:
            raise ValueError("O valor não pode ser negativo.")
        return valor
    if definicao.opcoes and texto not in definicao.opcoes:
        raise ValueError("Escolha uma destas opções: " + ", ".join(definicao.opcoes) + ".")
    return texto
