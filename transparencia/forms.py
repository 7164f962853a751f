"""Os formulários dos dois atos do Art. 23, na página de ato do hub."""

from django import forms

from processos.forms import AtoForm
from transparencia import services
from transparencia.models import DETALHES, ROTULO_DETALHES


class LiberarInformacaoForm(AtoForm):
    item = forms.ChoiceField(
        label="Informação a liberar ao público",
        choices=[(DETALHES, ROTULO_DETALHES)],
        widget=forms.RadioSelect,
        help_text="Liberada, aparece na página pública do processo e na API de dados abertos, "
        "até ser revogada (Art. 23).",
    )

    def ajustar(self):
        self.fields["item"].choices = services.opcoes_a_liberar(self.processo)
        self.fields["justificativa"].help_text = "Por que a informação passa a ser pública."


class RevogarLiberacaoForm(AtoForm):
    item = forms.ChoiceField(
        label="Liberação a revogar",
        choices=[(DETALHES, ROTULO_DETALHES)],
        widget=forms.RadioSelect,
        help_text="Revogada, a informação volta a ser interna; a liberação e a revogação "
        "continuam na linha do tempo.",
    )

    def ajustar(self):
        self.fields["item"].choices = services.opcoes_a_revogar(self.processo)
