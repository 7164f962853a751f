"""A tela do ato `adotar_memorial` (Art. 15, II): o rascunho gerado do mapa, editável, e a
adoção pela CRT, com a versão do processo que a página mostrou."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from emancipacao.numeros import MAXIMO_DO_ID, CampoInteiro
from processos.atos import ATOS
from processos.campos import campo_da_versao, exigir_versao
from processos.models import AtoRecusado
from processos.papeis import tem_papel
from processos.protocolos import processo_ou_404
from processos.versao import versao_do_processo
from territorio.memorial import adocao


class AdotarMemorialForm(forms.Form):
    texto = forms.CharField(
        label="Texto do memorial descritivo a adotar",
        max_length=adocao.TEXTO_MAXIMO,
        widget=forms.Textarea(attrs={"rows": 18, "class": "form-control font-monospace small"}),
        help_text="Revise o rascunho gerado do mapa: a malha do IBGE representa os limites, "
        "mas não é o limite legal. O texto adotado é o que os documentos citam.",
        error_messages={"required": "O texto do memorial está vazio."},
    )
    conferencia = CampoInteiro(min_value=1, max_value=MAXIMO_DO_ID, widget=forms.HiddenInput)


@require_http_methods(["GET", "POST"])
@login_required
def adotar_memorial(request, protocolo):
    if not tem_papel(request.user, *ATOS[adocao.ATO].papeis):
        raise PermissionDenied("Somente a CRT adota o memorial descritivo.")
    processo = processo_ou_404(protocolo)
    rascunho = adocao.rascunho_vigente(processo)
    vigente = adocao.memorial_vigente(processo)
    inicial = {
        "texto": vigente.texto if vigente else (rascunho.texto if rascunho else ""),
        "conferencia": rascunho.conferencia.pk if rascunho else None,
    }
    form = AdotarMemorialForm(request.POST or None, initial=inicial)
    form.fields["versao_vista"] = campo_da_versao(versao_do_processo(processo.pk))
    if request.method == "POST" and form.is_valid():
        exigir_versao(form)
    if request.method == "POST" and not form.errors:
        d = form.cleaned_data
        try:
            adotado = adocao.adotar_memorial(
                processo=processo,
                usuario=request.user,
                texto=d["texto"],
                conferencia_id=d["conferencia"],
                versao_vista=d["versao_vista"],
            )
        except AtoRecusado as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Memorial descritivo adotado (versão {adotado.versao}).")
            return redirect("processos:detalhe", protocolo=processo.slug)
    contexto = {"processo": processo, "form": form, "rascunho": rascunho, "vigente": vigente}
    status = 400 if request.method == "POST" else 200
    return render(request, "territorio/adotar_memorial.html", contexto, status=status)
