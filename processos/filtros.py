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

    def buscar(self, queryset, name, value):
        termo = value.strip()
        filtro = (
            Q(nome_proposto__icontains=termo)
            | Q(sede_proposta__icontains=termo)
            | Q(resumo__icontains=termo)
            | Q(municipios_origem__nome__icontains=termo)
        )
        numero, _, ano = termo.partition("/")
        if numero.isdigit():
            filtro |= Q(numero=int(numero), **({"ano": int(ano)} if ano.isdigit() else {}))
        return queryset.filter(filtro).distinct()


class ProcessoPublicoFilter(ProcessoFilter):
    """A busca do portal: os mesmos critérios, sem "aguardando atos do meu perfil", que só
    faz sentido para quem tem papel na tramitação."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters.pop("aguardando")
