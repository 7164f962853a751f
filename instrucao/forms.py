"""Formulários dos atos sobre ofícios: só validam (mensagens em pt-BR, nunca do framework)."""

from decimal import Decimal

from django import forms
from django.utils import timezone

from emancipacao.numeros import CampoDecimal, CampoInteiro
from instrucao import avaliacao, certidoes
from instrucao.services import DadosCertidao, verificar_pdf
from processos.campos import CampoData, campo_da_versao, exigir_versao
from processos.forms import ParecerForm
from processos.models import AtoRecusado
from requisitos import unidade_historico_cultural as historico_cultural
from requisitos.consultas import COMO_IMPORTAR_A_TABELA, ultimo_exercicio_encerrado
from requisitos.models import parametros_em_vigor


class _FormOficio(forms.Form):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {})
        for nome in self.base_fields:
            if isinstance(self.base_fields[nome], CampoData):
                kwargs["initial"].setdefault(nome, timezone.localdate())
        super().__init__(*args, **kwargs)


class RecebimentoForm(_FormOficio):
    recebido_em = CampoData(label="Recebido pelo órgão em (AR)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        dias = parametros_em_vigor().prazo_oficio_dias  # o parâmetro legal, não um literal
        self.fields[
            "recebido_em"
        ].help_text = f"O prazo de {dias} dias conta desta data (Art. 2º, § 3º)."


class RetificacaoRecebimentoForm(_FormOficio):
    """O AR lançado com a data errada; a correção fica registrada com a data anterior."""

    recebido_em = CampoData(label="Data correta do recebimento (AR)")
    justificativa = forms.CharField(
        label="Justificativa da retificação",
        max_length=5000,
        widget=forms.Textarea({"rows": 3}),
        error_messages={"required": "Informe a justificativa da retificação do AR."},
    )

    def __init__(self, *args, oficio, **kwargs):
        kwargs.setdefault("initial", {}).setdefault("recebido_em", oficio.recebido_em)
        super().__init__(*args, **kwargs)
        dias = parametros_em_vigor().prazo_oficio_dias
        anterior = f"{oficio.recebido_em:%d/%m/%Y}" if oficio.recebido_em else "—"
        self.fields["recebido_em"].help_text = (
            f"Registrado hoje: {anterior}. O vencimento é recalculado desta data ({dias} "
            "dias, Art. 2º, § 3º); a data anterior fica registrada."
        )
        # A versão do AR que a página mostrou: a última retificação (0 = nenhuma).
        ultima = oficio.retificacoes_recebimento.order_by("-pk").values_list("pk", flat=True)
        self.fields["versao_vista"] = campo_da_versao(ultima.first() or 0)

    def clean(self):
        dados = super().clean()
        exigir_versao(self)
        return dados


SIM_NAO_VAZIO = [("", "Não certificado"), ("sim", "Sim"), ("nao", "Não")]


# A unidade de cada número certificado, mostrada com a dica do formato.
UNIDADES = {
    "populacao": "habitantes",
    "eleitores": "eleitores",
    "casas_centro_urbano": "casas",
    "valor_adicionado": "R$",
    "area_km2": "km²",
    "participacao_icms": "% do índice",
}


def _campo_numero(campo: str, rotulo: str):
    if campo in certidoes.BOOLEANOS:
        return forms.TypedChoiceField(
            label=rotulo,
            choices=SIM_NAO_VAZIO,
            coerce=lambda v: v == "sim",
            empty_value=None,
            required=False,
        )
    if campo in certidoes.INTEIROS:
        # localize: aceita o separador de milhar (5.200), como se escreve.
        return CampoInteiro(
            label=rotulo,
            required=False,
            min_value=0,
            max_value=100_000_000,
            localize=True,
            unidade=UNIDADES[campo],
            error_messages={
                "invalid": "Informe um número inteiro (por exemplo, 5.200).",
                "min_value": "O número não pode ser negativo.",
                "max_value": "Número grande demais; confira a certidão.",
            },
        )
    casas = {"valor_adicionado": 2, "area_km2": 3, "participacao_icms": 6}[campo]
    minimo = Decimal("0.001") if campo == "area_km2" else Decimal(0)
    return CampoDecimal(
        label=rotulo,
        required=False,
        min_value=minimo,
        max_value=Decimal(100) if campo == "participacao_icms" else None,
        max_digits=18,
        decimal_places=casas,
        localize=True,
        unidade=UNIDADES[campo],
        error_messages={
            "invalid": "Informe um número (por exemplo, 1.234,56).",
            "min_value": "A área, em km², deve ser maior que zero."
            if campo == "area_km2"
            else "O número não pode ser negativo.",
            "max_value": "A parcela do ICMS é um percentual de 0 a 100.",
            "max_decimal_places": f"Use no máximo {casas} casas decimais.",
        },
    )


def _campo_exercicio():
    """Art. 2º, IV: o exercício vem pré-preenchido com o último encerrado cuja tabela da
    SEFAZ está no sistema; sem ela, a ajuda diz a quem pedir a importação."""
    ano = timezone.localdate().year
    sugerido = ultimo_exercicio_encerrado(parametros_em_vigor(), ano)
    if sugerido == ano - 1:
        ajuda = f"{sugerido}: o último exercício encerrado, com a tabela da SEFAZ no sistema."
    elif sugerido:
        ajuda = (
            f"{sugerido}: o último exercício com a tabela da SEFAZ no sistema. A de {ano - 1} "
            f"ainda não foi importada. {COMO_IMPORTAR_A_TABELA}"
        )
    else:
        ajuda = (
            "Nenhuma tabela do valor adicionado da SEFAZ está no sistema; sem ela, a média "
            f"do Art. 2º, IV, não se calcula. {COMO_IMPORTAR_A_TABELA}"
        )
    return CampoInteiro(
        label="Exercício do valor adicionado (Art. 2º, IV)",
        min_value=1988,
        max_value=ano,
        required=False,
        ano=True,
        initial=sugerido,
        help_text=ajuda,
    )


class _CertidaoForm(_FormOficio):
    """A certidão e os números que o órgão atesta: exatamente os que o ofício pede, por
    unidade (a área e cada município de origem remanescente). Número em branco = o órgão
    não o certificou (resposta parcial, exibida como parcial)."""

    certidao = forms.FileField(
        label="Certidão (PDF, até 20 MB)",
        error_messages={
            "required": "Envie a certidão em PDF.",
            "empty": "O arquivo enviado está vazio; envie a certidão em PDF.",
            "invalid": "Envie a certidão em PDF.",
        },
    )
    numero_certidao = forms.CharField(label="Número da certidão", max_length=60)
    data_certidao = CampoData(label="Data da certidão")

    def __init__(self, *args, oficio, **kwargs):
        super().__init__(*args, **kwargs)
        self.oficio = oficio
        processo = oficio.processo
        self.unidades = certidoes.unidades_pedidas(processo, oficio.orgao)
        if certidoes.pede_exercicio(processo, oficio.orgao):
            self.fields["exercicio"] = _campo_exercicio()
        for unidade in self.unidades:
            for campo in unidade.campos:
                self.fields[f"{unidade.chave}__{campo}"] = _campo_numero(
                    campo, f"{unidade.nome}: {certidoes.ROTULOS[campo]}"
                )

    def grupos(self):
        """Os campos de cada unidade, para o modelo montar um grupo por unidade."""
        return [(u, [self[f"{u.chave}__{c}"] for c in u.campos]) for u in self.unidades]

    def clean_certidao(self):
        arquivo = self.cleaned_data["certidao"]
        try:
            verificar_pdf(arquivo)
        except AtoRecusado as exc:
            raise forms.ValidationError(str(exc)) from exc
        return arquivo

    def clean(self):
        dados = super().clean()
        if not self.errors:
            dados["dados_certidao"] = self.dados_da_certidao()
        return dados

    def dados_da_certidao(self) -> DadosCertidao:
        dados = self.cleaned_data
        return DadosCertidao(
            arquivo=dados["certidao"],
            numero=dados["numero_certidao"],
            data=dados["data_certidao"],
            exercicio=dados.get("exercicio"),
            figuras={
                u.chave: {c: dados.get(f"{u.chave}__{c}") for c in u.campos} for u in self.unidades
            },
        )


class RespostaForm(_CertidaoForm):
    respondido_em = CampoData(label="Respondido em")
    observacoes = forms.CharField(
        label="Observações", required=False, max_length=5000, widget=forms.Textarea({"rows": 3})
    )
    field_order = ["respondido_em", "certidao", "numero_certidao", "data_certidao"]


class RetificacaoCertidaoForm(_CertidaoForm):
    """Versão nova da resposta: parte dos números vigentes; a anterior fica nos autos."""

    justificativa = forms.CharField(
        label="Justificativa da retificação",
        max_length=5000,
        widget=forms.Textarea({"rows": 3}),
        error_messages={"required": "Informe a justificativa da retificação."},
    )

    def __init__(self, *args, oficio, **kwargs):
        vigente = oficio.certidoes.vigentes().prefetch_related("figuras").first()
        if vigente is not None:
            iniciais = kwargs.setdefault("initial", {})
            iniciais.setdefault("exercicio", vigente.exercicio)
            for chave, campos in certidoes.numeros_da_certidao(vigente).items():
                for campo, valor in campos.items():
                    if isinstance(valor, bool):
                        valor = "sim" if valor else "nao"
                    iniciais.setdefault(f"{chave}__{campo}", valor)
        super().__init__(*args, oficio=oficio, **kwargs)
        # A versão que a página mostrou: outra retificação gravada depois recusa esta.
        self.fields["versao_vista"] = campo_da_versao(vigente.pk if vigente else None)

    def clean(self):
        dados = super().clean()
        exigir_versao(self)
        return dados


class CorrecaoDigitacaoForm(RetificacaoCertidaoForm):
    """Corrigir digitação: a mesma certidão (PDF, número e data), só os números digitados."""

    field_order = ["exercicio"]

    def __init__(self, *args, oficio, **kwargs):
        super().__init__(*args, oficio=oficio, **kwargs)
        for nome in ("certidao", "numero_certidao", "data_certidao"):
            del self.fields[nome]
        self.fields["justificativa"].label = "Justificativa da correção"
        self.fields["justificativa"].error_messages["required"] = (
            "Informe a justificativa da correção de digitação."
        )
        self.fields[
            "justificativa"
        ].help_text = "Fica registrada com os números de antes e de depois, quem corrigiu e quando."

    def dados_da_certidao(self) -> dict:
        dados = self.cleaned_data
        return {
            "exercicio": dados.get("exercicio"),
            "figuras": {
                u.chave: {c: dados.get(f"{u.chave}__{c}") for c in u.campos} for u in self.unidades
            },
        }


class ReiteracaoForm(_FormOficio):
    """Art. 21: o Presidente emite; a partir do rascunho, a data proposta vem preenchida."""

    enviado_em = CampoData(label="Reiteração enviada em")

    def __init__(self, *args, rascunho=None, **kwargs):
        hoje = timezone.localdate()
        if rascunho:
            kwargs.setdefault("initial", {})["enviado_em"] = min(rascunho.enviar_em, hoje)
        super().__init__(*args, **kwargs)
        if rascunho:
            self.fields["enviado_em"].help_text = _descrever(rascunho)


def _descrever(rascunho) -> str:
    autor = rascunho.preparado_por
    return (
        f"Rascunho preparado por {autor.get_full_name() or autor.get_username()} em "
        f"{timezone.localtime(rascunho.preparado_em):%d/%m/%Y}, com envio proposto "
        f"para {rascunho.enviar_em:%d/%m/%Y}."
    )


class RascunhoReiteracaoForm(_FormOficio):
    """Art. 21: o servidor prepara a reiteração; quem a emite é o Presidente."""

    enviar_em = CampoData(
        label="Envio proposto para",
        passada=False,
        help_text="Sem número nem PDF: o Presidente da CRT emite a reiteração (Art. 21).",
    )


class DescarteRascunhoForm(_FormOficio):
    """Art. 21: o rascunho pendente que não deve sair; ele fica nos autos com o motivo."""

    motivo = forms.CharField(
        label="Motivo do descarte",
        max_length=2000,
        widget=forms.Textarea({"rows": 3}),
        help_text="Fica registrado com o rascunho. O ofício segue vigente e pode ter outro "
        "rascunho.",
        error_messages={"required": "Informe o motivo do descarte do rascunho."},
    )

    def __init__(self, *args, rascunho=None, **kwargs):
        super().__init__(*args, **kwargs)
        if rascunho:
            campo = self.fields["motivo"]
            campo.help_text = f"{_descrever(rascunho)} {campo.help_text}"


class EmitirParecerMeritoForm(ParecerForm):
    """Art. 18: o Presidente escolhe a conclusão e escreve o parecer; os números do Art. 2º
    não se digitam — o formulário mostra a avaliação calculada sobre as certidões vigentes
    (e o V registrado na visita) e guarda as versões vistas, para recusar o envio se uma
    certidão for retificada entre abrir e confirmar."""

    resumo_template = "instrucao/_avaliacao.html"
    certidoes_vistas = forms.CharField(widget=forms.HiddenInput, required=False)
    # Art. 1º, § 1º: a análise da CRT, exigida no parecer favorável (a regra diz por quê).
    unidade_historico_cultural = forms.ChoiceField(
        label="Continuidade e unidade histórico-cultural do ambiente urbano (Art. 1º, § 1º)",
        choices=list(historico_cultural.ACHADOS.items()),
        widget=forms.RadioSelect,
        required=False,
    )
    fundamento_unidade = forms.CharField(
        label="Fundamento da análise (Art. 1º, § 1º)",
        help_text="O que a CRT examinou, inclusive a resposta da Cartografia; exigido no "
        "parecer favorável.",
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=5000,
    )

    def ajustar(self):
        if self.processo.tipo not in historico_cultural.TIPOS:
            del self.fields["unidade_historico_cultural"]
            del self.fields["fundamento_unidade"]
        self.avaliacao = avaliacao.avaliar(self.processo)
        if self.avaliacao is None:
            del self.fields["certidoes_vistas"]
            return
        self.resumo = resumo_da_avaliacao(self.processo, self.avaliacao)
        self.initial.setdefault("certidoes_vistas", assinatura(self.avaliacao))


def assinatura(avaliacao_) -> str:
    """As versões de certidão que a avaliação leu (ids), para conferir no envio."""
    return ",".join(str(c.pk) for c in avaliacao_.figuras.certidoes)


def resumo_da_avaliacao(processo, avaliacao_) -> dict:
    """O que o modelo `instrucao/_avaliacao.html` mostra: o veredito completo, ou as linhas
    parciais com o que falta; e as certidões de onde vêm os números."""
    veredito = avaliacao_.veredito
    return {
        "processo": processo,
        "avaliacao": avaliacao_,
        "linhas": None if avaliacao_.completa else avaliacao.linhas_parciais(processo, avaliacao_),
        "requisitos": [(r, avaliacao_.fonte(r.inciso)) for r in veredito.requisitos]
        if veredito
        else [],
        "remanescentes": [
            (rem, [(r, avaliacao_.fonte(r.inciso, f"m{rem.codigo_ibge}")) for r in rem.requisitos])
            for rem in getattr(veredito, "remanescentes", ())
        ],
        "certidoes": avaliacao_.figuras.certidoes,
        "extincao": processo.tipo == "extincao",
    }
