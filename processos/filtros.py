import django_filters
from django import forms
from django.db.models import Q

from processos.estados import Estado, Tipo
from processos.models import Processo
from processos.services import estados_com_atos_do_usuario
from requisitos.models import Municipio
from requisitos.ordenacao import em_ordem_alfabetica


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
        # As chaves são os campos do modelo (não os nomes na URL).
        field_labels={
            ("ano", "numero"): "Número",
            "tipo": "Tipo",
            "nome_proposto": "Nome proposto",
            "estado": "Estado",
            "ultima_movimentacao": "Última movimentação",
        },
        empty_label="Padrão (mais recentes primeiro)",
    )

    class Meta:
        model = Processo
        fields = ["q", "tipo", "estado", "municipio", "ano", "aguardando"]

    @property
    def form(self):
        form = super().form
        campo = form.fields["municipio"]
        if not getattr(campo, "em_ordem_alfabetica", False):
            # Em ordem do pt-BR ("Água Boa" antes de "Alta Floresta"), não na do banco; a
            # validação continua pelo queryset.
            campo.widget.choices = [("", "Todos")] + [
                (m.pk, m.nome) for m in em_ordem_alfabetica(campo.queryset)
            ]
            campo.em_ordem_alfabetica = True
        return form

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
