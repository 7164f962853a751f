from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import path

from requisitos.importacao import ImportacaoRecusada, importar_valores_adicionados
from requisitos.models import Municipio, ParametroLegal, ValorAdicionado

TAMANHO_MAXIMO_CSV = 5 * 1024 * 1024


class ImportarValorAdicionadoForm(forms.Form):
    arquivo = forms.FileField(
        label="Arquivo CSV",
        help_text="Colunas codigo_ibge;exercicio;valor_adicionado (UTF-8 ou Latin-1, "
        "separador ; ou ,). Se alguma linha tiver erro, nada é gravado.",
    )
    fonte = forms.CharField(label="Fonte", max_length=200, initial="SEFAZ-MT")

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        if arquivo.size > TAMANHO_MAXIMO_CSV:
            raise forms.ValidationError("O arquivo passa de 5 MB.")
        return arquivo


@admin.register(Municipio)
class MunicipioAdmin(admin.ModelAdmin):
    list_display = [
        "nome",
        "codigo_ibge",
        "area_km2",
        "populacao",
        "eleitores",
        "dados_demonstrativos",
    ]
    list_filter = ["dados_demonstrativos"]
    search_fields = ["nome", "codigo_ibge"]


@admin.register(ValorAdicionado)
class ValorAdicionadoAdmin(admin.ModelAdmin):
    list_display = ["municipio", "exercicio", "valor", "fonte"]
    list_filter = ["exercicio"]
    search_fields = ["municipio__nome"]
    autocomplete_fields = ["municipio"]
    change_list_template = "requisitos/admin/valor_adicionado_lista.html"

    def get_urls(self):
        importar = path(
            "importar/",
            self.admin_site.admin_view(self.importar_csv),
            name="requisitos_valoradicionado_importar",
        )
        return [importar, *super().get_urls()]

    def importar_csv(self, request):
        """Importa a tabela da SEFAZ inteira ou nada (Art. 2º, IV)."""
        if not self.has_add_permission(request) or not self.has_change_permission(request):
            raise PermissionDenied
        form = ImportarValorAdicionadoForm(request.POST or None, request.FILES or None)
        erros = []
        if request.method == "POST" and form.is_valid():
            try:
                resultado = importar_valores_adicionados(
                    form.cleaned_data["arquivo"].read(), form.cleaned_data["fonte"]
                )
            except ImportacaoRecusada as exc:
                erros = exc.erros
            else:
                messages.success(request, resultado.resumo())
                return redirect("admin:requisitos_valoradicionado_changelist")
        contexto = {
            **self.admin_site.each_context(request),
            "title": "Importar valores adicionados (SEFAZ)",
            "opts": self.model._meta,
            "form": form,
            "erros": erros,
        }
        return render(request, "requisitos/admin/importar_valor_adicionado.html", contexto)


@admin.register(ParametroLegal)
class ParametroLegalAdmin(admin.ModelAdmin):
    list_display = ["nome", "valor", "vigencia_inicio", "fundamento"]
    list_filter = ["nome"]
    search_fields = ["nome", "fundamento", "observacao"]
