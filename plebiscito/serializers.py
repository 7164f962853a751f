"""Contrato da API do simulador do plebiscito (Art. 11): entrada estrita (inteiros JSON,
booleanos JSON, nomes de regra e abrangência conhecidos) e a forma da saída, para o esquema
OpenAPI. A consistência dos números vem das regras puras (`plebiscito.regras`)."""

from rest_framework import serializers

from emancipacao.numeros import InteiroJSON
from plebiscito.regras import (
    ABRANGENCIAS,
    CAMPOS,
    REGRAS,
    Apuracao,
    Unidade,
    Votacao,
    problemas_da_votacao,
)
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO, REGRAS_PLEBISCITO
from requisitos.serializers import (
    MAXIMO_PESSOAS,
    NOME_NAO_VAZIO,
    BooleanoField,
    campo_de_nome,
)

MAXIMO_UNIDADES = 200  # a área e os municípios envolvidos; acima disso é erro de envio
OPCOES_REGRA = [(r, REGRAS_PLEBISCITO[r]) for r in REGRAS]
OPCOES_ABRANGENCIA = [(a, ABRANGENCIAS_PLEBISCITO[a]) for a in ABRANGENCIAS]


def _contagem(ajuda: str) -> InteiroJSON:
    return InteiroJSON(min_value=0, max_value=MAXIMO_PESSOAS, help_text=ajuda)


class RegraField(serializers.ChoiceField):
    """Uma das regras do Art. 11, § 2º, com os rótulos dos parâmetros legais."""

    def __init__(self, **kwargs):
        super().__init__(OPCOES_REGRA, **kwargs)


class AbrangenciaField(serializers.ChoiceField):
    """Uma das abrangências do Art. 11, § 1º, com os rótulos dos parâmetros legais."""

    def __init__(self, **kwargs):
        super().__init__(OPCOES_ABRANGENCIA, **kwargs)


class UnidadeEntrada(serializers.Serializer):
    """Uma unidade de votação, com os números que o TRE comunica (Art. 11; Art. 20)."""

    nome = campo_de_nome(NOME_NAO_VAZIO, "Dê um nome à unidade: não pode estar em branco.")
    inscritos = _contagem("Eleitores inscritos na unidade.")
    comparecimento = _contagem("Eleitores que votaram.")
    sim = _contagem("Votos Sim.")
    nao = _contagem("Votos Não.")
    brancos = _contagem("Votos em branco.")
    nulos = _contagem("Votos nulos.")
    area_desmembrada = BooleanoField(
        help_text="true se a unidade é a própria área a desmembrar (Art. 11, § 1º)."
    )

    def validate_nome(self, nome: str) -> str:
        return " ".join(nome.split())

    def validate(self, dados):
        """Sim + Não + brancos + nulos = comparecimento ≤ inscritos: o boletim do TRE
        fecha (Art. 11)."""
        erros: dict[str, list[str]] = {}
        for campo, mensagem in problemas_da_votacao(votacao_de(dados)):
            erros.setdefault(campo, []).append(mensagem)
        if erros:
            raise serializers.ValidationError(erros)
        return dados


class PlebiscitoEntrada(serializers.Serializer):
    unidades = serializers.ListField(
        child=UnidadeEntrada(),
        min_length=1,
        max_length=MAXIMO_UNIDADES,
        error_messages={
            "not_a_list": "Envie as unidades de votação numa lista.",
            "min_length": "Informe ao menos uma unidade de votação.",
            "max_length": f"Informe no máximo {MAXIMO_UNIDADES} unidades de votação.",
        },
    )
    regra = RegraField(
        required=False,
        help_text="Regra que governa o resultado; na falta, a do parâmetro legal em vigor "
        "(LC 23/1992, Art. 11, § 2º).",
    )
    abrangencia = AbrangenciaField(
        required=False,
        help_text="Unidades contadas; na falta, a do parâmetro legal em vigor "
        "(LC 23/1992, Art. 11, § 1º).",
    )

    def validate(self, dados):
        parametros = self.context["parametros"]
        dados.setdefault("regra", parametros.regra_plebiscito)
        dados.setdefault("abrangencia", parametros.abrangencia_plebiscito)
        return dados


def votacao_de(dados: dict) -> Votacao:
    return Votacao(**{campo: dados[campo] for campo in CAMPOS})


def unidade_de(dados: dict) -> Unidade:
    return Unidade(dados["nome"], dados["area_desmembrada"], votacao_de(dados))


def erros_da_apuracao(problemas: list[tuple[object, str]]) -> dict:
    """Os problemas das regras no formato de erros do DRF: a unidade pelo índice
    (`{"unidades": {1: {"nome": [...]}}}`) ou a lista inteira (`{"unidades": [...]}`)."""
    por_unidade: dict = {}
    gerais: dict[str, list[str]] = {}
    for onde, mensagem in problemas:
        if isinstance(onde, tuple):
            indice, campo = onde
            por_unidade.setdefault(indice, {}).setdefault(campo, []).append(mensagem)
        else:
            gerais.setdefault(str(onde), []).append(mensagem)
    if por_unidade:
        if "unidades" in gerais:
            por_unidade["non_field_errors"] = gerais["unidades"]
        gerais["unidades"] = por_unidade
    return gerais


def como_resposta(apuracao: Apuracao) -> dict:
    totais = apuracao.totais
    return {
        "aprovado": apuracao.aprovado,
        "regra_aplicada": apuracao.regra_vigente,
        "abrangencia": apuracao.abrangencia,
        "veredictos": apuracao.vereditos,
        "totais": {campo: getattr(totais, campo) for campo in CAMPOS},
        "unidades_contadas": list(apuracao.contadas),
        "leituras": [
            {
                "regra": v.regra,
                "descricao": v.descricao,
                "fundamento": v.fundamento,
                "formula": v.formula,
                "aprovado": v.aprovado,
                "governa": v.governa,
            }
            for v in apuracao.principal.vereditos
        ],
    }


# --- Saída (para o esquema OpenAPI; a resposta é `como_resposta`) ----------------------------


class VeredictosSaida(serializers.Serializer):
    lc23_literal = serializers.BooleanField(help_text="Sim × 2 > inscritos (Art. 11, § 2º).")
    maioria_simples_validos = serializers.BooleanField(
        help_text="Sim > Não (Lei 9.709/1998, art. 10)."
    )
    maioria_comparecimento = serializers.BooleanField(help_text="Sim × 2 > comparecimento.")


class TotaisSaida(serializers.Serializer):
    inscritos = serializers.IntegerField()
    comparecimento = serializers.IntegerField()
    sim = serializers.IntegerField()
    nao = serializers.IntegerField()
    brancos = serializers.IntegerField()
    nulos = serializers.IntegerField()


class LeituraSaida(serializers.Serializer):
    regra = RegraField()
    descricao = serializers.CharField()
    fundamento = serializers.CharField(help_text='Ex.: "LC 23/1992, Art. 11, § 2º"')
    formula = serializers.CharField(help_text='Ex.: "Sim × 2 = 3.122 > 2.719 inscritos"')
    aprovado = serializers.BooleanField()
    governa = serializers.BooleanField(help_text="A leitura da regra aplicada.")


class PlebiscitoSaida(serializers.Serializer):
    aprovado = serializers.BooleanField(help_text="O veredito da regra aplicada.")
    regra_aplicada = RegraField()
    abrangencia = AbrangenciaField()
    veredictos = VeredictosSaida(help_text="As três leituras, cada uma aprovada ou não.")
    totais = TotaisSaida(help_text="Soma das unidades contadas sob a abrangência.")
    unidades_contadas = serializers.ListField(child=serializers.CharField())
    leituras = LeituraSaida(many=True)
