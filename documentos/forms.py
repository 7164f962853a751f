"""Formulários de documentos: só validam (mensagens em pt-BR, nunca um erro do framework)."""

from django import forms

from documentos.arquivos import ArquivoRecusado, conferir_pdf
from documentos.codigo import normalizar
from emancipacao.numeros import CampoInteiro

TAMANHO_MAXIMO_ARQUIVO = 60 * 1024 * 1024


class ValidarForm(forms.Form):
    codigo = forms.CharField(
        label="Código de verificação",
        # Folgado de propósito: texto longo demais também é "não encontrado", não um erro.
        max_length=2000,
        help_text="Impresso no rodapé do documento, por exemplo 7K2M-Q9XD-4TNB-A0PZ.",
        error_messages={"required": "Informe o código de verificação impresso no rodapé."},
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    arquivo = forms.FileField(
        label="Arquivo PDF (opcional)",
        required=False,
        help_text="Envie o arquivo para conferir se é idêntico ao registrado.",
    )

    def clean_codigo(self) -> str:
        # Código malformado não é erro de formulário: a resposta é "não encontrado".
        texto = self.cleaned_data["codigo"]
        return normalizar(texto) or texto.strip()[:64]

    def clean_arquivo(self):
        arquivo = self.cleaned_data.get("arquivo")
        if arquivo and arquivo.size > TAMANHO_MAXIMO_ARQUIVO:
            raise forms.ValidationError("O arquivo passa de 60 MB; envie o PDF original.")
        if arquivo:
            try:
                # Até o limite geral de páginas: a cópia integral (Art. 19, § 1º) leva os
                # documentos do Art. 15 inteiros, e um deles pode ter milhares de páginas.
                conferir_pdf(arquivo)
            except ArquivoRecusado as exc:
                raise forms.ValidationError(str(exc)) from exc
        return arquivo


class CertidaoDistritoForm(forms.Form):
    """Os números do simulador de distrito (Art. 25), reenviados para emitir a certidão."""

    habitacoes_sede = CampoInteiro(
        label="Habitações na sede",
        min_value=0,
        max_value=100_000_000,
        error_messages={
            "required": "Informe o número de habitações na sede.",
            "invalid": "Informe o número de habitações em algarismos (por exemplo, 5.200).",
            "min_value": "O número de habitações não pode ser negativo.",
            "max_value": "Número de habitações fora do razoável; confira o valor.",
        },
    )
    populacao = CampoInteiro(
        label="População do território",
        min_value=0,
        max_value=100_000_000,
        error_messages={
            "required": "Informe a população do território.",
            "invalid": "Informe a população em algarismos (por exemplo, 5.200).",
            "min_value": "A população não pode ser negativa.",
            "max_value": "População fora do razoável; confira o valor.",
        },
    )
    localidade = forms.CharField(label="Localidade (opcional)", max_length=120, required=False)

    def clean_localidade(self) -> str:
        # "Vila  Nova" e "Vila Nova" são a mesma certidão (o mesmo documento, não dois).
        return " ".join(self.cleaned_data["localidade"].split())


class AssinarForm(forms.Form):
    """O certificado ICP-Brasil do signatário, para esta assinatura só: lido em memória,
    usado e descartado — nada dele é gravado."""

    certificado = forms.FileField(
        label="Certificado (arquivo .pfx ou .p12)",
        help_text="O arquivo é usado só para esta assinatura e descartado em seguida.",
    )
    senha = forms.CharField(
        label="Senha do certificado", widget=forms.PasswordInput, required=False
    )

    def clean_certificado(self):
        arquivo = self.cleaned_data["certificado"]
        if arquivo.size > TAMANHO_MAXIMO_CERTIFICADO:
            raise forms.ValidationError(
                "O arquivo é grande demais para um certificado (até 100 KB)."
            )
        return arquivo


TAMANHO_MAXIMO_CERTIFICADO = 100 * 1024


class AutorizarNuvemForm(forms.Form):
    """O PIN e/ou o OTP que o provedor em nuvem pede para esta assinatura, com os rótulos que
    ele declara. Nunca voltam preenchidos na página (nem depois de um erro)."""

    pin = forms.CharField(
        max_length=64,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
        error_messages={"required": "Informe o PIN do certificado."},
    )
    otp = forms.CharField(
        max_length=16,
        widget=forms.PasswordInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
        error_messages={"required": "Informe o código (OTP) que o provedor enviou."},
    )

    def __init__(self, *args, pin: str, otp: str, **kwargs):
        super().__init__(*args, **kwargs)
        for nome, rotulo in (("pin", pin), ("otp", otp)):
            if rotulo:
                self.fields[nome].label = rotulo
            else:
                del self.fields[nome]

    def clean(self):
        dados = super().clean()
        return {"pin": dados.get("pin", ""), "otp": dados.get("otp", "")}
