"""Simuladores públicos (sem login) para as comunidades que preparam uma representação:
mostram o veredito de cada requisito, o fundamento legal e o que teria de mudar."""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from requisitos.consultas import TabelaVAIncompleta, exercicios_disponiveis, media_va_do_exercicio
from requisitos.eleicoes import janela_art3
from requisitos.forms import (
    RemanescentesFormSet,
    SimuladorDistritoForm,
    SimuladorMunicipioForm,
    SimuladorNomeForm,
    dados_criacao,
)
from requisitos.limite import limitar_simulador
from requisitos.models import Municipio, parametros_em_vigor
from requisitos.regras import avaliar_criacao_municipio, avaliar_distrito
from requisitos.toponimia import avaliar_toponimo


def _dados(request):
    return request.POST if request.method == "POST" else None


def inicio(request):
    return render(request, "requisitos/simuladores.html")


def _media(form: SimuladorMunicipioForm, parametros):
    """A média do Art. 2º, IV: a informada, ou a da tabela da SEFAZ importada."""
    if form.cleaned_data["media_va_menores"] is not None:
        return form.cleaned_data["media_va_menores"]
    return media_va_do_exercicio(form.cleaned_data["exercicio"], parametros)


def _municipios_media(veredito) -> list[dict]:
    """Os municípios que entraram na média do Art. 2º, IV, com o nome cadastrado."""
    if veredito is None or veredito.media_va is None:
        return []
    codigos = [codigo for codigo, _ in veredito.media_va.municipios]
    nomes = dict(
        Municipio.objects.filter(codigo_ibge__in=codigos).values_list("codigo_ibge", "nome")
    )
    return [
        {"codigo_ibge": codigo, "nome": nomes.get(codigo, codigo), "valor": valor}
        for codigo, valor in veredito.media_va.municipios
    ]


@require_http_methods(["GET", "POST"])
@limitar_simulador
def simulador_municipio(request):
    parametros = parametros_em_vigor()
    exercicios = exercicios_disponiveis(parametros)
    form = SimuladorMunicipioForm(_dados(request), exercicios=exercicios)
    formset = RemanescentesFormSet(_dados(request), prefix="rem")
    veredito = None
    if form.is_bound and form.is_valid() and formset.is_valid():
        try:
            media = _media(form, parametros)
        except TabelaVAIncompleta as exc:
            form.add_error("exercicio", str(exc))
        else:
            veredito = avaliar_criacao_municipio(dados_criacao(form, formset, media), parametros)
    contexto = {
        "form": form,
        "formset": formset,
        "veredito": veredito,
        "municipios_media": _municipios_media(veredito),
        "parametros": parametros,
        "janela_art3": janela_art3(timezone.localdate()),
    }
    return render(request, "requisitos/simulador_municipio.html", contexto)


@require_http_methods(["GET", "POST"])
@limitar_simulador
def simulador_distrito(request):
    parametros = parametros_em_vigor()
    form = SimuladorDistritoForm(_dados(request))
    veredito = None
    if form.is_bound and form.is_valid():
        veredito = avaliar_distrito(
            form.cleaned_data["habitacoes_sede"], form.cleaned_data["populacao"], parametros
        )
    contexto = {"form": form, "veredito": veredito, "parametros": parametros}
    return render(request, "requisitos/simulador_distrito.html", contexto)


@require_http_methods(["GET", "POST"])
@limitar_simulador
def simulador_nome(request):
    parametros = parametros_em_vigor()
    form = SimuladorNomeForm(_dados(request))
    veredito = None
    if form.is_bound and form.is_valid():
        veredito = avaliar_toponimo(
            form.cleaned_data["nome"],
            parametros,
            declaracao_pessoa_viva=form.cleaned_data["declaracao_pessoa_viva"],
        )
    contexto = {"form": form, "veredito": veredito, "parametros": parametros}
    return render(request, "requisitos/simulador_nome.html", contexto)
