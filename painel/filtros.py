from functools import lru_cache

import django_filters
from django import forms
from django.db import connection
from django.db.models import F, Q
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils.html import format_html_join

from emancipacao.numeros import FiltroInteiro
from painel.paginacao import TETO_DA_CONTAGEM
from processos import busca
from processos.atos import PROMULGACAO_CF
from processos.estados import Estado, Tipo
from processos.models import Processo
from processos.services import estados_com_atos_do_usuario
from requisitos.models import Municipio
from requisitos.ordenacao import em_ordem_alfabetica


class OrdenacaoComPrazo(django_filters.OrderingFilter):
    """O prazo mais próximo ordena com os processos sem prazo aberto por último, nos dois
    sentidos; as demais colunas, como o django-filter faz, desempatadas pelo protocolo."""

    def get_ordering_value(self, param):
        valor = super().get_ordering_value(param)
        if valor.lstrip("-") == "prazo_mais_proximo":
            prazo = F("prazo_mais_proximo")
            return (
                prazo.desc(nulls_last=True) if valor.startswith("-") else prazo.asc(nulls_last=True)
            )
        return valor

    def filter(self, qs, value):
        """O número do protocolo ordena por ano e número (0002/2025 antes de 0001/2026)."""
        if not value:
            return qs
        ordem = []
        for param in value:
            valor = self.get_ordering_value(param)
            if isinstance(valor, str) and valor.lstrip("-") == "numero":
                sinal = "-" if valor.startswith("-") else ""
                ordem += [f"{sinal}ano", f"{sinal}numero"]
            else:
                ordem.append(valor)
        return qs.order_by(*ordem, "-ano", "-numero")


ANO_MINIMO, ANO_MAXIMO = PROMULGACAO_CF.year, 2100


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
    # O ano do protocolo: nenhum processo sob a LC 23/1992 é anterior à Constituição de
    # 1988 (processos.atos.PROMULGACAO_CF); o teto é o mesmo dos exercícios da SEFAZ.
    ano = FiltroInteiro(label="Ano", min_value=ANO_MINIMO, max_value=ANO_MAXIMO)
    aguardando = django_filters.BooleanFilter(
        label="Aguardando atos do meu perfil",
        method="aguardando_meus_atos",
        widget=forms.CheckboxInput,
    )
    ordem = OrdenacaoComPrazo(
        label="Ordenar por",
        fields=(
            ("numero", "numero"),
            ("tipo", "tipo"),
            ("nome_proposto", "nome"),
            ("estado", "estado"),
            ("ultima_movimentacao", "movimentacao"),
            ("prazo_mais_proximo", "prazo"),
        ),
        # As chaves são os campos do modelo (não os nomes na URL).
        field_labels={
            "numero": "Número",
            "tipo": "Tipo",
            "nome_proposto": "Nome proposto",
            "estado": "Estado",
            "ultima_movimentacao": "Última movimentação",
            "prazo_mais_proximo": "Prazo mais próximo",
        },
        empty_label="Padrão (mais recentes primeiro)",
    )

    class Meta:
        model = Processo
        fields = ["q", "tipo", "estado", "municipio", "ano", "aguardando"]

    @property
    def qs(self):
        if not hasattr(self, "_qs") and not self.criterios():
            # Sem critério na busca nenhum filtro muda a lista (a ordem é a padrão): a
            # validação do formulário não é feita à toa na lista sem filtros.
            self._qs = self.queryset.all()
        if not hasattr(self, "_qs") and self.recusado():
            # Uma busca com um critério ilegível não acha nada: a lista não finge ter
            # aplicado o que não leu (o erro aparece no campo do filtro).
            self._qs = self.queryset.none()
        return super().qs

    def recusado(self) -> bool:
        """Algum critério não se lê (um ano fora da faixa, um estado desconhecido): a lista
        responde 400, com o erro no campo do filtro."""
        return bool(self.criterios()) and not self.is_valid()

    def mensagem_de_erro(self) -> str:
        """Os erros dos critérios numa frase (as exportações não têm o formulário na tela)."""
        campos = self.form.fields
        return " ".join(
            f"{campos[nome].label if nome in campos else 'Busca'}: {' '.join(erros)}"
            for nome, erros in self.errors.items()
        )

    def criterios(self) -> tuple:
        """Os parâmetros da busca que o formulário lê, na ordem dos campos (a página e os
        parâmetros estranhos ficam de fora)."""
        ler = getattr(self.data, "getlist", lambda nome: [self.data[nome]])
        return tuple((nome, tuple(ler(nome))) for nome in self.filters if nome in self.data)

    # A versão do cadastro dos municípios que quem filtra já leu (`painel.contagens.guardados`):
    # com ela, os municípios lidos por este processo do servidor na mesma versão servem.
    versao_dos_municipios: int | None = None

    def municipios(self) -> tuple:
        """Código e nome de cada município (a lista mais longa da tela), lidos uma vez; com a
        versão do cadastro, guardados no processo até ela mudar (um gatilho a renova a cada
        mudança no cadastro, na mesma transação)."""
        if not hasattr(self, "_municipios"):
            versao = self.versao_dos_municipios
            guardado = _MUNICIPIOS_LIDOS.get(connection.alias)
            if versao is not None and guardado and guardado[0] == versao:
                self._municipios = guardado[1]
            else:
                self._municipios = tuple(Municipio.objects.values_list("pk", "nome"))
                if versao is not None:
                    _MUNICIPIOS_LIDOS[connection.alias] = (versao, self._municipios)
        return self._municipios

    @property
    def form(self):
        form = super().form
        campo = form.fields["municipio"]
        if not getattr(campo, "em_ordem_alfabetica", False):
            # Em ordem do pt-BR ("Água Boa" antes de "Alta Floresta"), não na do banco; a
            # validação continua pelo queryset.
            campo.widget.choices = [("", "Todos"), *_em_ordem_alfabetica(self.municipios())]
            campo.em_ordem_alfabetica = True
        return form

    def html_da_tela(self) -> str:
        """O formulário de filtros (`_filtros_lista.html`) pronto: o mesmo HTML para os mesmos
        critérios e municípios, guardado (montar e validar o formulário custava mais que as
        consultas da lista)."""
        return _html_dos_filtros(type(self), self.criterios(), self.municipios())

    def campos_da_tela(self) -> list[dict]:
        """Os campos do formulário de filtros, prontos para `_filtros_lista.html`: a mesma
        marcação do Bootstrap que o crispy-forms produzia, com as opções das listas escritas
        de uma vez (renderizar cada `<option>` por template custava mais que a consulta)."""
        form = self.form
        campos = []
        for nome in form.fields:
            campo = form[nome]
            widget = campo.field.widget
            dado = {"campo": campo, "nome": nome, "valor": campo.value()}
            if isinstance(widget, forms.CheckboxInput):
                dado["caixa"] = True
                dado["marcado"] = widget.check_test(campo.value())
            elif isinstance(widget, forms.Select):
                dado["opcoes"] = _opcoes(widget.choices, campo.value())
            else:
                dado["tipo_entrada"] = getattr(widget, "input_type", "text")
            campos.append(dado)
        return campos

    def aguardando_meus_atos(self, queryset, name, value):
        if not value or self.request is None:
            return queryset
        return queryset.filter(estado__in=estados_com_atos_do_usuario(self.request.user))

    # Quantos a busca achou, quando ela mesma os contou: (até o teto, se há mais que o teto);
    # None, a lista conta (`painel.paginacao.PaginadorDeProcessos`).
    contagem: tuple[int, bool] | None = None

    def filter_queryset(self, queryset):
        """Os critérios na ordem dos campos, a busca por texto por último: ela conta os seus
        achados entre os que os outros critérios deixaram."""
        criterios = dict(self.form.cleaned_data)
        texto = criterios.pop("q", None)
        for nome, valor in [*criterios.items(), ("q", texto)]:
            queryset = self.filters[nome].filter(queryset, valor)
        return queryset

    # Onde a busca por texto procura (além do número do protocolo): os textos do processo e os
    # nomes dos municípios de origem (`Processo.nomes_das_origens`).
    campos_de_busca = busca.CAMPOS_DA_BUSCA_INTERNA
    # A lista interna procura também no que as fases registram (`busca.registrar_fonte`).
    com_fontes_das_fases = True

    def buscar(self, queryset, name, value):
        """Cada palavra do termo em algum lugar da busca, sem acento nem caixa (processos.busca),
        ou o termo como número de protocolo ("12" ou "12/2026").

        No PostgreSQL os textos e os nomes das origens são uma coluna gerada só, com um índice
        de trigramas (migrações `0020_busca_texto_guardado`, `0021_busca_nomes_das_origens`):
        todas as palavras são condições na mesma coluna, que o índice responde junto, sem ler
        antes os processos de cada município achado (uma lista que crescia com N)."""
        termo = value.strip()
        lista = busca.palavras(termo)
        if not lista:
            return queryset
        # A lista interna procura na coluna gerada (`Processo.texto_da_busca`); o portal, que
        # procura em menos campos, na expressão deles (com o índice próprio).
        campo = "texto_da_busca"
        if self.campos_de_busca != busca.CAMPOS_DA_BUSCA_INTERNA:
            campo = "texto_dos_campos"
            texto = busca.texto_normalizado(self.campos_de_busca)
            queryset = queryset.alias(texto_dos_campos=texto)
        filtro = busca.cada_palavra_em(campo, lista)
        if (protocolo := _protocolo(termo)) is not None:
            filtro |= protocolo
        if not self.com_fontes_das_fases:
            return queryset.filter(filtro)
        if connection.vendor == "postgresql":
            return self._contados_ate_o_teto(queryset, filtro, lista, termo)
        return queryset.filter(filtro | busca.nas_fontes_das_fases(lista, termo))

    def _contados_ate_o_teto(self, queryset, filtro: Q, lista: list[str], termo: str):
        """Os achados pelos textos, municípios e protocolo, lidos até o teto da contagem
        (`painel.paginacao.TETO_DA_CONTAGEM`). Passado o teto, a lista já é "mais de": o que
        as fases registram é conferido em cada processo percorrido (`busca.existe_em`), sem
        ler todos os signatários achados (um termo comum acha milhares, e mais a cada
        processo novo). Até o teto, os achados nas fases são lidos e somados: a contagem
        sai exata daqui, sem outra consulta."""
        proprios = queryset.filter(filtro).order_by().values_list("pk", flat=True)
        achados = set(proprios[: TETO_DA_CONTAGEM + 1])
        if len(achados) > TETO_DA_CONTAGEM:
            self.contagem = (TETO_DA_CONTAGEM, True)
            return queryset.filter(
                filtro | busca.nas_fontes_das_fases(lista, termo, por_processo=True)
            )
        if novos := busca.ids_nas_fontes_das_fases(lista, termo) - achados:
            # Só os que passam também pelos outros critérios da tela.
            achados |= set(queryset.filter(pk__in=novos).values_list("pk", flat=True))
        self.contagem = (min(len(achados), TETO_DA_CONTAGEM), len(achados) > TETO_DA_CONTAGEM)
        return queryset.filter(pk__in=achados)


# Banco → (versão do cadastro, municípios lidos nela), neste processo do servidor.
_MUNICIPIOS_LIDOS: dict[str, tuple[int, tuple]] = {}


def esquecer_municipios() -> None:
    """A próxima página relê os municípios (quem conta as consultas de uma página fria)."""
    _MUNICIPIOS_LIDOS.clear()


def _protocolo(termo: str) -> Q | None:
    """O termo lido como número de protocolo ("12" ou "12/2026"), se puder ser um."""
    numero, _, ano = termo.partition("/")
    if numero.isdigit() and len(numero) <= 9 and (not ano or ano.isdigit() and len(ano) <= 4):
        return Q(numero=int(numero), **({"ano": int(ano)} if ano else {}))
    return None


@lru_cache(maxsize=8)
def _em_ordem_alfabetica(municipios: tuple) -> list:
    return em_ordem_alfabetica(municipios, nome=lambda m: m[1])


# Um formulário por combinação de critérios; o limite segura a memória (alguns KB cada)
# diante de buscas sempre novas. Os municípios entram na chave: um município novo muda as
# opções. Nada mais do formulário vem do banco nem da requisição (a marcação do CSRF não está
# nele: é um GET).
@lru_cache(maxsize=256)
def _html_dos_filtros(classe, criterios: tuple, municipios: tuple) -> str:
    dados = QueryDict(mutable=True)
    for nome, valores in criterios:
        dados.setlist(nome, list(valores))
    filtro = classe(dados, queryset=classe._meta.model.objects.none())
    filtro._municipios = municipios
    return render_to_string("painel/_filtros_lista.html", {"filtro": filtro})


def _opcoes(escolhas, selecionado) -> str:
    if isinstance(selecionado, list | tuple):
        selecionado = selecionado[0] if selecionado else ""
    selecionado = "" if selecionado is None else str(selecionado)
    return _opcoes_html(tuple((v, str(r)) for v, r in escolhas), selecionado)


# Guardadas: as mesmas listas (tipos, estados, os 142 municípios) a cada página com filtros;
# escapar cada opção de novo custava mais que ler os municípios do banco.
@lru_cache(maxsize=512)
def _opcoes_html(escolhas: tuple, selecionado: str) -> str:
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((v, " selected" if str(v) == selecionado else "", r) for v, r in escolhas),
    )


class ProcessoPublicoFilter(ProcessoFilter):
    """A busca do portal: os mesmos critérios, sem "aguardando atos do meu perfil", que só
    faz sentido para quem tem papel na tramitação.

    O texto procura só no que o portal mostra (número, nome proposto, municípios de origem;
    tipo e estado têm filtro próprio): achar um processo por uma palavra do resumo, da sede
    ou de uma justificativa revelaria o que a página pública não exibe (Art. 23)."""

    campos_de_busca = busca.CAMPOS_DA_BUSCA_DO_PORTAL
    com_fontes_das_fases = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters.pop("aguardando")
