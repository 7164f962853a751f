"""Formulários dos simuladores públicos: só validam e convertem para os dados das regras."""

from decimal import Decimal

from django import forms

from emancipacao.numeros import CampoDecimal, CampoInteiro
from requisitos.municipios_br import municipios_da_uf
from requisitos.ordenacao import em_ordem_alfabetica
from requisitos.regras import DadosCriacao, DadosRemanescente

MAXIMO_PESSOAS = 1_000_000_000  # acima disso é erro de digitação, não um município
SIM_NAO_PENDENTE = [("", "Ainda não verificado"), ("sim", "Sim"), ("nao", "Não")]
TRADUZ_SIM_NAO = {"": None, "sim": True, "nao": False}


def _contagem(rotulo: str, ajuda: str = "", obrigatorio: bool = True) -> CampoInteiro:
    return CampoInteiro(
        label=rotulo,
        help_text=ajuda,
        required=obrigatorio,
        min_value=0,
        max_value=MAXIMO_PESSOAS,
        localize=True,
    )


def _reais(rotulo: str, ajuda: str = "", obrigatorio: bool = True) -> CampoDecimal:
    return CampoDecimal(
        label=rotulo,
        help_text=ajuda,
        required=obrigatorio,
        min_value=Decimal(0),
        max_digits=18,
        decimal_places=2,
        localize=True,
        unidade="R$",
    )


class SimuladorMunicipioForm(forms.Form):
    populacao = _contagem("População estimada da área (habitantes)", "Art. 2º, I")
    eleitores = _contagem("Eleitores da área", "Art. 2º, II")
    casas_centro_urbano = _contagem("Casas no centro urbano", "Art. 2º, III")
    valor_adicionado = _reais("Valor adicionado da área no último exercício (R$)", "Art. 2º, IV")
    exercicio = forms.TypedChoiceField(
        label="Exercício da tabela da SEFAZ",
        coerce=int,
        required=False,
        empty_value=None,
        help_text="A média dos municípios de menor VA é calculada da tabela importada.",
    )
    media_va_menores = _reais(
        "Ou informe a média do VA dos municípios de menor VA (R$)",
        "Use quando o exercício não estiver na lista.",
        obrigatorio=False,
    )
    condicoes_instalacao = forms.ChoiceField(
        label="Condições para instalar Prefeitura, Câmara e Judiciário",
        choices=SIM_NAO_PENDENTE,
        required=False,
        help_text="Art. 2º, V — verificadas pela CRT na visita in loco.",
    )
    continuidade_territorial = forms.ChoiceField(
        label="Mapa e memorial demonstram a continuidade territorial",
        choices=SIM_NAO_PENDENTE,
        required=False,
        help_text="Art. 2º, VI.",
    )

    def __init__(self, *args, exercicios: list[int] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["exercicio"].choices = [("", "—")] + [(a, str(a)) for a in exercicios]
        # O exercício mais recente já vem escolhido: o cidadão só digita os números da área.
        self.fields["exercicio"].initial = max(exercicios, default=None)
        if not exercicios:
            self.fields["exercicio"].help_text = "Nenhuma tabela da SEFAZ importada ainda."

    def clean(self):
        dados = super().clean()
        # A média digitada prevalece sobre o exercício (que já vem escolhido): é o caminho de
        # quem tem outra tabela; sem nenhum dos dois não há o que comparar (Art. 2º, IV).
        tem_exercicio = dados.get("exercicio") is not None
        tem_media = dados.get("media_va_menores") is not None
        if not (tem_exercicio or tem_media) and "media_va_menores" not in self.errors:
            raise forms.ValidationError(
                "Escolha o exercício da tabela da SEFAZ ou informe a média."
            )
        return dados


class RemanescenteForm(forms.Form):
    """Um município de origem depois de perder a área (Art. 2º, § 1º)."""

    codigo_ibge = forms.TypedChoiceField(
        label="Município de origem", coerce=int, required=False, empty_value=None
    )
    populacao = _contagem("População restante", obrigatorio=False)
    eleitores = _contagem("Eleitores restantes", obrigatorio=False)
    casas_centro_urbano = _contagem("Casas no centro urbano restante", obrigatorio=False)
    valor_adicionado = _reais("Valor adicionado restante (R$)", obrigatorio=False)

    NUMEROS = ("populacao", "eleitores", "casas_centro_urbano", "valor_adicionado")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        opcoes = [(m.codigo_ibge, m.nome) for m in em_ordem_alfabetica(municipios_da_uf("MT"))]
        self.fields["codigo_ibge"].choices = [("", "—")] + opcoes

    def clean(self):
        dados = super().clean()
        preenchidos = [c for c in self.NUMEROS if dados.get(c) is not None]
        if dados.get("codigo_ibge") is None:
            if preenchidos:
                self.add_error("codigo_ibge", "Escolha o município de origem destes números.")
            return dados
        for campo in self.NUMEROS:
            if dados.get(campo) is None and campo not in self.errors:
                self.add_error(campo, "Informe o número do município depois do desmembramento.")
        return dados

    def dados(self) -> DadosRemanescente | None:
        d = self.cleaned_data
        if not d or d.get("codigo_ibge") is None:
            return None
        nome = dict(self.fields["codigo_ibge"].choices).get(d["codigo_ibge"], "")
        return DadosRemanescente(nome=nome, **{c: d[c] for c in ("codigo_ibge", *self.NUMEROS)})


class BaseRemanescentesFormSet(forms.BaseFormSet):
    def clean(self):
        if any(self.errors):
            return
        codigos = [f.cleaned_data.get("codigo_ibge") for f in self.forms if f.cleaned_data]
        codigos = [c for c in codigos if c is not None]
        if len(codigos) != len(set(codigos)):
            raise forms.ValidationError("O mesmo município de origem foi informado duas vezes.")


RemanescentesFormSet = forms.formset_factory(
    RemanescenteForm, formset=BaseRemanescentesFormSet, extra=3, max_num=10, absolute_max=10
)


def dados_criacao(form: SimuladorMunicipioForm, formset, media) -> DadosCriacao:
    d = form.cleaned_data
    remanescentes = tuple(r for r in (f.dados() for f in formset.forms) if r is not None)
    return DadosCriacao(
        populacao=d["populacao"],
        eleitores=d["eleitores"],
        casas_centro_urbano=d["casas_centro_urbano"],
        valor_adicionado=d["valor_adicionado"],
        media_va_menores=media,
        condicoes_instalacao=TRADUZ_SIM_NAO[d["condicoes_instalacao"]],
        continuidade_territorial=TRADUZ_SIM_NAO[d["continuidade_territorial"]],
        remanescentes=remanescentes,
    )


class SimuladorDistritoForm(forms.Form):
    habitacoes_sede = _contagem("Habitações na sede da localidade", "Art. 25, I")
    populacao = _contagem("População do território (habitantes)", "Art. 25, II")


class SimuladorNomeForm(forms.Form):
    nome = forms.CharField(label="Nome proposto", max_length=120)
    declaracao_pessoa_viva = forms.BooleanField(
        label="Declaro que o nome não homenageia pessoa viva (Art. 6º).", required=False
    )

    def clean_nome(self):
        nome = " ".join(self.cleaned_data["nome"].split())
        if not any(c.isalpha() for c in nome):
            raise forms.ValidationError("Informe um nome com letras.")
        return nome
