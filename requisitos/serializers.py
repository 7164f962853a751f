"""Contrato da API dos simuladores: validação estrita da entrada (inteiros JSON, decimais sem
float, booleanos JSON; os números conferidos em `emancipacao.numeros` antes da conversão) e a
forma da saída, documentada no esquema OpenAPI."""

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from emancipacao.numeros import DecimalJSON, InteiroJSON
from requisitos.consultas import TabelaVAIncompleta, media_va_do_exercicio
from requisitos.municipios_br import municipios_da_uf, por_codigo

MAXIMO_PESSOAS = 1_000_000_000
# Um nome (de município, de unidade de votação): algum caractere que não seja espaço, nenhum
# caractere nulo; o tamanho conta o texto como veio. O mesmo padrão vai ao esquema OpenAPI.
NOME_NAO_VAZIO = r"^[^\x00]*[^\s\x00][^\x00]*$"
# Com uma letra ("123" não é nome): \w sem algarismos nem "_", como no Python e no esquema.
NOME_COM_LETRA = r"^[^\x00]*[^\W\d_][^\x00]*$"


def campo_de_nome(padrao: str, mensagem: str) -> serializers.RegexField:
    return serializers.RegexField(
        padrao, max_length=120, trim_whitespace=False, error_messages={"invalid": mensagem}
    )


@extend_schema_field(
    {"type": "integer", "enum": sorted(m.codigo_ibge for m in municipios_da_uf("MT"))}
)
class CodigoIBGEdeMT(InteiroJSON):
    """O código IBGE de um município de Mato Grosso; no esquema, a lista deles."""


class BooleanoField(serializers.BooleanField):
    """Só true/false do JSON (null quando permitido)."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


def _contagem(**kwargs) -> InteiroJSON:
    return InteiroJSON(min_value=0, max_value=MAXIMO_PESSOAS, **kwargs)


def _reais(**kwargs) -> DecimalJSON:
    return DecimalJSON(max_digits=18, decimal_places=2, min_value=Decimal(0), **kwargs)


class RemanescenteEntrada(serializers.Serializer):
    codigo_ibge = CodigoIBGEdeMT(min_value=1, max_value=9_999_999)
    populacao = _contagem()
    eleitores = _contagem()
    casas_centro_urbano = _contagem()
    valor_adicionado = _reais()

    def validate_codigo_ibge(self, codigo: int) -> int:
        """O código é conferido na lista nacional do pacote instalado (sem banco)."""
        municipio = por_codigo().get(codigo)
        if municipio is None:
            raise serializers.ValidationError(
                "Código IBGE não encontrado na lista nacional de municípios."
            )
        if municipio.uf != "MT":
            raise serializers.ValidationError(
                f"{municipio.nome}/{municipio.uf} não é município de Mato Grosso."
            )
        return codigo


class CriacaoMunicipioEntrada(serializers.Serializer):
    populacao = _contagem()
    eleitores = _contagem()
    casas_centro_urbano = _contagem()
    valor_adicionado = _reais()
    exercicio = InteiroJSON(
        required=False,
        min_value=1990,
        max_value=2100,
        help_text="Média calculada da tabela da SEFAZ importada (Art. 2º, IV).",
    )
    media_va_menores = _reais(required=False, help_text="Ou a média informada diretamente.")
    condicoes_instalacao = BooleanoField(required=False, allow_null=True, default=None)
    continuidade_territorial = BooleanoField(required=False, allow_null=True, default=None)
    # Uma lista (e não many=True) para o esquema dizer o máximo (maxItems).
    remanescentes = serializers.ListField(
        child=RemanescenteEntrada(), required=False, max_length=20
    )

    def validate_remanescentes(self, remanescentes):
        codigos = [r["codigo_ibge"] for r in remanescentes]
        if len(codigos) != len(set(codigos)):
            raise serializers.ValidationError("O mesmo município de origem aparece duas vezes.")
        return remanescentes

    def validate(self, dados):
        tem_exercicio = "exercicio" in dados
        if tem_exercicio == ("media_va_menores" in dados):
            mensagem = "Informe exercicio ou media_va_menores — um dos dois."
            raise serializers.ValidationError(
                {"exercicio": [mensagem], "media_va_menores": [mensagem]}
            )
        if tem_exercicio:
            try:
                dados["media"] = media_va_do_exercicio(
                    dados["exercicio"], self.context["parametros"]
                )
            except TabelaVAIncompleta as exc:
                raise serializers.ValidationError({"exercicio": [str(exc)]}) from None
        else:
            dados["media"] = dados["media_va_menores"]
        return dados


class DistritoEntrada(serializers.Serializer):
    habitacoes_sede = _contagem()
    populacao = _contagem()


class ToponimoEntrada(serializers.Serializer):
    nome = campo_de_nome(NOME_COM_LETRA, "Informe um nome com letras.")
    declaracao_pessoa_viva = BooleanoField(required=False, default=False)

    def validate_nome(self, nome: str) -> str:
        return " ".join(nome.split())


class RevisaoLimitesEntrada(serializers.Serializer):
    area_movida_km2 = DecimalJSON(max_digits=12, decimal_places=3, min_value=Decimal(0))
    area_total_km2 = DecimalJSON(max_digits=12, decimal_places=3, min_value=Decimal("0.001"))

    def validate(self, dados):
        if dados["area_movida_km2"] > dados["area_total_km2"]:
            raise serializers.ValidationError(
                {"area_movida_km2": ["A área desmembrada não pode ser maior que a área total."]}
            )
        return dados


# --- Saída (para o esquema OpenAPI; a resposta é `veredito.como_dict`) ------------------------


class RequisitoSaida(serializers.Serializer):
    inciso = serializers.CharField()
    descricao = serializers.CharField()
    valor = serializers.JSONField(help_text="inteiro, decimal em texto, booleano ou null")
    limite = serializers.JSONField()
    comparacao = serializers.ChoiceField([">=", ">", "<=", "="])
    atende = serializers.BooleanField()
    fundamento = serializers.CharField(help_text='Ex.: "Art. 2º, I"')
    mensagem = serializers.CharField()
    fonte = serializers.CharField()
    falta = serializers.CharField(help_text="O que teria de mudar; vazio quando atende.")


class RemanescenteSaida(serializers.Serializer):
    codigo_ibge = serializers.IntegerField()
    nome = serializers.CharField()
    atende = serializers.BooleanField()
    requisitos = RequisitoSaida(many=True)
    avisos = serializers.ListField(child=serializers.CharField())


class MunicipioMediaSaida(serializers.Serializer):
    codigo_ibge = serializers.IntegerField()
    nome = serializers.CharField()
    valor_adicionado = serializers.DecimalField(max_digits=18, decimal_places=2)


class MediaVASaida(serializers.Serializer):
    exercicio = serializers.IntegerField()
    media = serializers.DecimalField(max_digits=18, decimal_places=2)
    soma = serializers.DecimalField(max_digits=20, decimal_places=2)
    municipios = MunicipioMediaSaida(many=True)


class VereditoSaida(serializers.Serializer):
    atende = serializers.BooleanField()
    requisitos = RequisitoSaida(many=True)
    avisos = serializers.ListField(child=serializers.CharField())
    parametros = serializers.DictField(help_text="Parâmetros legais usados na avaliação")


class CriacaoMunicipioSaida(VereditoSaida):
    remanescentes = RemanescenteSaida(many=True)
    media_va = MediaVASaida(allow_null=True)


class RevisaoLimitesSaida(VereditoSaida):
    plebiscito_dispensado = serializers.BooleanField()


class ProblemaSaida(serializers.Serializer):
    regra = serializers.ChoiceField(["repeticao", "data", "palavras"])
    mensagem = serializers.CharField()


class MunicipioBRSaida(serializers.Serializer):
    nome = serializers.CharField()
    uf = serializers.CharField()
    codigo_ibge = serializers.IntegerField()


class ToponimoSaida(serializers.Serializer):
    nome = serializers.CharField()
    valido = serializers.BooleanField()
    palavras_contadas = serializers.IntegerField()
    palavras = serializers.ListField(child=serializers.CharField())
    problemas = ProblemaSaida(many=True)
    homonimos = MunicipioBRSaida(many=True)
    semelhantes = MunicipioBRSaida(many=True)
    declaracao_pessoa_viva = serializers.CharField()
    parametros = serializers.DictField()
