"""Formulários dos atos do plebiscito (só validam; o ato confere de novo e grava)."""

from django import forms

from emancipacao.numeros import CampoInteiro
from plebiscito import analise, services
from plebiscito.models import FaseTre
from plebiscito.regras import Votacao, problemas_da_votacao
from plebiscito.resultado import apuracao_como_dict, apurar_processo
from processos.campos import (
    CampoAnexo,
    CampoData,
    CampoNumero,
    campo_curto,
    campo_inteiro,
    campo_texto,
)
from processos.estados import Estado
from processos.forms import AtoForm

ROTULOS = {
    "inscritos": "Eleitores inscritos",
    "comparecimento": "Comparecimento",
    "sim": "Sim",
    "nao": "Não",
    "brancos": "Brancos",
    "nulos": "Nulos",
}


class RegistrarResultadoForm(AtoForm):
    """Art. 20: o ofício do TRE e, por unidade de votação exigida pela abrangência em vigor
    (Art. 11, § 1º), os números; na fusão, também os da pergunta sobre a sede."""

    modelo_campos = "plebiscito/_form_resultado.html"

    oficio_tre = CampoNumero("Ofício do TRE (número)", "ofício", "oficio", "of")
    data_oficio_tre = CampoData(label="Data do ofício do TRE")
    data_leitura_plenario = CampoData(label="Lido em Plenário em")
    data_consulta = CampoData(label="Data da consulta (dia da votação)")
    arquivo_do_ato = CampoAnexo("Ofício do TRE com o resultado")

    def ajustar(self):
        self.unidades = services.unidades_exigidas(self.processo)
        self.com_sede = services.tem_pergunta_sede(self.processo)
        for unidade in self.unidades:
            for campo, rotulo in zip(self.campos_da_unidade(), self.colunas(), strict=True):
                # localize: aceita e mostra o separador de milhar (2.719), como se escreve.
                self.fields[f"{unidade.chave}_{campo}"] = campo_inteiro(
                    f"{unidade.nome}: {rotulo}", obrigatorio=True, localize=True
                )

    def campos_da_unidade(self) -> tuple[str, ...]:
        sede = tuple(f"sede_{c}" for c in services.CAMPOS_VOTOS) if self.com_sede else ()
        return services.CAMPOS + sede

    def colunas(self) -> list[str]:
        return [
            f"Sede — {ROTULOS[c.removeprefix('sede_')]}" if c.startswith("sede_") else ROTULOS[c]
            for c in self.campos_da_unidade()
        ]

    def linhas(self):
        """Uma linha da tabela por unidade, com os campos na ordem das colunas."""
        return [
            (u, [self[f"{u.chave}_{c}"] for c in self.campos_da_unidade()]) for u in self.unidades
        ]

    def clean(self):
        dados = super().clean()
        for unidade in self.unidades:
            numeros = {c: dados.get(f"{unidade.chave}_{c}") for c in self.campos_da_unidade()}
            if any(v is None for v in numeros.values()):
                continue
            perguntas = [("", numeros)]
            if self.com_sede:
                perguntas.append(
                    ("sede_", numeros | {c: numeros[f"sede_{c}"] for c in services.CAMPOS_VOTOS})
                )
            for prefixo, n in perguntas:
                votacao = Votacao(*(n[c] for c in services.CAMPOS))
                for campo, mensagem in problemas_da_votacao(votacao):
                    alvo = campo if campo in ("inscritos", "comparecimento") else prefixo + campo
                    self.add_error(f"{unidade.chave}_{alvo}", mensagem)
        return dados

    def dados_do_ato(self) -> dict:
        dados = self.cleaned_data
        unidades = []
        for unidade in self.unidades:
            numeros = {c: dados[f"{unidade.chave}_{c}"] for c in self.campos_da_unidade()}
            unidades.append(
                {"nome": unidade.nome, "area_desmembrada": unidade.area_desmembrada} | numeros
            )
        return {
            "oficio_tre": dados["oficio_tre"],
            "data_oficio_tre": dados["data_oficio_tre"],
            "data_leitura_plenario": dados["data_leitura_plenario"],
            "data_consulta": dados["data_consulta"],
            "unidades": unidades,
        }


class RetificarResultadoForm(RegistrarResultadoForm):
    """A nova versão parte dos números da vigente; a justificativa é obrigatória."""

    def __init__(self, *args, processo, ato, **kwargs):
        kwargs.setdefault("initial", {})
        vigente = services.Resultado.objects.vigente(processo)
        if vigente:
            kwargs["initial"] = _iniciais(vigente, processo) | kwargs["initial"]
        super().__init__(*args, processo=processo, ato=ato, **kwargs)


def _iniciais(resultado, processo) -> dict:
    iniciais = {
        "oficio_tre": resultado.oficio_tre,
        "data_oficio_tre": resultado.data_oficio_tre,
        "data_leitura_plenario": resultado.data_leitura_plenario,
        "data_consulta": resultado.data_consulta,
    }
    campos = services.CAMPOS + tuple(f"sede_{c}" for c in services.CAMPOS_VOTOS)
    for unidade in resultado.unidades.all():
        iniciais |= {f"{unidade.chave}_{c}": getattr(unidade, c) for c in campos}
    return iniciais


class EmitirParecerResultadoForm(AtoForm):
    """Art. 20, § 1º: sem conclusão a escolher nem declaração — o veredito calculado decide.
    O formulário mostra a apuração antes da confirmação e guarda a versão vista."""

    resumo_template = "plebiscito/_apuracao.html"

    texto_parecer = campo_texto("Análise (texto do parecer)", linhas=8)
    confirma_analise = forms.BooleanField(
        label="Confirmo a análise como escrita: ela é minha, e a conclusão do parecer segue o "
        "resultado calculado.",
        required=False,
    )
    versao_resultado = CampoInteiro(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=32_767
    )

    def ajustar(self):
        self.resultado, self.apuracao, self.parametros = apurar_processo(self.processo)
        if self.resultado is not None:
            self.initial.setdefault("versao_resultado", self.resultado.versao)
            self.resumo = apuracao_como_dict(self.resultado, self.apuracao, self.parametros)
            # O resumo "O processo passará para" diz o destino que o veredito impõe.
            destino = Estado.ELABORACAO_PL if self.apuracao.aprovado else Estado.ARQUIVADO
            self.destinos = [Estado(destino).label]
        # A caixa de confirmação só aparece quando a análise enviada usa as palavras da
        # conclusão oposta (plebiscito.analise); nos demais casos não há o que declarar.
        texto = str(self.data.get(self.add_prefix("texto_parecer"), "")) if self.is_bound else ""
        self.achadas = (
            analise.palavras_da_conclusao_oposta(texto, self.apuracao.aprovado)
            if self.resultado is not None
            else []
        )
        if not self.achadas:
            del self.fields["confirma_analise"]

    def clean(self):
        dados = super().clean()
        if self.achadas and not dados.get("confirma_analise"):
            self.add_error("confirma_analise", analise.aviso(self.apuracao.aprovado, self.achadas))
        return dados


class RegistrarFaseTreForm(AtoForm):
    """Art. 19, § 2º: a CRT acompanha cada fase do plebiscito no TRE."""

    fase = forms.ChoiceField(label="Fase", choices=FaseTre.choices)
    # Futura só na fase "Data marcada" (processos.cronologia).
    data_fase = CampoData(label="Data da fase", passada=False)
    referencia = campo_curto("Referência (resolução, ofício ou processo no TRE)")
    observacao = campo_texto("Observação", obrigatorio=False, linhas=3)
    emitir_informe = forms.BooleanField(
        label="Emitir informe ao Plenário (PDF) sobre esta fase (Art. 19, § 2º)",
        required=False,
        initial=True,
    )
