"""Formulários dos atos sobre ofícios: só validam (mensagens em pt-BR, nunca do framework)."""

from django import forms
from django.utils import timezone

from processos.forms import CampoData
from processos.models import AtoRecusado
from processos.servicos_oficios import verificar_pdf
from requisitos.models import parametros_em_vigor


class _FormOficio(forms.Form):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        for nome in self.base_fields:
            if isinstance(self.base_fields[nome], CampoData):
                kwargs["initial"].setdefault(nome, timezone.localdate())
        super().__init__(*args, **kwargs)


class RecebimentoForm(_FormOficio):
    recebido_em = CampoData(label="Recebido pelo órgão em (AR)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        dias = parametros_em_vigor().prazo_oficio_dias  # o parâmetro legal, não um literal
        self.fields[
            "recebido_em"
        ].help_text = f"O prazo de {dias} dias conta desta data (Art. 2º, § 3º)."


class RespostaForm(_FormOficio):
    respondido_em = CampoData(label="Respondido em")
    certidao = forms.FileField(
        label="Certidão (PDF, até 20 MB)",
        error_messages={
            "required": "Envie a certidão em PDF.",
            "empty": "O arquivo enviado está vazio; envie a certidão em PDF.",
            "invalid": "Envie a certidão em PDF.",
        },
    )
    observacoes = forms.CharField(
        label="Observações", required=False, max_length=5000, widget=forms.Textarea({"rows": 3})
    )

    def clean_certidao(self):
        arquivo = self.cleaned_data["certidao"]
        try:
            verificar_pdf(arquivo)
        except AtoRecusado as exc:
            raise forms.ValidationError(str(exc)) from exc
        return arquivo


class ReiteracaoForm(_FormOficio):
    enviado_em = CampoData(label="Reiteração enviada em")
