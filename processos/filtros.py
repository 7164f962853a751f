import django_filters
from django import forms
from django.db.models import Q

from processos.estados import Estado, Tipo
from processos.models import Processo
from processos.services import estados_com_atos_do_usuario
from requisitos.models import Municipio


class ProcessoFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Busca", method="buscar")
    tipo = django_filters.ChoiceFilter(label="Tipo", choices=Tipo.choices, empty_label="Todos")
    estado = django_filters.ChoiceFilter(
        label="Estado", choices=Estado.choices, empty_label="Todos"
    )
    municipio = django_filters.ModelChoiceFilter(
        label="Município de origem",
        field_name="municipios_origem",
        queryset=Municipio.objects.all(),
        empty_label="Todos",
    )
    ano = django_filters.NumberFilter(label="Ano")
    aguardando = django_filters.BooleanFilter(
        label="Aguardando atos do meu perfil",
        method="aguardando_meus_atos",
        widget=forms.CheckboxInput,
    )
    ordem = django_filters.OrderingFilter(
        label="Ordenar por",
        fields=(
            (("ano", "numero"), "numero"),
            ("tipo", "tipo"),
            ("nome_proposto", "nome"),
            ("estado", "estado"),
            ("ultima_movimentacao", "movimentacao"),
        ),
        field_labels={
            "numero": "Número",
            "tipo": "Tipo",
            "nome": "Nome proposto",
            "estado": "Estado",
            "movimentacao": "Última movimentação",
        },
    )

    class Meta:
        model = Processo
        fields = ["q", "tipo", "estado", "municipio", "ano", "aguardando"]

    def aguardando_meus_atos(self, queryset, name, value):
        if not value or self.request is None:
            return queryset
        return queryset.filter(estado__in=estados_com_atos_do_usuario(self.request.user))

    # Onde a busca por texto procura (além do número do protocolo).
    campos_de_busca = ("nome_proposto", "sede_proposta", "resumo", "municipios_origem__nome")

    def buscar(self, queryset, name, value):
        termo = value.strip()
        filtro = Q()
        for campo in self.campos_de_busca:
            filtro |= Q(**{f"{campo}__icontains": termo})
        numero, _, ano = termo.partition("/")
        if numero.isdigit():
            filtro |= Q(numero=int(numero), **({"ano": int(ano)} if ano.isdigit() else {}))
        return queryset.filter(filtro).distinct()


class ProcessoPublicoFilter(ProcessoFilter):
    """A busca do portal: os mesmos critérios, sem "aguardando atos do meu perfil", que só
    faz sentido para quem tem papel na tramitação.

    O texto procura só no que o portal mostra (número, nome proposto, municípios de origem;
    tipo e estado têm filtro próprio): achar um processo por uma palavra do resumo, da sede
    ou de uma justificativa revelaria o que a página pública não exibe (Art. 23)."""

    campos_de_busca = ("nome_proposto", "municipios_origem__nome")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters.pop("aguardando")
