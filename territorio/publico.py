"""A tela pública do simulador territorial (/simulador/territorio/): o mapa e os municípios
de origem entram, a conferência e o rascunho do memorial saem; nada é gravado. Limitada por
endereço como os demais simuladores, e o arquivo pelo limite de envio."""

from django import forms
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from emancipacao.limite_envio import limitar_envio
from requisitos.limite import limitar_simulador
from territorio.simulacao import (
    MEMORIAL_MAXIMO,
    SEM_MALHA,
    SimulacaoRecusada,
    como_dados,
    municipios_da_malha,
    simular,
)


class SimuladorTerritorialForm(forms.Form):
    arquivo = forms.FileField(
        label="Mapa do território",
        help_text=(
            "GeoJSON, KML, KMZ ou shapefile compactado em ZIP (com o .prj: SIRGAS 2000 em "
            "longitude/latitude ou UTM 20S, 21S ou 22S). O arquivo não é guardado."
        ),
        widget=forms.ClearableFileInput(attrs={"class": "form-control"}),
    )
    origens = forms.TypedMultipleChoiceField(
        label="Municípios de origem",
        coerce=int,
        help_text="Os municípios que perdem território (segure Ctrl para escolher mais de um).",
        widget=forms.SelectMultiple(attrs={"class": "form-select", "size": 8}),
    )
    memorial = forms.CharField(
        label="Memorial descritivo por coordenadas (opcional)",
        required=False,
        max_length=MEMORIAL_MAXIMO,
        help_text="Cole o texto: os vértices e os azimutes são lidos e comparados com o mapa.",
        widget=forms.Textarea(attrs={"class": "form-control", "rows": 4}),
    )
    reparar = forms.BooleanField(
        label="Confirmo o reparo do contorno que se cruza, com a área mostrada acima",
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def __init__(self, *args, municipios, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["origens"].choices = municipios


@require_http_methods(["GET", "POST"])
@limitar_simulador
@limitar_envio
def simulador_territorial(request):
    municipios = municipios_da_malha()
    dados = (request.POST, request.FILES) if request.method == "POST" else (None, None)
    form = SimuladorTerritorialForm(*dados, municipios=municipios)
    resultado, reparo, mapa_svg = None, None, ""
    if form.is_bound and form.is_valid():
        d = form.cleaned_data
        try:
            simulacao = simular(
                d["arquivo"].read(), d["origens"], reparar=d["reparar"], memorial=d["memorial"]
            )
            resultado, mapa_svg = como_dados(simulacao), simulacao.mapa_svg
        except SimulacaoRecusada as exc:
            form.add_error(exc.campo, str(exc))
            reparo = exc.reparo
    contexto = {
        "form": form,
        "resultado": resultado,
        "mapa_svg": mapa_svg,
        "reparo": reparo,
        "sem_malha": SEM_MALHA if not municipios else "",
    }
    status = 400 if form.is_bound and resultado is None else 200
    return render(request, "territorio/simulador.html", contexto, status=status)
