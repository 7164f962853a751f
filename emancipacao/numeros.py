"""Números que vêm de fora — formulários, filtros das listas, parâmetros da URL e corpos
JSON —, lidos num lugar só: a forma e o tamanho do literal são conferidos ANTES da conversão.

Por quê: converter em `int` um Decimal de expoente enorme custa tempo quadrático no número de
algarismos ("-1e999999", nove bytes num filtro de ano, segurava um processo do servidor por
90 s), e um literal de um milhão de algarismos também. Aqui o literal só vira número depois
de ter a forma de um número escrito por extenso — algarismos ASCII, sem expoente, sem NaN nem
Infinity, sem "-0" — e no máximo `ALGARISMOS_MAXIMOS` caracteres; cada campo confere depois a
sua faixa (mínimo e máximo), com a sua mensagem. No JSON o número já chega lido (o inteiro
curto como int, ver `literal_inteiro_json`; o com ponto ou expoente como Decimal) e é
conferido pelos algarismos e pelo expoente.

Todo campo numérico de entrada usa estas peças: `CampoInteiro` e `CampoDecimal` (formulários,
com a escrita pt-BR "5.200" e "1.234,56" quando `localize=True`), `FiltroInteiro` (filtros
das listas), `InteiroJSON` e `DecimalJSON` (serializadores da API) e `pagina` (a página das
listas). `tests/test_numeros_de_fora.py` confere que nenhum campo numérico fica de fora.
"""

import re
from decimal import Decimal

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import formats
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

# O leitor dos literais fica em `emancipacao.literais` (as settings o usam); reexportado aqui.
from emancipacao.literais import (  # noqa: F401
    ALGARISMOS_MAXIMOS,
    MENSAGENS,
    NumeroInvalido,
    ler_decimal,
    ler_inteiro,
    literal_inteiro_json,
    pagina,
)

# --- formulários ---------------------------------------------------------------------------


def _erro(campo, exc: NumeroInvalido) -> ValidationError:
    return ValidationError(campo.error_messages[exc.codigo], code=exc.codigo)


def exibir(valor) -> str:
    """O número como se escreve em pt-BR, sem zeros à direita das casas: 120 km² é "120" (e
    não "120.000"), 1250,5 é "1.250,5", 2719 é "2.719"."""
    if isinstance(valor, Decimal) and valor.is_finite():
        valor = valor.quantize(1) if valor == valor.to_integral_value() else valor.normalize()
    return formats.number_format(valor, use_l10n=True, force_grouping=True)


class EntradaNumerica(forms.TextInput):
    """O único widget dos números que uma pessoa digita: texto (nunca `type=number`, que no
    Chromium em pt-BR lê "1250,5" como 12505), teclado numérico (`inputmode`) e o valor
    gravado mostrado em pt-BR. A dica do formato e a unidade vão na ajuda do campo."""

    def format_value(self, value):
        if self.is_localized and isinstance(value, int | Decimal) and not isinstance(value, bool):
            return exibir(value)
        return super().format_value(value)


def _dica(campo: forms.Field, unidade: str, exemplo: str) -> None:
    dica = f"Em {unidade}; escreva como {exemplo}." if unidade else f"Escreva como {exemplo}."
    campo.help_text = f"{campo.help_text} {dica}".strip() if campo.help_text else dica


class CampoInteiro(forms.IntegerField):
    """Inteiro de formulário, com mínimo e máximo obrigatórios; com `localize=True`, escrito
    como em pt-BR (5.200)."""

    default_error_messages = MENSAGENS
    widget = EntradaNumerica

    def __init__(
        self,
        *,
        min_value: int,
        max_value: int,
        unidade: str = "",
        ano: bool = False,
        dica: bool = True,
        **kwargs,
    ):
        # pt-BR (2.719), salvo nos campos ocultos (ids) e nos anos, que não se agrupam.
        oculto = getattr(kwargs.get("widget"), "input_type", None) == "hidden"
        kwargs.setdefault("localize", not (oculto or ano))
        if ano:
            kwargs.setdefault("widget", EntradaNumerica)
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)
        if dica and not self.widget.is_hidden:
            _dica(self, unidade, "2026" if ano else "2.719")

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return ler_inteiro(value, localizado=self.localize)
        except NumeroInvalido as exc:
            raise _erro(self, exc) from None

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        return attrs if widget.is_hidden else {**attrs, "inputmode": "numeric"}


class CampoDecimal(forms.DecimalField):
    """Decimal de formulário, com algarismos e casas obrigatórios; com `localize=True`,
    escrito como em pt-BR (1.234,56)."""

    default_error_messages = {**MENSAGENS, "invalid": MENSAGENS["decimal"]}
    widget = EntradaNumerica

    def __init__(self, *, max_digits: int, decimal_places: int, unidade: str = "", **kwargs):
        kwargs.setdefault("localize", True)
        super().__init__(max_digits=max_digits, decimal_places=decimal_places, **kwargs)
        if not self.widget.is_hidden:
            _dica(self, unidade, "1.250,5" if decimal_places else "2.719")

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return ler_decimal(value, localizado=self.localize)
        except NumeroInvalido as exc:
            raise _erro(self, exc) from None

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        return attrs if widget.is_hidden else {**attrs, "inputmode": "decimal"}


# A faixa dos inteiros do banco, para o campo de formulário de um campo do modelo.
FAIXAS_DO_BANCO = {
    models.PositiveSmallIntegerField: (0, 32_767),
    models.PositiveIntegerField: (0, 2_147_483_647),
    models.PositiveBigIntegerField: (0, 9_223_372_036_854_775_807),
    models.SmallIntegerField: (-32_768, 32_767),
    models.IntegerField: (-2_147_483_648, 2_147_483_647),
    models.BigIntegerField: (-9_223_372_036_854_775_808, 9_223_372_036_854_775_807),
}
# O maior id de uma linha (BigAutoField), para um id que vem num campo oculto.
MAXIMO_DO_ID = FAIXAS_DO_BANCO[models.BigIntegerField][1]


def campo_do_modelo(campo_modelo: models.Field, **kwargs) -> forms.Field | None:
    """`formfield_callback` dos ModelForms: os números do modelo viram `CampoInteiro` (com a
    faixa da coluna) e `CampoDecimal`; os demais campos, o que o Django daria."""
    if isinstance(campo_modelo, models.DecimalField):
        return campo_modelo.formfield(form_class=CampoDecimal, **kwargs)
    for classe, (minimo, maximo) in FAIXAS_DO_BANCO.items():
        if type(campo_modelo) is classe and not campo_modelo.choices:
            kwargs.setdefault("min_value", minimo)
            kwargs.setdefault("max_value", maximo)
            return campo_modelo.formfield(form_class=CampoInteiro, **kwargs)
    return campo_modelo.formfield(**kwargs)


class FiltroInteiro(django_filters.NumberFilter):
    """Filtro de lista por um inteiro (ano, código): `min_value` e `max_value` obrigatórios."""

    field_class = CampoInteiro

    def __init__(self, *args, min_value: int, max_value: int, **kwargs):
        # Ano e código: algarismos sem separador de milhar, sem a dica dos formulários.
        kwargs.setdefault("ano", True)
        kwargs.setdefault("dica", False)
        super().__init__(*args, min_value=min_value, max_value=max_value, **kwargs)

    def get_max_validator(self):
        return None  # o campo já tem o seu máximo


# --- API (DRF) -----------------------------------------------------------------------------


def _recusa_da_api(campo: serializers.Field, exc: NumeroInvalido):
    """O que não é número (ou não é inteiro) tem a mensagem do próprio DRF; os demais
    motivos, a daqui."""
    if exc.codigo in ("invalid", "decimal", "fracao"):
        campo.fail("invalid")
    raise serializers.ValidationError(str(exc), code=exc.codigo) from None


class InteiroJSON(serializers.IntegerField):
    """Só inteiros JSON — nunca texto ("4000") nem booleano —, com mínimo e máximo
    obrigatórios; 4000.0 é o inteiro 4000, como no JSON Schema."""

    def __init__(self, *, min_value: int, max_value: int, **kwargs):
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | Decimal):
            self.fail("invalid")
        try:
            return ler_inteiro(data)
        except NumeroInvalido as exc:
            _recusa_da_api(self, exc)


class InteiroDoMultipart(InteiroJSON):
    """O inteiro de um campo de formulário multipart, que sempre chega como texto ("5107925"):
    o mesmo leitor, com o tamanho conferido antes da conversão, e a faixa obrigatória."""

    def to_internal_value(self, data):
        if isinstance(data, str):
            try:
                return ler_inteiro(data.strip())
            except NumeroInvalido as exc:
                _recusa_da_api(self, exc)
        return super().to_internal_value(data)


class DecimalJSON(serializers.DecimalField):
    """Decimal da API: número JSON (lido como Decimal, nunca float) ou texto "1234.56". O
    texto aceito é o do padrão publicado no esquema (`padrao`), nem mais nem menos."""

    def __init__(self, *, max_digits: int, decimal_places: int, min_value: Decimal, **kwargs):
        super().__init__(
            max_digits=max_digits, decimal_places=decimal_places, min_value=min_value, **kwargs
        )
        if min_value not in (0, Decimal(1).scaleb(-decimal_places)):
            raise ValueError("DecimalJSON: o mínimo é 0 ou a menor fração (positivo).")
        inteiros = max_digits - decimal_places
        self.padrao = _padrao_decimal(inteiros, decimal_places, positivo=min_value > 0)

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, str | int | Decimal):
            self.fail("invalid")
        try:
            valor = ler_decimal(data)
        except NumeroInvalido as exc:
            _recusa_da_api(self, exc)
        return super().to_internal_value(valor)

    def run_validation(self, data=serializers.empty):
        valor = super().run_validation(data)
        if isinstance(data, str) and not re.fullmatch(self.padrao, data):
            raise serializers.ValidationError(
                "Escreva o número só com algarismos e ponto decimal (como em 1234.56).",
                code="decimal",
            )
        return valor


def _padrao_decimal(inteiros: int, casas: int, *, positivo: bool) -> str:
    """O texto que o campo aceita: até `inteiros` algarismos, ponto e até `casas` decimais;
    `positivo` pede um algarismo diferente de zero."""
    nao_zero = "(?=[0-9.]*[1-9])" if positivo else ""
    return rf"^{nao_zero}[0-9]{{1,{inteiros}}}(\.[0-9]{{1,{casas}}})?$"


class DecimalJSONNoEsquema(OpenApiSerializerFieldExtension):
    """No esquema OpenAPI, o `DecimalJSON` como ele é: texto com o padrão, ou número JSON na
    faixa, em passos da menor fração (`multipleOf`)."""

    target_class = DecimalJSON

    def map_serializer_field(self, auto_schema, direction):
        campo = self.target
        # Limites inteiros (exatos no JSON) e o passo como o texto "0.01": um float como
        # 9999999999999999.99 se escreveria 1e16.
        numero = {
            "type": "number",
            "minimum": 0,
            "exclusiveMinimum": campo.min_value > 0,
            "maximum": 10 ** (campo.max_digits - campo.decimal_places),
            "exclusiveMaximum": True,
            "multipleOf": float(Decimal(1).scaleb(-campo.decimal_places)),
        }
        texto = {"type": "string", "format": "decimal", "pattern": campo.padrao}
        return {"oneOf": [texto, numero]}
