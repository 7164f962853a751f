"""Formulários: só validam. Cada ato tem o seu, com apenas os campos que o ato registra."""

import re
from datetime import date
from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone

from documentos.anexos import CAMPO as ANEXO
from documentos.anexos import CampoAnexo
from emancipacao.numeros import MAXIMO_DO_ID, CampoInteiro, campo_do_modelo
from processos import cronologia, deliberacoes, extensoes, retificacao, rito
from processos.atos import ANTERIOR_A_CF, PROMULGACAO_CF
from processos.estados import TIPOS_COM_NOME_NOVO, Tipo
from processos.models import FormaEncaminhamento, Processo
from processos.papeis import DEPUTADO, GRUPOS
from processos.versao import (
    MENSAGEM_ANDAMENTO_NOVO,
    MENSAGEM_DESATUALIZADO,
    MENSAGEM_SEM_VERSAO,
    ha_andamento_novo,
    versao_do_processo,
)
from requisitos import formatacao as fmt
from requisitos.aplicacao import DECLARADA, registrar
from requisitos.ordenacao import em_ordem_alfabetica
from requisitos.parametros import ABRANGENCIAS_PLEBISCITO

FORMATO_DATA = "%d/%m/%Y"


class CampoData(forms.DateField):
    """Data em dd/mm/aaaa (convenção da Casa), digitável pelo teclado; nunca anterior à
    Constituição de 1988 (processos.atos.PROMULGACAO_CF)."""

    def __init__(self, *args, passada=True, **kwargs):
        kwargs.setdefault(
            "widget",
            forms.DateInput(
                format=FORMATO_DATA,
                attrs={"placeholder": "dd/mm/aaaa", "inputmode": "numeric", "autocomplete": "off"},
            ),
        )
        kwargs.setdefault("input_formats", [FORMATO_DATA, "%Y-%m-%d"])
        super().__init__(*args, **kwargs)
        self.passada = passada

    def validate(self, value):
        super().validate(value)
        if value and value < PROMULGACAO_CF:
            raise forms.ValidationError(ANTERIOR_A_CF)
        if value and self.passada and value > timezone.localdate():
            raise forms.ValidationError("A data não pode ser futura.")


def _inteiro(rotulo, obrigatorio=False, **kw):
    return CampoInteiro(
        label=rotulo, required=obrigatorio, min_value=0, max_value=100_000_000, **kw
    )


def _texto(rotulo, obrigatorio=True, linhas=4):
    return forms.CharField(
        label=rotulo,
        required=obrigatorio,
        max_length=100_000,
        widget=forms.Textarea(attrs={"rows": linhas}),
    )


def _curto(rotulo, obrigatorio=True):
    return forms.CharField(label=rotulo, required=obrigatorio, max_length=200)


class CampoNumero(forms.CharField):
    """O número de um ato ou ofício, sem a espécie que o documento já escreve antes dele:
    "Ofício nº 7/2026" digitado no campo do ofício grava "7/2026" (e o título sai "Ofício nº
    7/2026", não "Ofício nº Ofício nº 7/2026")."""

    def __init__(self, rotulo: str, *especies: str):
        super().__init__(label=rotulo, max_length=200)
        alternativas = "|".join(re.escape(e) for e in especies)
        self.prefixo = re.compile(
            rf"^\s*(?:(?:{alternativas})\b\.?\s*)?(?:n\.?\s*[º°o](?![^\W\d_])\.?\s*|n\.\s*)?",
            re.IGNORECASE,
        )

    def to_python(self, value):
        texto = super().to_python(value)
        return self.prefixo.sub("", texto, count=1).strip() or texto


# Municípios de origem: lista de caixas de marcar (funciona sem JavaScript); o
# static/js/lista-filtravel.js acrescenta o campo "Filtrar" sobre a lista.
ATRIBUTOS_DA_LISTA = {"data-filtravel": "municipio"}
AJUDA_DA_LISTA = "Marque um ou mais municípios; digite no filtro para encontrar pelo nome."


def ordenar_municipios(campo: forms.ModelMultipleChoiceField) -> None:
    """Em ordem do pt-BR ("Água Boa" antes de "Alta Floresta"); a validação continua pelo
    queryset do campo."""
    campo.choices = [(m.pk, m.nome) for m in em_ordem_alfabetica(campo.queryset)]
    campo.error_messages["invalid_choice"] = MUNICIPIO_DESCONHECIDO


def campo_com_unidade(campo_modelo, **kwargs) -> forms.Field:
    """O campo do modelo (emancipacao.numeros.campo_do_modelo), com a unidade das áreas."""
    if campo_modelo.name.endswith("_km2"):
        kwargs["unidade"] = "km²"
    return campo_do_modelo(campo_modelo, **kwargs)


class ProtocolarForm(forms.ModelForm):
    data_leitura_expediente = CampoData(label="Lida no expediente em")

    class Meta:
        model = Processo
        formfield_callback = campo_com_unidade
        fields = [
            "tipo",
            "nome_proposto",
            "sede_proposta",
            "municipios_origem",
            "forma_encaminhamento",
            "deputado_autor",
            "representantes",
            "data_leitura_expediente",
            "resumo",
            "area_movida_km2",
            "area_total_km2",
            "divisas",
            "memorial_descritivo",
        ]
        widgets = {
            "forma_encaminhamento": forms.RadioSelect,
            "municipios_origem": forms.CheckboxSelectMultiple(attrs=ATRIBUTOS_DA_LISTA),
            "resumo": forms.Textarea(attrs={"rows": 3}),
            "divisas": forms.Textarea(attrs={"rows": 3}),
            "memorial_descritivo": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "municipios_origem": AJUDA_DA_LISTA,
            "sede_proposta": "Na criação e na fusão, o nome do município é o da sede (Art. 7º, I).",
            "area_movida_km2": "Revisão de limites: define se o plebiscito é dispensado (Art. 8º).",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deputado_autor"].queryset = (
            get_user_model()
            .objects.filter(groups__name=GRUPOS[DEPUTADO])
            .order_by("first_name", "username")
        )
        self.fields["deputado_autor"].label_from_instance = _nome_do_usuario
        self.fields["forma_encaminhamento"].choices = FormaEncaminhamento.choices
        ordenar_municipios(self.fields["municipios_origem"])

    def clean(self):
        dados = super().clean()
        if dados.get("forma_encaminhamento") == FormaEncaminhamento.DEPUTADO and not dados.get(
            "deputado_autor"
        ):
            self.add_error(
                "deputado_autor",
                "Informe o Deputado por cujo intermédio a "
                "representação foi encaminhada (Art. 14, parágrafo único).",
            )
        if dados.get("forma_encaminhamento") == FormaEncaminhamento.COMUNIDADE:
            dados["deputado_autor"] = None
        validar_territorio(self, dados.get("tipo"), dados)
        return dados


# Quantos municípios de origem cada tipo pede (mínimo, máximo).
ORIGENS_POR_TIPO = {
    Tipo.CRIACAO: (1, None),
    Tipo.FUSAO: (2, None),
    Tipo.INCORPORACAO: (2, 2),
    Tipo.EXTINCAO: (1, 1),
    Tipo.REVISAO_LIMITES: (1, None),
    Tipo.ALTERACAO_NOME: (1, 1),
}
MUNICIPIO_DESCONHECIDO = (
    "Município desconhecido: %(value)s. Escolha um município de Mato Grosso da lista."
)


def validar_territorio(form: forms.Form, tipo: str | None, dados: dict) -> None:
    """Protocolo e retificação: municípios de origem por tipo, áreas (Art. 8º) e sede
    (Art. 7º, I), com o erro no campo."""
    origens = dados.get("municipios_origem")
    if tipo and origens is not None:
        minimo, maximo = ORIGENS_POR_TIPO[tipo]
        if len(origens) < minimo or (maximo and len(origens) > maximo):
            quantos = f"exatamente {minimo}" if minimo == maximo else f"ao menos {minimo}"
            form.add_error(
                "municipios_origem", f"{Tipo(tipo).label}: escolha {quantos} município(s)."
            )
    for campo, mensagem in retificacao.erros_das_areas(
        dados.get("area_movida_km2"), dados.get("area_total_km2")
    ):
        form.add_error(campo, mensagem)
    if tipo in (Tipo.CRIACAO, Tipo.FUSAO) and not dados.get("sede_proposta"):
        form.add_error("sede_proposta", "Informe a sede proposta (Art. 7º, I).")


class ManifestacaoForm(forms.Form):
    texto = forms.CharField(
        label="Manifestação",
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="Art. 22: o Deputado tem voz no processo, sem voto. A manifestação fica "
        "registrada e visível à Comissão.",
    )


class AtoForm(forms.Form):
    """Campos comuns a todo ato: data, justificativa e o estado que o usuário viu."""

    data_ato = CampoData(label="Data do ato")
    estado_esperado = forms.CharField(widget=forms.HiddenInput)
    justificativa = forms.CharField(
        label="Justificativa / observações",
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args, processo: Processo, ato, **kwargs):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("data_ato", timezone.localdate())
        kwargs["initial"].setdefault("estado_esperado", processo.estado)
        super().__init__(*args, **kwargs)
        self.processo, self.ato = processo, ato
        # A versão do processo que o usuário viu (processos.versao): um ato praticado depois
        # recusa este. Obrigatória nos atos que não mudam o estado, em que o estado_esperado
        # não barra o mesmo POST repetido; quem a exige é o serviço, com o aviso.
        self.fields["ultimo_andamento"] = campo_da_versao(versao_do_processo(processo.pk))
        if ato.exige_justificativa:
            self.fields["justificativa"].required = True
            self.fields["justificativa"].label = "Justificativa"
        self.ajustar()
        # Justificativa por último, depois dos campos próprios do ato.
        self.order_fields([c for c in self.fields if c != "justificativa"] + ["justificativa"])

    def ajustar(self):
        """Ganchos por ato (campos que dependem do tipo do processo)."""

    def clean(self):
        # A página desatualizada diz por quê antes dos erros dos campos (a opção que outro
        # usuário já usou, p. ex.); o serviço confere de novo com o processo travado.
        dados = super().clean()
        visto = dados.get("ultimo_andamento")
        if visto is not None and ha_andamento_novo(self.processo.pk, visto):
            mudou_o_estado = dados.get("estado_esperado") not in (None, self.processo.estado)
            self.add_error(
                None, MENSAGEM_DESATUALIZADO if mudou_o_estado else MENSAGEM_ANDAMENTO_NOVO
            )
        # A ordem das datas da lei (processos.cronologia), com o erro no campo da data.
        if dados.get("data_ato") and not self.errors:
            for campo, mensagem in cronologia.erros(
                self.processo,
                self.ato.nome,
                dados["data_ato"],
                self.dados_do_ato(),
                hoje=timezone.localdate(),
            ):
                self.add_error(campo if campo in self.fields else None, mensagem)
        if not self.errors and (votos := deliberacoes.erro_dos_votos(self.ato.nome, dados)):
            self.add_error("votos_sim" if "votos_sim" in self.fields else None, votos)
        return dados

    def dados_do_ato(self) -> dict:
        """O que fica gravado no Andamento (além de data e justificativa)."""
        comuns = {"data_ato", "estado_esperado", "ultimo_andamento", "justificativa", ANEXO}
        return {k: v for k, v in self.cleaned_data.items() if k not in comuns}


def campo_da_versao(inicial: int | None) -> CampoInteiro:
    """A versão oculta do registro que a página mostrou (processos.versao): o serviço recusa
    a correção se outro usuário gravou uma versão nova depois."""
    return CampoInteiro(
        widget=forms.HiddenInput,
        initial=inicial,
        required=False,
        min_value=0,
        max_value=MAXIMO_DO_ID,
    )


def exigir_versao(form: forms.Form, campo: str = "versao_vista") -> None:
    """Sem a versão vista não se sabe se a página estava atualizada: recusa com o aviso."""
    if form.cleaned_data.get(campo) is None and campo not in form.errors:
        form.add_error(None, MENSAGEM_SEM_VERSAO)


SIM_NAO = [("sim", "Sim"), ("nao", "Não")]


class SessaoForm(AtoForm):
    """Deliberações do Plenário: sessão, resultado, votos."""

    sessao_numero = _curto("Sessão (número)")
    votos_sim = _inteiro("Votos favoráveis")
    votos_nao = _inteiro("Votos contrários")
    abstencoes = _inteiro("Abstenções")
    arquivo_do_ato = CampoAnexo("Ata da sessão do Plenário")


class BaixarEmDiligenciaForm(AtoForm):
    documentos_faltantes = _texto("Documentos faltantes (Art. 15)")
    solicitado_a = _curto("Solicitado a (lideranças interessadas)")


class ReceberNaCrtForm(AtoForm):
    data_distribuicao_deputados = CampoData(label="Cópias distribuídas aos Deputados em")
    data_publicacao = CampoData(label="Publicada no órgão oficial em")


class RegistrarVisitaForm(AtoForm):
    membros_presentes = _texto("Membros presentes", linhas=2)
    levantamento_socioeconomico = _texto("Levantamento socioeconômico (Art. 17, I)")
    relatorio_circunstanciado = _texto("Relatório circunstanciado da visita", linhas=6)
    arquivo_do_ato = CampoAnexo("Relatório da visita in loco")
    condicoes_instalacao = forms.TypedChoiceField(
        label="Há condições para instalar Prefeitura, Câmara e Judiciário? (Art. 2º, V)",
        choices=SIM_NAO,
        coerce=lambda v: v == "sim",
        widget=forms.RadioSelect,
        required=False,
        empty_value=None,
    )

    def ajustar(self):
        if rito.RITOS[self.processo.tipo].requisitos_art2:
            self.fields["condicoes_instalacao"].required = True
        else:
            del self.fields["condicoes_instalacao"]


class ParecerForm(AtoForm):
    conclusao = forms.ChoiceField(
        label="Conclusão",
        choices=[("favoravel", "Favorável"), ("contrario", "Contrário")],
        widget=forms.RadioSelect,
    )
    texto_parecer = _texto("Texto do parecer", linhas=8)


class EmitirParecerPreliminarForm(ParecerForm):
    conclusao = forms.ChoiceField(
        label="Conclusão (Art. 17, II)",
        choices=[
            ("solicitar_documentos", "Solicitar os documentos do Art. 2º"),
            ("arquivamento", "Arquivamento (submetido ao Plenário)"),
        ],
        widget=forms.RadioSelect,
    )


class DeliberarArquivamentoForm(SessaoForm):
    resultado = forms.ChoiceField(
        label="O Plenário aprovou o arquivamento?",
        choices=[
            ("aprovado", "Sim, arquivamento aprovado"),
            ("rejeitado", "Não, o processo prossegue"),
        ],
        widget=forms.RadioSelect,
    )


class DeliberarPlenarioForm(SessaoForm):
    resultado = forms.ChoiceField(
        label="Deliberação do Plenário (Art. 18, § 1º)",
        choices=[
            ("aprovado", "Pela tramitação (segue à CCJR)"),
            ("rejeitado", "Pelo arquivamento"),
        ],
        widget=forms.RadioSelect,
    )


class RegistrarParecerCcjForm(ParecerForm):
    numero_parecer = _curto("Número do parecer da CCJR")
    relator = _curto("Relator(a)")
    texto_parecer = None
    arquivo_do_ato = CampoAnexo("Parecer da CCJR")


class ApresentarPdlForm(AtoForm):
    numero_pdl = CampoNumero("Número do PDL", "projeto de decreto legislativo", "pdl")
    ementa = _texto("Ementa", linhas=2)


class PublicarDecretoForm(AtoForm):
    numero_decreto = CampoNumero(
        "Número do Decreto Legislativo", "decreto legislativo", "decreto", "dl"
    )
    data_aprovacao = CampoData(label="Aprovado em")
    data_diario_oficial = CampoData(label="Publicado no Diário Oficial em")


class EncaminharAoTreForm(AtoForm):
    """Art. 19, § 1º: o número do ofício ao TRE não se digita — é o seguinte da numeração
    anual dos ofícios da CRT, dado pela instrução na transação do ato."""

    def ajustar(self):
        self.fields["data_ato"].help_text = (
            "O ofício ao TRE recebe o número seguinte dos ofícios da CRT (nº/ano-CRT), dado "
            "pelo sistema ao confirmar, e segue com a cópia integral autenticada do processo."
        )


class ApresentarPlForm(AtoForm):
    numero_pl = CampoNumero("Número do Projeto de Lei", "projeto de lei", "pl")
    data_sessao_ordem_do_dia = CampoData(
        label="Sessão em cuja Ordem do Dia será incluído (a seguinte, Art. 20, § 2º)",
        passada=False,
    )
    ano_instalacao = CampoInteiro(
        label="Ano de instalação (Art. 7º, III)",
        min_value=1993,
        max_value=2100,
        required=False,
        ano=True,
    )
    declara_pessoa_viva = forms.BooleanField(
        label="Declaro que o nome não é de pessoa viva (Art. 6º). Repetição no País, datas e "
        "número de palavras são conferidos pelo sistema.",
        required=False,
    )

    def ajustar(self):
        if self.processo.tipo in TIPOS_COM_NOME_NOVO:
            self.fields["declara_pessoa_viva"].required = True
        else:
            del self.fields["declara_pessoa_viva"]
        if self.processo.tipo != Tipo.CRIACAO:
            del self.fields["ano_instalacao"]


# Art. 6º: "nomes de pessoas vivas" não é decidível por software; quem apresenta o PL declara.
registrar(
    "Art. 6º",
    modo=DECLARADA,
    descricao="Nome de pessoa viva: o Presidente declara, no formulário “Apresentar PL”, que o "
    "nome não é de pessoa viva; a declaração fica no andamento do processo.",
    onde="processos.forms.ApresentarPlForm",
    testes=(
        "tests.processos.test_guardas."
        "test_projeto_de_lei_da_criacao_exige_declarar_que_o_nome_nao_e_de_pessoa_viva",
    ),
)


class RegistrarLeiForm(AtoForm):
    numero_lei = CampoNumero("Número da lei", "lei complementar", "lei")
    data_sancao = CampoData(label="Sancionada em")
    data_diario_oficial = CampoData(label="Publicada no Diário Oficial em")


class ArquivarForm(AtoForm):
    motivo = forms.ChoiceField(
        label="Motivo",
        choices=[
            ("desistencia", "Desistência"),
            ("perda_objeto", "Perda de objeto"),
            ("veto_mantido", "Veto mantido"),
            ("outro", "Outro"),
        ],
    )


class SobrestarForm(AtoForm):
    fundamento = forms.ChoiceField(
        label="Fundamento",
        choices=[
            ("ordem_judicial", "Ordem judicial"),
            ("bloqueio_federal", "Bloqueio constitucional federal (CF, art. 18, § 4º)"),
            ("outro", "Outro"),
        ],
    )


def _campo_do_processo(nome: str, **kwargs) -> forms.Field:
    """O campo como no protocolo (mesmo rótulo, limites e validação do modelo)."""
    return campo_com_unidade(Processo._meta.get_field(nome), **kwargs)


class RetificarDadosForm(AtoForm):
    """Preenchido com os dados atuais; os campos que a etapa já fixou vêm desabilitados, com
    o motivo. A transição confere os mesmos bloqueios (a tela não é a única barreira)."""

    nome_proposto = _campo_do_processo("nome_proposto")
    sede_proposta = _campo_do_processo(
        "sede_proposta",
        help_text="Na criação e na fusão, o nome do município é o da sede (Art. 7º, I).",
    )
    municipios_origem = _campo_do_processo(
        "municipios_origem",
        widget=forms.CheckboxSelectMultiple(attrs=ATRIBUTOS_DA_LISTA),
        help_text=AJUDA_DA_LISTA,
    )
    area_movida_km2 = _campo_do_processo(
        "area_movida_km2",
        help_text="Revisão de limites: define se o plebiscito é dispensado (Art. 8º).",
    )
    area_total_km2 = _campo_do_processo("area_total_km2")
    divisas = _campo_do_processo("divisas", widget=forms.Textarea(attrs={"rows": 3}))
    memorial_descritivo = _campo_do_processo(
        "memorial_descritivo", widget=forms.Textarea(attrs={"rows": 3})
    )

    def ajustar(self):
        ordenar_municipios(self.fields["municipios_origem"])
        # Os valores atuais, e não sugestões da URL: o que não mudar não é retificado.
        atuais = retificacao.valores_atuais(self.processo)
        atuais["municipios_origem"] = [m.pk for m in atuais["municipios_origem"]]
        self.initial.update(atuais)
        self.bloqueios = retificacao.bloqueios(self.processo)
        for campo, motivo in self.bloqueios.items():
            self.fields[campo].disabled = True
            self.fields[campo].help_text = motivo[:1].upper() + motivo[1:]

    def clean(self):
        dados = super().clean()
        validar_territorio(self, self.processo.tipo, dados)
        # Campo desabilitado: o Django usa o valor atual e ignora o enviado. Um valor enviado
        # diferente (POST forjado) é recusado com o motivo, em vez de ignorado em silêncio.
        for campo, motivo in self.bloqueios.items():
            if self._enviado_diferente(campo):
                self.add_error(campo, f"{retificacao.rotulo(self.processo, campo)}: {motivo}")
        return dados

    def _enviado_diferente(self, campo: str) -> bool:
        if self.add_prefix(campo) not in self.data:  # o navegador não envia o desabilitado
            return False
        campo_form = self.fields[campo]
        try:
            enviado = campo_form.clean(self[campo].data)
        except forms.ValidationError:
            return True
        try:
            return bool(retificacao.comparar(self.processo, {campo: enviado}))
        except (ValueError, ArithmeticError):
            return True

    def dados_do_ato(self) -> dict:
        dados = super().dados_do_ato()
        dados["municipios_origem"] = list(dados["municipios_origem"])
        return dados


# Os formulários dos atos cujas fases vivem em outras apps (plebiscito, ...) são
# registrados por elas em processos.extensoes; `formulario_do_ato` consulta os dois.
FORMULARIOS: dict[str, type[AtoForm]] = {
    "baixar_em_diligencia": BaixarEmDiligenciaForm,
    "receber_na_crt": ReceberNaCrtForm,
    "registrar_visita": RegistrarVisitaForm,
    "emitir_parecer_preliminar": EmitirParecerPreliminarForm,
    "deliberar_arquivamento": DeliberarArquivamentoForm,
    "concluir_certidoes": AtoForm,
    # A criação e a extinção têm o formulário da instrução (avaliação das certidões).
    "emitir_parecer_merito": ParecerForm,
    "deliberar_plenario": DeliberarPlenarioForm,
    "registrar_parecer_ccj": RegistrarParecerCcjForm,
    "apresentar_pdl": ApresentarPdlForm,
    "publicar_decreto": PublicarDecretoForm,
    "rejeitar_pdl": SessaoForm,
    "encaminhar_ao_tre": EncaminharAoTreForm,
    "apresentar_pl": ApresentarPlForm,
    "aprovar_pl": SessaoForm,
    "rejeitar_pl": SessaoForm,
    "registrar_lei": RegistrarLeiForm,
    "arquivar": ArquivarForm,
    "desarquivar": AtoForm,
    "sobrestar": SobrestarForm,
    "retomar": AtoForm,
    "retificar_dados": RetificarDadosForm,
}


def formulario_do_ato(nome_ato: str) -> type[AtoForm] | None:
    return extensoes.formulario(nome_ato) or FORMULARIOS.get(nome_ato)


def descrever_dado(nome_ato: str, campo: str, valor) -> tuple[str, object]:
    """Rótulo e valor legível de um dado gravado no Andamento, para a linha do tempo."""
    rotulo, escolhas = rotulo_declarado(nome_ato, campo) or (campo.replace("_", " "), {})
    return rotulo.rstrip("."), _legivel(valor, escolhas)


def rotulo_declarado(nome_ato: str, campo: str) -> tuple[str, dict] | None:
    """O rótulo (e as escolhas) de um dado: o do campo do formulário do ato, o dos dados que
    o hub grava ou o que a fase registrou (`extensoes.registrar_rotulo`); None se ninguém o
    declarou."""
    formulario = formulario_do_ato(nome_ato)
    campo_form = formulario.base_fields.get(campo) if formulario else None
    if campo_form is not None:
        return str(campo_form.label), dict(getattr(campo_form, "choices", None) or [])
    return ROTULOS_EXTRAS.get(campo) or extensoes.rotulo(campo)


# Dados gravados pelo próprio ato (não digitados num campo do formulário): rótulo e valores.
ROTULOS_EXTRAS = {
    "forma_encaminhamento": ("Encaminhamento", dict(FormaEncaminhamento.choices)),
    "abrangencia": ("Abrangência da consulta em vigor", ABRANGENCIAS_PLEBISCITO),
    "conclusao": ("Conclusão", {"favoravel": "Favorável", "contrario": "Contrária"}),
}


def _legivel(valor, escolhas: dict):
    if isinstance(valor, bool):
        return "Sim" if valor else "Não"
    if isinstance(valor, str) and valor in escolhas:
        return escolhas[valor]
    if isinstance(valor, str) and DECIMAL_GRAVADO.fullmatch(valor):
        # Números gravados como texto ("12.340000"): escritos como um brasileiro os lê.
        return _numero_br(Decimal(valor))
    if isinstance(valor, str):
        try:
            return date.fromisoformat(valor).strftime(FORMATO_DATA)
        except ValueError:
            return valor
    # Inteiros ficam como vieram: um ano (2029) não leva separador de milhar.
    return valor


# Um número gravado como texto no Andamento (Decimal serializado): "12.340000", "-3.5".
DECIMAL_GRAVADO = re.compile(r"-?\d+\.\d+")


def _numero_br(valor: Decimal) -> str:
    """Com as casas que o número tem (sem zeros à direita): 12.340000 → "12,34"."""
    expoente = valor.normalize().as_tuple().exponent
    return fmt.decimal(valor, max(0, -expoente) if isinstance(expoente, int) else 0)


def _nome_do_usuario(usuario) -> str:
    return usuario.get_full_name() or usuario.username
