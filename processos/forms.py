"""Formulários: só validam. Cada ato tem o seu, com apenas os campos que o ato registra."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone

from emancipacao.numeros import CampoInteiro
from processos import cronologia, deliberacoes, extensoes, retificacao, rito
from processos.campos import (
    AJUDA_DA_LISTA,
    ATRIBUTOS_DA_LISTA,
    CAMPO_ANEXO,
    CampoAnexo,
    CampoData,
    CampoNumero,
    campo_com_unidade,
    campo_curto,
    campo_da_versao,
    campo_inteiro,
    campo_texto,
    ordenar_municipios,
)
from processos.estados import TIPOS_COM_NOME_NOVO, TIPOS_COM_SEDE, Tipo
from processos.models import FormaEncaminhamento, Processo
from processos.papeis import DEPUTADO, GRUPOS
from processos.versao import (
    MENSAGEM_ANDAMENTO_NOVO,
    MENSAGEM_DESATUALIZADO,
    ha_andamento_novo,
    versao_do_processo,
)
from requisitos.aplicacao import DECLARADA, registrar

SEM_SEDE = "Informe a sede proposta (Art. 7º, I)."
SEM_DEP = "Informe o Deputado por cujo intermédio a representação foi encaminhada (Art. 14, p. ú.)."


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
        # Obrigatórios conforme a escolha enviada (o asterisco); em branco, o script do
        # protocolo acerta o asterisco ao mudar o tipo ou o encaminhamento.
        sede, deputado = self.fields["sede_proposta"], self.fields["deputado_autor"]
        sede.required = not self.is_bound or self.data.get("tipo") in TIPOS_COM_SEDE
        deputado.required = self.data.get("forma_encaminhamento") == FormaEncaminhamento.DEPUTADO
        sede.error_messages["required"], deputado.error_messages["required"] = SEM_SEDE, SEM_DEP

    def clean(self):
        dados = super().clean()
        # O Deputado, quando o encaminhamento o pede, é obrigatório pelo campo (acima).
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
    sem_sede = not dados.get("sede_proposta") and "sede_proposta" not in form.errors
    if tipo in TIPOS_COM_SEDE and sem_sede:
        form.add_error("sede_proposta", SEM_SEDE)


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
        comuns = {"data_ato", "estado_esperado", "ultimo_andamento", "justificativa", CAMPO_ANEXO}
        return {k: v for k, v in self.cleaned_data.items() if k not in comuns}


SIM_NAO = [("sim", "Sim"), ("nao", "Não")]


class SessaoForm(AtoForm):
    """Deliberações do Plenário: sessão, resultado, votos."""

    sessao_numero = campo_curto("Sessão (número)")
    votos_sim = campo_inteiro("Votos favoráveis")
    votos_nao = campo_inteiro("Votos contrários")
    abstencoes = campo_inteiro("Abstenções")
    arquivo_do_ato = CampoAnexo("Ata da sessão do Plenário")


class BaixarEmDiligenciaForm(AtoForm):
    documentos_faltantes = campo_texto("Documentos faltantes (Art. 15)")
    solicitado_a = campo_curto("Solicitado a (lideranças interessadas)")


class ReceberNaCrtForm(AtoForm):
    data_distribuicao_deputados = CampoData(label="Cópias distribuídas aos Deputados em")
    data_publicacao = CampoData(label="Publicada no órgão oficial em")


class RegistrarVisitaForm(AtoForm):
    membros_presentes = campo_texto("Membros presentes", linhas=2)
    levantamento_socioeconomico = campo_texto("Levantamento socioeconômico (Art. 17, I)")
    relatorio_circunstanciado = campo_texto("Relatório circunstanciado da visita", linhas=6)
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
    texto_parecer = campo_texto("Texto do parecer", linhas=8)


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
    numero_parecer = campo_curto("Número do parecer da CCJR")
    relator = campo_curto("Relator(a)")
    texto_parecer = None
    arquivo_do_ato = CampoAnexo("Parecer da CCJR")


class ApresentarPdlForm(AtoForm):
    numero_pdl = CampoNumero("Número do PDL", "projeto de decreto legislativo", "pdl")
    ementa = campo_texto("Ementa", linhas=2)


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


class ReabrirPorDecisaoDoPlenarioForm(SessaoForm):
    """A decisão do Plenário que reabre um processo arquivado por votação."""

    data_sessao = CampoData(label="Data da sessão")
    numero_decisao = campo_curto("Número da decisão do Plenário")


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
    o motivo. O preparo do ato confere os mesmos bloqueios (a tela não é a única barreira)."""

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
    "reabrir_por_decisao_do_plenario": ReabrirPorDecisaoDoPlenarioForm,
    "sobrestar": SobrestarForm,
    "retomar": AtoForm,
    "retificar_dados": RetificarDadosForm,
}


def formulario_do_ato(nome_ato: str) -> type[AtoForm] | None:
    return extensoes.formulario(nome_ato) or FORMULARIOS.get(nome_ato)


def _nome_do_usuario(usuario) -> str:
    return usuario.get_full_name() or usuario.username
