from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode

from emancipacao.limite_envio import limitar_envio
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

    @limitar_envio(limite_bytes=TAMANHO_MAXIMO_CSV)
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
    """Somente acréscimo: uma versão gravada não se altera nem se apaga — mudá-la
    mudaria em silêncio toda avaliação posterior à sua data. A mudança é uma nova versão,
    com fonte e início de vigência posterior ao da última (conferido em `clean()` e no banco).
    A página de uma versão é só consulta e mostra o histórico inteiro do parâmetro."""

    list_display = ["nome", "valor", "vigencia_inicio", "fundamento"]
    list_filter = ["nome"]
    search_fields = ["nome", "fundamento", "observacao"]
    fields = ["nome", "valor", "vigencia_inicio", "fundamento", "observacao"]

    def get_fields(self, request, obj=None):
        return [*self.fields, "versoes"] if obj else self.fields

    def get_readonly_fields(self, request, obj=None):
        return ["versoes"] if obj else []

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description="histórico do parâmetro")
    def versoes(self, parametro):
        hoje = timezone.localdate()
        em_vigor = next((v for v in parametro.historico() if v.vigencia_inicio <= hoje), None)
        linhas = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    f"{versao.vigencia_inicio:%d/%m/%Y}",
                    versao.valor,
                    versao.fundamento,
                    versao.observacao,
                    _situacao(versao, em_vigor, hoje),
                )
                for versao in parametro.historico()
            ),
        )
        nova = (
            reverse("admin:requisitos_parametrolegal_add")
            + "?"
            + urlencode({"nome": parametro.nome})
        )
        return format_html(
            "<table><thead><tr><th>Início de vigência</th><th>Valor</th><th>Fonte legal</th>"
            "<th>Observação</th><th>Situação</th></tr></thead><tbody>{}</tbody></table>"
            '<p><a href="{}">Cadastrar nova versão deste parâmetro</a></p>',
            linhas,
            nova,
        )


def _situacao(versao: ParametroLegal, em_vigor: ParametroLegal | None, hoje) -> str:
    if versao == em_vigor:
        return "em vigor hoje"
    return "a vigorar" if versao.vigencia_inicio > hoje else "substituída"
