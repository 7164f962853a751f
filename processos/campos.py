"""Os campos que os formulários do processo repetem: a data dd/mm/aaaa, o número de um ato
sem a espécie, a lista dos municípios, os campos de texto e de inteiro dos atos."""

import re

from django import forms
from django.conf import settings
from django.utils import timezone

from emancipacao.limite_envio import limite_em_bytes
from emancipacao.numeros import MAXIMO_DO_ID, CampoInteiro, campo_do_modelo
from processos import extensoes
from processos.atos import ANTERIOR_A_CF, PROMULGACAO_CF
from processos.versao import MENSAGEM_SEM_VERSAO
from requisitos.ordenacao import em_ordem_alfabetica

FORMATO_DATA = "%d/%m/%Y"


class CampoData(forms.DateField):
    """Data em dd/mm/aaaa (convenção da Casa), digitável pelo teclado; nunca anterior à
    Constituição de 1988 (processos.atos.PROMULGACAO_CF)."""

    def __init__(self, *args, passada=True, **kwargs):
        kwargs.setdefault(
            "widget",
            forms.DateInput(
                format=FORMATO_DATA,
                attrs={"placeholder": "dd/mm/aaaa", "inputmode": "numeric", "autocomplete": "off"},
            ),
        )
        kwargs.setdefault("input_formats", [FORMATO_DATA, "%Y-%m-%d"])
        super().__init__(*args, **kwargs)
        self.passada = passada

    def validate(self, value):
        super().validate(value)
        if value and value < PROMULGACAO_CF:
            raise forms.ValidationError(ANTERIOR_A_CF)
        if value and self.passada and value > timezone.localdate():
            raise forms.ValidationError("A data não pode ser futura.")


def campo_inteiro(rotulo, obrigatorio=False, **kw):
    return CampoInteiro(
        label=rotulo, required=obrigatorio, min_value=0, max_value=100_000_000, **kw
    )


def campo_texto(rotulo, obrigatorio=True, linhas=4):
    return forms.CharField(
        label=rotulo,
        required=obrigatorio,
        max_length=100_000,
        widget=forms.Textarea(attrs={"rows": linhas}),
    )


def campo_curto(rotulo, obrigatorio=True):
    return forms.CharField(label=rotulo, required=obrigatorio, max_length=200)


class CampoNumero(forms.CharField):
    """O número de um ato ou ofício, sem a espécie que o documento já escreve antes dele:
    "Ofício nº 7/2026" digitado no campo do ofício grava "7/2026" (e o título sai "Ofício nº
    7/2026", não "Ofício nº Ofício nº 7/2026")."""

    def __init__(self, rotulo: str, *especies: str):
        super().__init__(label=rotulo, max_length=200)
        alternativas = "|".join(re.escape(e) for e in especies)
        self.prefixo = re.compile(
            rf"^\s*(?:(?:{alternativas})\b\.?\s*)?(?:n\.?\s*[º°o](?![^\W\d_])\.?\s*|n\.\s*)?",
            re.IGNORECASE,
        )

    def to_python(self, value):
        texto = super().to_python(value)
        return self.prefixo.sub("", texto, count=1).strip() or texto


# Municípios de origem: lista de caixas de marcar (funciona sem JavaScript); o
# static/js/lista-filtravel.js acrescenta o campo "Filtrar" sobre a lista.
ATRIBUTOS_DA_LISTA = {"data-filtravel": "municipio"}
AJUDA_DA_LISTA = "Marque um ou mais municípios; digite no filtro para encontrar pelo nome."


def ordenar_municipios(campo: forms.ModelMultipleChoiceField) -> None:
    """Em ordem do pt-BR ("Água Boa" antes de "Alta Floresta"); a validação continua pelo
    queryset do campo."""
    campo.choices = [(m.pk, m.nome) for m in em_ordem_alfabetica(campo.queryset)]
    campo.error_messages["invalid_choice"] = MUNICIPIO_DESCONHECIDO


def campo_com_unidade(campo_modelo, **kwargs) -> forms.Field:
    """O campo do modelo (emancipacao.numeros.campo_do_modelo), com a unidade das áreas."""
    if campo_modelo.name.endswith("_km2"):
        kwargs["unidade"] = "km²"
    return campo_do_modelo(campo_modelo, **kwargs)


MUNICIPIO_DESCONHECIDO = (
    "Município desconhecido: %(value)s. Escolha um município de Mato Grosso da lista."
)


def campo_da_versao(inicial: int | None) -> CampoInteiro:
    """A versão oculta do registro que a página mostrou (processos.versao): o serviço recusa
    a correção se outro usuário gravou uma versão nova depois."""
    return CampoInteiro(
        widget=forms.HiddenInput,
        initial=inicial,
        required=False,
        min_value=0,
        max_value=MAXIMO_DO_ID,
    )


def exigir_versao(form: forms.Form, campo: str = "versao_vista") -> None:
    """Sem a versão vista não se sabe se a página estava atualizada: recusa com o aviso."""
    if form.cleaned_data.get(campo) is None and campo not in form.errors:
        form.add_error(None, MENSAGEM_SEM_VERSAO)


# O nome do campo do anexo em todo formulário de ato que o aceita.
CAMPO_ANEXO = "arquivo_do_ato"


class CampoAnexo(forms.FileField):
    """O PDF opcional que a lei prevê para o ato (`descricao`: o que é, p.ex. "Ata da sessão
    do Plenário"). O conteúdo é conferido pelos documentos (`extensoes.documentos()`), que
    devolvem o anexo pronto para ser juntado ao Andamento na transação do ato."""

    def __init__(self, descricao: str, **kwargs):
        self.descricao = descricao
        kwargs.setdefault("required", False)
        kwargs.setdefault("label", f"{descricao} (PDF, opcional)")
        kwargs.setdefault(
            "help_text",
            f"Até {settings.UPLOAD_LIMITE_MB} MB. O arquivo é conferido pelo conteúdo e "
            "fica nos autos com o SHA-256; entra na cópia integral.",
        )
        kwargs.setdefault(
            "error_messages", {"empty": "O arquivo está vazio; envie o documento de novo."}
        )
        super().__init__(**kwargs)
        self.widget.attrs.setdefault("accept", ".pdf,application/pdf")

    def clean(self, data, initial=None):
        arquivo = super().clean(data, initial)
        if not arquivo:
            return None
        if arquivo.size > limite_em_bytes():
            raise forms.ValidationError(
                f"O arquivo passa do limite de {settings.UPLOAD_LIMITE_MB} MB; divida o "
                "documento ou reduza a resolução das imagens."
            )
        return extensoes.documentos().conferir_anexo(self.descricao, arquivo)
