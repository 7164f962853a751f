"""Formulários da representação: só validam; quem grava são os serviços."""

from django import forms

from emancipacao.numeros import campo_do_modelo
from processos import campos, nova_representacao
from processos import forms as processos_forms
from processos.campos import CampoData
from processos.estados import Tipo
from processos.models import AtoRecusado
from representacao import extincao, validade
from representacao.assinaturas import LIMITE_BYTES, DadosSignatario
from representacao.models import DadosRepresentacao
from representacao.models.dados import FundamentoExtincao
from representacao.titulo import verificar_titulo
from requisitos.models import Municipio

# --- signatários (Art. 13) ------------------------------------------------------------------

SIM_NAO = [("sim", "Sim"), ("nao", "Não")]


def _sim_nao(rotulo: str) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=rotulo,
        choices=SIM_NAO,
        coerce=lambda valor: valor == "sim",
        widget=forms.RadioSelect,
        error_messages={"required": "Informe sim ou não."},
    )


def _numero_eleitoral(rotulo: str) -> forms.RegexField:
    return forms.RegexField(
        label=rotulo,
        regex=r"^[0-9]{1,4}$",
        required=False,
        max_length=4,
        error_messages={"invalid": "Use de 1 a 4 algarismos."},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class SignatarioForm(forms.Form):
    nome = forms.CharField(label="Nome do eleitor", max_length=200)
    titulo_eleitor = forms.CharField(
        label="Título de eleitor",
        max_length=40,
        help_text="12 algarismos; espaços, pontos e hífens são aceitos.",
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    zona = _numero_eleitoral("Zona eleitoral (opcional)")
    secao = _numero_eleitoral("Seção eleitoral (opcional)")
    reside_na_area = _sim_nao("Reside ou tem domicílio na área a desmembrar?")
    firma_reconhecida = _sim_nao("Firma reconhecida em cartório?")
    registrar_titulo_invalido = forms.BooleanField(
        label="O título não confere, mas está assim na lista assinada: registrar como "
        "inválido (a assinatura fica registrada e não conta para o Art. 13).",
        required=False,
    )

    def clean_nome(self):
        return " ".join(self.cleaned_data["nome"].split())

    def clean(self):
        dados = super().clean()
        texto = dados.get("titulo_eleitor")
        if texto:
            titulo = verificar_titulo(texto)
            if not titulo.valido and not dados.get("registrar_titulo_invalido"):
                self.add_error(
                    "titulo_eleitor",
                    f"{titulo.motivo} Confira o número na lista assinada; se ele consta assim, "
                    "marque a opção de registrar como inválido.",
                )
        return dados

    def dados(self) -> DadosSignatario:
        return self.dados_de(self.cleaned_data)

    @staticmethod
    def dados_de(d: dict) -> DadosSignatario:
        return DadosSignatario(
            nome=d["nome"],
            titulo=d["titulo_eleitor"],
            zona=d["zona"],
            secao=d["secao"],
            reside_na_area=d["reside_na_area"],
            firma_reconhecida=d["firma_reconhecida"],
        )


class CorrecaoSignatarioForm(SignatarioForm):
    """Uma linha da lista corrigida: os mesmos campos e conferências, e a justificativa."""

    justificativa = forms.CharField(
        label="Justificativa da correção",
        max_length=2000,
        widget=forms.Textarea({"rows": 3}),
        help_text="Fica registrada com os dados de antes e de depois, quem corrigiu e quando.",
        error_messages={"required": "Informe a justificativa da correção."},
    )

    @classmethod
    def da_linha(cls, signatario, data=None):
        inicial = {
            "nome": signatario.nome,
            "titulo_eleitor": signatario.titulo_formatado,
            "zona": signatario.zona,
            "secao": signatario.secao,
            "reside_na_area": "sim" if signatario.reside_na_area else "nao",
            "firma_reconhecida": "sim" if signatario.firma_reconhecida else "nao",
            "registrar_titulo_invalido": not signatario.titulo_valido,
        }
        return cls(data, initial=inicial)


class AnulacaoSignatarioForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo da anulação",
        max_length=2000,
        widget=forms.Textarea({"rows": 3}),
        help_text="A linha fica na lista, riscada, com este motivo, e deixa de contar (Art. 13).",
        error_messages={"required": "Informe o motivo da anulação."},
    )


class ImportarAssinaturasForm(forms.Form):
    arquivo = forms.FileField(
        label="Arquivo CSV da lista de signatários",
        help_text="UTF-8 ou Latin-1, separado por ponto e vírgula ou vírgula; até 5 MB e "
        "20.000 linhas. Use o modelo.",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
        error_messages={"required": "Escolha o arquivo CSV.", "empty": "O arquivo está vazio."},
    )

    def clean_arquivo(self):
        arquivo = self.cleaned_data["arquivo"]
        if arquivo.size > LIMITE_BYTES:
            raise forms.ValidationError(
                "O arquivo passa de 5 MB. Divida a lista em arquivos menores."
            )
        return arquivo


# --- fim dos signatários --------------------------------------------------------------------


# --- documentos do Art. 15 ------------------------------------------------------------------


class EnviarDocumentoForm(forms.Form):
    """Um arquivo para um item da lista do Art. 15; o conteúdo é conferido pelo serviço."""

    item = forms.ChoiceField(
        label="Documento",
        error_messages={"invalid_choice": "Escolha um documento da lista do Art. 15."},
    )
    arquivo = forms.FileField(
        label="Arquivo",
        error_messages={
            "required": "Escolha o arquivo a enviar.",
            "empty": "O arquivo está vazio; envie o documento de novo.",
        },
    )

    def __init__(self, *args, itens=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["item"].choices = [(i.codigo, i.rotulo_completo) for i in itens]
        # Vazio: um arquivo novo no item; o número: a nova versão daquele arquivo.
        self.fields["substitui"] = forms.IntegerField(
            required=False, min_value=1, widget=forms.HiddenInput
        )
        # O que a página mostrou do item ou do arquivo (representacao.documentos).
        self.fields["versao_vista"] = campos.campo_da_versao(None)


class AnularDocumentoForm(forms.Form):
    justificativa = forms.CharField(
        label="Justificativa da anulação",
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="O documento anulado continua nos autos, riscado, com esta justificativa.",
        error_messages={"required": "Informe a justificativa da anulação."},
    )


# --- dados da representação por tipo e diligência (Arts. 6º, § 2º; 10, III; 16) -------------


class DadosRepresentacaoForm(forms.ModelForm):
    """Extinção: o fundamento e, no III, o eleitorado com fonte e data (Art. 10). Alteração
    de nome: a aprovação da Câmara Municipal (Art. 6º, § 2º). Uma nova versão a cada envio."""

    eleitores_data = CampoData(label="Eleitorado apurado em", required=False)
    camara_data = CampoData(label="Sessão da Câmara em", required=False)

    CAMPOS = {
        Tipo.EXTINCAO: [
            "fundamento_extincao",
            "municipios_destino",
            "eleitores_municipio",
            "eleitores_fonte",
            "eleitores_data",
        ],
        Tipo.ALTERACAO_NOME: [
            "camara_membros",
            "camara_votos_favoraveis",
            "camara_sessao",
            "camara_data",
        ],
    }

    class Meta:
        model = DadosRepresentacao
        formfield_callback = campo_do_modelo
        fields = [
            "fundamento_extincao",
            "municipios_destino",
            "eleitores_municipio",
            "eleitores_fonte",
            "eleitores_data",
            "camara_membros",
            "camara_votos_favoraveis",
            "camara_sessao",
            "camara_data",
        ]
        widgets = {
            "municipios_destino": forms.CheckboxSelectMultiple(attrs=campos.ATRIBUTOS_DA_LISTA)
        }
        help_texts = {
            "municipios_destino": "Nos fundamentos I e II, o município de origem, ao qual o "
            "extinto volta a pertencer (Art. 10, § 1º); no III, os municípios contíguos "
            "indicados pelos eleitores requerentes (§ 2º).",
        }

    def __init__(self, *args, processo, **kwargs):
        super().__init__(*args, **kwargs)
        self.processo = processo
        for campo in [c for c in self.fields if c not in self.CAMPOS.get(processo.tipo, [])]:
            del self.fields[campo]
        for campo in ("camara_membros", "camara_votos_favoraveis", "camara_sessao"):
            if campo in self.fields:
                self.fields[campo].required = True
        if "fundamento_extincao" in self.fields:
            self.fields["fundamento_extincao"].required = True
        if "municipios_destino" in self.fields:
            campos.ordenar_municipios(self.fields["municipios_destino"])
        # A versão que a página mostrou (0 = nenhuma): outra gravada depois recusa esta.
        vigente = DadosRepresentacao.objects.vigente(processo)
        self.fields["versao_vista"] = campos.campo_da_versao(vigente.versao if vigente else 0)

    def clean(self):
        dados = super().clean()
        campos.exigir_versao(self)
        membros, votos = dados.get("camara_membros"), dados.get("camara_votos_favoraveis")
        if membros is not None and membros < 1:
            self.add_error("camara_membros", "A Câmara Municipal tem ao menos um membro.")
        if membros and votos is not None and votos > membros:
            self.add_error(
                "camara_votos_favoraveis", "Os votos favoráveis não podem exceder os membros."
            )
        if dados.get("fundamento_extincao") == FundamentoExtincao.REQUERIMENTO:
            for campo in ("eleitores_municipio", "eleitores_fonte", "eleitores_data"):
                if not dados.get(campo):
                    self.add_error(
                        campo,
                        "No fundamento III, informe o eleitorado do município, com fonte e "
                        "data (Art. 10, III).",
                    )
        if "municipios_destino" in self.fields and "municipios_destino" not in self.errors:
            # Art. 10, §§ 1º e 2º: para onde vai o território (a mensagem diz qual, conforme
            # o fundamento).
            for erro in extincao.erros_do_destino(
                dados.get("fundamento_extincao") or "",
                dados.get("municipios_destino"),
                self.processo.municipios_origem.all(),
            ):
                self.add_error("municipios_destino", erro)
        if dados.get("eleitores_municipio") == 0:
            self.add_error("eleitores_municipio", "O eleitorado deve ser maior que zero.")
        return dados


class ProtocolarForm(processos_forms.ProtocolarForm):
    """O protocolo do hub e, na extinção, o fundamento (Art. 10, I, II ou III) e os
    municípios que recebem o território (§§ 1º e 2º): a versão 1 dos dados da representação."""

    fundamento_extincao = forms.ChoiceField(
        label="Fundamento da extinção (Art. 10)",
        choices=[("", "—")] + FundamentoExtincao.choices,
        required=False,
        help_text="Somente na extinção.",
    )
    municipios_destino = forms.ModelMultipleChoiceField(
        label="Municípios que recebem o território (Art. 10, §§ 1º e 2º)",
        queryset=Municipio.objects.all(),
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs=campos.ATRIBUTOS_DA_LISTA),
        help_text="Somente na extinção. Nos fundamentos I e II, o município de origem, ao "
        "qual o extinto volta a pertencer (§ 1º); no III, os municípios contíguos indicados "
        "pelos eleitores requerentes (§ 2º).",
    )
    processo_anterior = forms.CharField(
        label="Processo anterior (arquivado)",
        required=False,
        max_length=12,
        help_text="Somente numa nova representação sobre um processo arquivado (Art. 13): o "
        "número de protocolo dele, como 0001/2026. Ele deve ser do mesmo tipo e ter os mesmos "
        "municípios de origem; a ligação não se altera depois do protocolo.",
    )
    field_order = [
        "processo_anterior",
        "tipo",
        "nome_proposto",
        "sede_proposta",
        "municipios_origem",
        "fundamento_extincao",
        "municipios_destino",
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        campos.ordenar_municipios(self.fields["municipios_destino"])

    def clean(self):
        dados = super().clean()
        self._conferir_anterior(dados)
        if dados.get("tipo") != Tipo.EXTINCAO:
            dados["fundamento_extincao"], dados["municipios_destino"] = "", []
            return dados
        fundamento = dados.get("fundamento_extincao")
        if not fundamento:
            self.add_error(
                "fundamento_extincao", "Na extinção, informe o fundamento (Art. 10, I, II ou III)."
            )
        for erro in extincao.erros_do_destino(
            fundamento or "", dados.get("municipios_destino"), dados.get("municipios_origem") or []
        ):
            self.add_error("municipios_destino", erro)
        return dados

    def _conferir_anterior(self, dados):
        """Art. 13: o erro ao lado do campo; o serviço do protocolo confere de novo, travado."""
        if "processo_anterior" in self.errors or not dados.get("tipo"):
            return
        try:
            nova_representacao.processo_anterior(
                dados.get("processo_anterior", ""),
                tipo=dados["tipo"],
                municipios_origem=dados.get("municipios_origem") or [],
            )
        except AtoRecusado as exc:
            self.add_error("processo_anterior", str(exc))


class BaixarEmDiligenciaForm(processos_forms.BaixarEmDiligenciaForm):
    """Art. 16, parágrafo único: a diligência já vem com o que falta (lista do Art. 15 e
    validade) e com as lideranças interessadas; quem baixa confere e completa."""

    def ajustar(self):
        super().ajustar()
        if not self.is_bound:
            faltas = validade.o_que_falta(self.processo)
            self.initial.setdefault("documentos_faltantes", "\n".join(faltas))
            self.initial.setdefault("solicitado_a", self.processo.representantes)
