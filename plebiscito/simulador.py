"""Simulador público do resultado do plebiscito (Art. 11), para quem acompanha uma consulta:
informa os números de cada unidade de votação e vê as três leituras do resultado, com a conta
e o fundamento, qual delas governa e quais unidades entraram na soma."""

from django import forms
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from emancipacao.numeros import CampoInteiro, EntradaNumerica
from plebiscito.regras import (
    ABRANGENCIAS,
    CAMPOS,
    REGRAS,
    Apuracao,
    ApuracaoInvalida,
    Unidade,
    Votacao,
    apurar_unidades,
    problemas_da_votacao,
)
from requisitos.forms import MAXIMO_PESSOAS
from requisitos.limite import limitar_simulador
from requisitos.models import parametros_em_vigor
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO, REGRAS_PLEBISCITO

LINHAS = 6  # a área e alguns municípios envolvidos; a API aceita mais


def _contagem(rotulo: str) -> CampoInteiro:
    return CampoInteiro(
        label=rotulo,
        min_value=0,
        max_value=MAXIMO_PESSOAS,
        localize=True,
        widget=EntradaNumerica(attrs={"class": "form-control form-control-sm", "size": 7}),
    )


class UnidadeForm(forms.Form):
    """Uma linha: os números de uma unidade de votação, como o TRE os comunica."""

    nome = forms.CharField(
        label="Unidade de votação",
        max_length=120,
        widget=forms.TextInput(attrs={"class": "form-control form-control-sm"}),
    )
    inscritos = _contagem("Eleitores inscritos")
    comparecimento = _contagem("Comparecimento")
    sim = _contagem("Votos Sim")
    nao = _contagem("Votos Não")
    brancos = _contagem("Votos em branco")
    nulos = _contagem("Votos nulos")
    area_desmembrada = forms.BooleanField(
        label="É a área a desmembrar",
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def clean_nome(self) -> str:
        return " ".join(self.cleaned_data["nome"].split())

    def has_changed(self) -> bool:
        """Só a marca de área, sem números, não faz da linha uma unidade de votação."""
        return any(campo != "area_desmembrada" for campo in self.changed_data)

    def clean(self):
        """Sim + Não + brancos + nulos = comparecimento ≤ inscritos: o boletim do TRE
        fecha (Art. 11)."""
        dados = super().clean()
        if all(dados.get(campo) is not None for campo in CAMPOS):
            for campo, mensagem in problemas_da_votacao(self.votacao()):
                self.add_error(campo, mensagem)
        return dados

    def votacao(self) -> Votacao:
        return Votacao(**{campo: self.cleaned_data[campo] for campo in CAMPOS})

    def unidade(self) -> Unidade:
        return Unidade(
            self.cleaned_data["nome"], self.cleaned_data["area_desmembrada"], self.votacao()
        )


class BaseUnidadesFormSet(forms.BaseFormSet):
    def get_form_kwargs(self, index):
        """A primeira linha já vem marcada como a área a desmembrar, que sempre vota (Art. 11,
        § 1º): quem só digita os números de uma unidade recebe a apuração, não um erro."""
        kwargs = super().get_form_kwargs(index)
        if index == 0:
            kwargs["initial"] = {"area_desmembrada": True}
        return kwargs

    def preenchidas(self) -> list[UnidadeForm]:
        """As linhas em branco ficam de fora (o formulário vazio não é validado)."""
        return [f for f in self.forms if f.cleaned_data]


UnidadesFormSet = forms.formset_factory(
    UnidadeForm, formset=BaseUnidadesFormSet, extra=LINHAS, max_num=LINHAS, absolute_max=LINHAS
)


class SimuladorPlebiscitoForm(forms.Form):
    regra = forms.ChoiceField(
        label="Regra de aprovação",
        choices=[(r, REGRAS_PLEBISCITO[r]) for r in REGRAS],
    )
    abrangencia = forms.ChoiceField(
        label="Quem é consultado (abrangência)",
        choices=[(a, ABRANGENCIAS_PLEBISCITO[a]) for a in ABRANGENCIAS],
    )

    def __init__(self, *args, parametros, **kwargs):
        """Os parâmetros legais em vigor são o ponto de partida (Art. 11, §§ 1º e 2º)."""
        super().__init__(*args, **kwargs)
        regra, abrangencia = parametros.regra_plebiscito, parametros.abrangencia_plebiscito
        self.fields["regra"].initial = regra
        self.fields["regra"].help_text = f"Em vigor: {REGRAS_PLEBISCITO[regra]}."
        self.fields["abrangencia"].initial = abrangencia
        self.fields["abrangencia"].help_text = f"Em vigor: {ABRANGENCIAS_PLEBISCITO[abrangencia]}."


def _apurar(form: SimuladorPlebiscitoForm, formset: BaseUnidadesFormSet) -> Apuracao | None:
    """Apura as linhas preenchidas; o que só o conjunto revela (nome repetido, nenhuma área
    a desmembrar) volta como erro ao campo da linha ou ao quadro das unidades."""
    linhas = formset.preenchidas()
    try:
        return apurar_unidades(
            [f.unidade() for f in linhas],
            form.cleaned_data["regra"],
            form.cleaned_data["abrangencia"],
        )
    except ApuracaoInvalida as exc:
        for onde, mensagem in exc.problemas:
            if isinstance(onde, tuple):
                linhas[onde[0]].add_error(onde[1], mensagem)
            else:
                form.add_error("abrangencia" if onde == "abrangencia" else None, mensagem)
        return None


MOTIVO_AREA = "Área a desmembrar: sempre consultada (LC 23/1992, Art. 11, § 1º)."
MOTIVO_ENVOLVIDO = (
    "Município envolvido: contado porque a abrangência inclui todos os municípios envolvidos "
    "(CF, art. 18, § 4º; Lei 9.709/1998, art. 7º)."
)
MOTIVO_FORA = (
    "Não contada: sob esta abrangência vota somente a população da área a desmembrar "
    "(LC 23/1992, Art. 11, § 1º; Art. 12, I)."
)


def unidades_explicadas(apuracao: Apuracao) -> list[dict]:
    """Cada unidade, se entrou na soma e por quê (abrangência, Art. 11, § 1º)."""
    linhas = []
    for unidade in apuracao.unidades:
        contada = unidade.nome in apuracao.contadas  # a regra decide; aqui só se explica
        if unidade.area_desmembrada:
            motivo = MOTIVO_AREA
        else:
            motivo = MOTIVO_ENVOLVIDO if contada else MOTIVO_FORA
        linhas.append({"unidade": unidade, "contada": contada, "motivo": motivo})
    return linhas


@require_http_methods(["GET", "POST"])
@limitar_simulador
def simulador_plebiscito(request):
    parametros = parametros_em_vigor()
    dados = request.POST if request.method == "POST" else None
    form = SimuladorPlebiscitoForm(dados, parametros=parametros)
    formset = UnidadesFormSet(dados, prefix="un")
    apuracao = None
    if form.is_bound and all([form.is_valid(), formset.is_valid()]):  # os dois, sempre
        apuracao = _apurar(form, formset)
    contexto = {
        "form": form,
        "formset": formset,
        "apuracao": apuracao,
        "unidades": unidades_explicadas(apuracao) if apuracao else [],
        "rotulo_regra": REGRAS_PLEBISCITO[apuracao.regra_vigente] if apuracao else "",
        "rotulo_abrangencia": ABRANGENCIAS_PLEBISCITO[apuracao.abrangencia] if apuracao else "",
        "parametros": parametros,
    }
    status = 400 if form.is_bound and apuracao is None else 200
    return render(request, "plebiscito/simulador.html", contexto, status=status)
