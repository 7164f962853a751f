"""O processo e sua trilha de auditoria.

O ciclo de vida vive no modelo: um `FSMField(protected=True)` e um método de transição por
ato (DOMAIN §3), com o mesmo nome do ato. Os métodos só alteram `self`; quem grava, trava a
linha e escreve o Andamento é `processos.services`.
"""

import unicodedata

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django_fsm import RETURN_VALUE, ConcurrentTransitionMixin, FSMField, transition

from processos import avaliacao, rito
from processos.atos import ATOS
from processos.estados import (
    ATIVOS,
    NAO_TERMINAIS,
    TIPOS_ART3,
    TIPOS_COM_NOME_NOVO,
    Estado,
    Tipo,
)

# Os ofícios do Art. 2º, §§ 2º e 3º vivem em módulo próprio; importados aqui para o Django.
from processos.oficios import Oficio, SequenciaOficio, certidoes_que_faltam  # noqa: F401
from processos.papeis import tem_papel
from requisitos.eleicoes import janela_art3
from requisitos.models import Municipio, parametros_em_vigor
from requisitos.regras import avaliar_revisao_limites
from requisitos.veredito import como_dict


class AtoRecusado(Exception):
    """O ato não pode ser praticado; a mensagem (pt-BR) diz o que fazer."""


def _permissao(nome: str):
    def pode(processo, user) -> bool:
        return tem_papel(user, *ATOS[nome].papeis)

    return pode


def condicao(mensagem):
    """Marca uma condição de transição com o texto exibido quando ela não é atendida
    (um texto, ou uma função do processo que o compõe)."""

    def decorar(funcao):
        funcao.mensagem = mensagem
        return funcao

    return decorar


@condicao("A visita in loco ainda não foi registrada (Art. 17, I).")
def visita_realizada_ou_facultativa(processo) -> bool:
    return (
        processo.estado == Estado.VISITA_REALIZADA or rito.RITOS[processo.tipo].visita_facultativa
    )


@condicao("A verificação in loco do Art. 2º, V não foi registrada na visita.")
def art2_v_verificado(processo) -> bool:
    if not rito.RITOS[processo.tipo].requisitos_art2:
        return True
    visita = processo.andamentos.filter(ato="registrar_visita").first()
    return visita is not None and visita.dados.get("condicoes_instalacao") is not None


@condicao("O nome do município deve ser o da sede (Art. 7º, I).")
def nome_igual_sede(processo) -> bool:
    if processo.tipo not in (Tipo.CRIACAO, Tipo.FUSAO):
        return True
    return normalizar_nome(processo.nome_proposto) == normalizar_nome(processo.sede_proposta)


def _problemas_do_nome(processo) -> str:
    veredito = avaliacao.avaliar_nome(processo)
    return "Nome recusado pelo Art. 6º: " + " ".join(p.mensagem for p in veredito.problemas)


@condicao(_problemas_do_nome)
def toponimo_valido(processo) -> bool:
    """Art. 6º: calculado sobre o nome proposto (repetição no País, datas, palavras)."""
    if processo.tipo not in TIPOS_COM_NOME_NOVO:
        return True
    return avaliacao.avaliar_nome(processo).valido


def _certidoes_que_faltam(processo) -> str:
    return " ".join(certidoes_que_faltam(processo))


@condicao(_certidoes_que_faltam)
def certidoes_respondidas(processo) -> bool:
    """Art. 2º, §§ 2º e 3º: calculado sobre os ofícios, não declarado por quem pratica."""
    return not certidoes_que_faltam(processo)


@condicao("Vedado pelo Art. 3º: período de seis meses antes da eleição municipal.")
def fora_da_janela_art3(processo) -> bool:
    if processo.tipo not in TIPOS_ART3:
        return True
    # A data do ato em prática (posta pelo serviço) ou, para exibir os botões, a de hoje.
    data = getattr(processo, "data_do_ato", None) or timezone.localdate()
    if not parametros_em_vigor(data).art3_vigente:
        return True
    janela = janela_art3(data)
    return janela is None or not janela.vedado


def normalizar_nome(nome: str) -> str:
    sem_acentos = unicodedata.normalize("NFKD", nome or "").encode("ascii", "ignore").decode()
    return " ".join(sem_acentos.replace("-", " ").lower().split())


class ProcessoQuerySet(models.QuerySet):
    def em_andamento(self):
        return self.exclude(estado__in=[Estado.CONCLUIDO, Estado.ARQUIVADO])

    def para_listagem(self):
        return self.select_related("deputado_autor").prefetch_related("municipios_origem")


class FormaEncaminhamento(models.TextChoices):
    DEPUTADO = "deputado", "Por intermédio de Deputado"
    COMUNIDADE = "comunidade", "Diretamente pela comunidade"


class Processo(ConcurrentTransitionMixin, models.Model):
    numero = models.PositiveIntegerField("número", editable=False)
    ano = models.PositiveSmallIntegerField("ano", editable=False)
    tipo = models.CharField("tipo", max_length=20, choices=Tipo.choices)
    # Estado "" só existe em memória, antes do ato "protocolar"; o banco o recusa.
    estado = FSMField("estado", choices=Estado.choices, default="", protected=True)
    nome_proposto = models.CharField("nome proposto", max_length=120)
    sede_proposta = models.CharField("sede proposta", max_length=120, blank=True)
    municipios_origem = models.ManyToManyField(
        Municipio, verbose_name="municípios de origem", related_name="processos"
    )
    forma_encaminhamento = models.CharField(
        "encaminhamento", max_length=12, choices=FormaEncaminhamento.choices
    )
    deputado_autor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="deputado autor",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="processos_apresentados",
    )
    representantes = models.CharField("representantes da comunidade", max_length=300, blank=True)
    data_leitura_expediente = models.DateField("lida no expediente em")
    resumo = models.TextField("resumo do pedido", blank=True)
    area_movida_km2 = models.DecimalField(
        "área a desmembrar (km²)", max_digits=12, decimal_places=3, null=True, blank=True
    )
    area_total_km2 = models.DecimalField(
        "área total do município (km²)", max_digits=12, decimal_places=3, null=True, blank=True
    )
    divisas = models.TextField("divisas (memorial descritivo)", blank=True)
    criado_em = models.DateTimeField("protocolado em", auto_now_add=True)
    ultima_movimentacao = models.DateTimeField("última movimentação", default=timezone.now)

    objects = ProcessoQuerySet.as_manager()

    class Meta:
        verbose_name = "processo"
        verbose_name_plural = "processos"
        ordering = ["-ano", "-numero"]
        constraints = [
            models.UniqueConstraint(fields=["ano", "numero"], name="protocolo_unico_por_ano"),
            models.CheckConstraint(condition=Q(numero__gt=0), name="protocolo_positivo"),
            models.CheckConstraint(
                condition=Q(estado__in=Estado.values), name="processo_estado_valido"
            ),
            models.CheckConstraint(condition=Q(tipo__in=Tipo.values), name="processo_tipo_valido"),
            models.CheckConstraint(
                condition=Q(forma_encaminhamento=FormaEncaminhamento.COMUNIDADE)
                | Q(deputado_autor__isnull=False),
                name="encaminhamento_por_deputado_nomeado",
            ),
        ]

    def __str__(self) -> str:
        return f"Processo nº {self.protocolo} — {self.titulo}"

    @property
    def protocolo(self) -> str:
        return f"{self.numero:04d}/{self.ano}"

    @property
    def slug(self) -> str:
        return f"{self.numero:04d}-{self.ano}"

    @property
    def titulo(self) -> str:
        titulos = {
            Tipo.CRIACAO: "Criação do Município de {}",
            Tipo.FUSAO: "Fusão de municípios: {}",
            Tipo.INCORPORACAO: "Incorporação: {}",
            Tipo.EXTINCAO: "Extinção do Município de {}",
            Tipo.REVISAO_LIMITES: "Revisão de limites: {}",
            Tipo.ALTERACAO_NOME: "Alteração do nome para {}",
        }
        return titulos[self.tipo].format(self.nome_proposto)

    # --- rito ---------------------------------------------------------------------------

    @property
    def plebiscito_dispensado(self) -> bool:
        """Art. 8º: na revisão de limites, dispensado se a área movida ≤ 20 % do território.
        Sem as áreas informadas, o plebiscito é exigido (o lado seguro)."""
        if rito.RITOS[self.tipo].plebiscito != "art8":
            return rito.RITOS[self.tipo].plebiscito == "nunca"
        if self.area_movida_km2 is None or not self.area_total_km2:
            return False
        try:
            veredito = avaliar_revisao_limites(
                self.area_movida_km2, self.area_total_km2, parametros_em_vigor()
            )
        except ValueError:
            return False
        return veredito.plebiscito_dispensado

    def caminho(self) -> tuple[str, ...]:
        return rito.caminho(self.tipo, plebiscito_dispensado=self.plebiscito_dispensado)

    def proximo(self, estado: str) -> str:
        return rito.proximo(self.tipo, estado, plebiscito_dispensado=self.plebiscito_dispensado)

    @property
    def divisas_editaveis(self) -> bool:
        """Art. 19, § 3º: emendas às divisas só até a aprovação do PDL."""
        bloqueadas = {
            e
            for e in rito.CAMINHO_COMPLETO[rito.CAMINHO_COMPLETO.index(Estado.DECRETO_PUBLICADO) :]
        } | {Estado.ARQUIVADO}
        return self.estado not in bloqueadas

    def estado_de_retorno(self, nome_ato: str) -> str | None:
        """Para onde desarquivar ou retomar devolvem o processo: o estado de onde ele saiu
        no último arquivamento ou sobrestamento, lido da trilha de auditoria."""
        filtro = {"estado_destino": Estado.ARQUIVADO}
        if nome_ato == "retomar":
            filtro = {"ato": "sobrestar"}
        andamento = self.andamentos.filter(**filtro).first()
        return andamento.estado_origem if andamento else None

    def _retorno_obrigatorio(self, nome_ato: str) -> str:
        estado = self.estado_de_retorno(nome_ato)
        if not estado:
            raise AtoRecusado("Não foi encontrado o ato de origem para retornar o processo.")
        return estado

    # --- atos (DOMAIN §3) ---------------------------------------------------------------
    # Cada método recebe os dados já validados do formulário do ato e devolve, quando o
    # destino depende da conclusão, o estado seguinte.

    @transition(estado, source="", target=Estado.PROTOCOLADA, permission=_permissao("protocolar"))
    def protocolar(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=[Estado.PROTOCOLADA, Estado.EM_INSTRUCAO],
        target=Estado.EM_DILIGENCIA,
        permission=_permissao("baixar_em_diligencia"),
    )
    def baixar_em_diligencia(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=[Estado.PROTOCOLADA, Estado.EM_DILIGENCIA],
        target=Estado.EM_INSTRUCAO,
        permission=_permissao("receber_na_crt"),
    )
    def receber_na_crt(self, dados: dict) -> None:
        exigir_declaracoes("receber_na_crt", dados)

    @transition(
        estado,
        source=Estado.EM_INSTRUCAO,
        target=Estado.VISITA_REALIZADA,
        permission=_permissao("registrar_visita"),
    )
    def registrar_visita(self, dados: dict) -> None:
        if rito.RITOS[self.tipo].requisitos_art2 and dados.get("condicoes_instalacao") is None:
            raise AtoRecusado("Informe o resultado da verificação in loco do Art. 2º, V.")

    @transition(
        estado,
        source=[Estado.VISITA_REALIZADA, Estado.EM_INSTRUCAO],
        target=RETURN_VALUE(
            Estado.AGUARDANDO_CERTIDOES,
            Estado.AGUARDANDO_PARECER_MERITO,
            Estado.DELIBERACAO_ARQUIVAMENTO,
        ),
        conditions=[visita_realizada_ou_facultativa],
        permission=_permissao("emitir_parecer_preliminar"),
    )
    def emitir_parecer_preliminar(self, dados: dict) -> str:
        if dados["conclusao"] == "arquivamento":
            return Estado.DELIBERACAO_ARQUIVAMENTO  # Art. 17, § 1º
        return self.proximo(Estado.VISITA_REALIZADA)  # Art. 17, § 2º

    @transition(
        estado,
        source=Estado.DELIBERACAO_ARQUIVAMENTO,
        target=RETURN_VALUE(
            Estado.ARQUIVADO, Estado.AGUARDANDO_CERTIDOES, Estado.AGUARDANDO_PARECER_MERITO
        ),
        permission=_permissao("deliberar_arquivamento"),
    )
    def deliberar_arquivamento(self, dados: dict) -> str:
        if dados["resultado"] == "aprovado":
            return Estado.ARQUIVADO
        # Decisão: o Plenário que rejeita o arquivamento manda o processo adiante.
        return self.proximo(Estado.VISITA_REALIZADA)

    @transition(
        estado,
        source=Estado.AGUARDANDO_CERTIDOES,
        target=Estado.AGUARDANDO_PARECER_MERITO,
        conditions=[art2_v_verificado, certidoes_respondidas],
        permission=_permissao("concluir_certidoes"),
    )
    def concluir_certidoes(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.AGUARDANDO_PARECER_MERITO,
        target=Estado.DELIBERACAO_PLENARIO,
        permission=_permissao("emitir_parecer_merito"),
    )
    def emitir_parecer_merito(self, dados: dict) -> None:
        """Art. 18. Na criação, o parecer traz a avaliação do Art. 2º (e § 1º), calculada e
        gravada com os parâmetros usados; "requisitos indispensáveis": favorável só com
        todos atendidos."""
        if not rito.RITOS[self.tipo].requisitos_art2:
            return
        try:
            veredito = avaliacao.avaliar_art2(self, dados.get("figuras_art2") or {})
        except (KeyError, TypeError, ValueError) as exc:
            raise AtoRecusado(f"Não foi possível avaliar o Art. 2º: {exc}") from exc
        dados["avaliacao_art2"] = como_dict(veredito)
        if dados["conclusao"] == "favoravel" and not veredito.atende:
            raise AtoRecusado(
                "Parecer favorável recusado: requisitos indispensáveis não atendidos "
                "(Art. 2º e § 1º). " + " ".join(avaliacao.falhas(veredito))
            )

    @transition(
        estado,
        source=Estado.DELIBERACAO_PLENARIO,
        target=RETURN_VALUE(Estado.NA_CCJ, Estado.ARQUIVADO),
        permission=_permissao("deliberar_plenario"),
    )
    def deliberar_plenario(self, dados: dict) -> str:
        return Estado.NA_CCJ if dados["resultado"] == "aprovado" else Estado.ARQUIVADO

    @transition(
        estado,
        source=Estado.NA_CCJ,
        target=RETURN_VALUE(Estado.ELABORACAO_PDL, Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        permission=_permissao("registrar_parecer_ccj"),
    )
    def registrar_parecer_ccj(self, dados: dict) -> str:
        if dados["conclusao"] == "contrario":
            return Estado.ARQUIVADO  # Decisão: parecer contrário aprovado arquiva
        return self.proximo(Estado.NA_CCJ)

    @transition(
        estado,
        source=Estado.ELABORACAO_PDL,
        target=Estado.PDL_EM_TRAMITACAO,
        permission=_permissao("apresentar_pdl"),
    )
    def apresentar_pdl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.DECRETO_PUBLICADO,
        permission=_permissao("publicar_decreto"),
    )
    def publicar_decreto(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.ARQUIVADO,
        permission=_permissao("rejeitar_pdl"),
    )
    def rejeitar_pdl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.DECRETO_PUBLICADO,
        target=Estado.PLEBISCITO_NO_TRE,
        permission=_permissao("encaminhar_ao_tre"),
    )
    def encaminhar_ao_tre(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PLEBISCITO_NO_TRE,
        target=Estado.RESULTADO_EM_ANALISE,
        permission=_permissao("registrar_resultado"),
    )
    def registrar_resultado(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.RESULTADO_EM_ANALISE,
        target=RETURN_VALUE(Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        permission=_permissao("emitir_parecer_resultado"),
    )
    def emitir_parecer_resultado(self, dados: dict) -> str:
        if dados["conclusao"] == "contrario":
            return Estado.ARQUIVADO  # Art. 20, § 1º
        if not dados.get("declara_plebiscito_aprovado"):
            raise AtoRecusado(
                "Parecer favorável recusado: o plebiscito não foi declarado aprovado sob a "
                "regra vigente (Art. 11, § 2º)."
            )
        return Estado.ELABORACAO_PL

    @transition(
        estado,
        source=Estado.ELABORACAO_PL,
        target=Estado.PL_EM_ORDEM_DO_DIA,
        conditions=[nome_igual_sede, toponimo_valido],
        permission=_permissao("apresentar_pl"),
    )
    def apresentar_pl(self, dados: dict) -> None:
        """Art. 6º: repetição, datas e palavras são calculadas (condição); a vedação de nome
        de pessoa viva não é decidível pelo sistema e exige a declaração de quem apresenta."""
        if self.tipo not in TIPOS_COM_NOME_NOVO:
            return
        if not dados.get("declara_pessoa_viva"):
            raise AtoRecusado(
                "Declare que o nome não é de pessoa viva (Art. 6º): o sistema não o decide."
            )
        dados["toponimia"] = como_dict(avaliacao.avaliar_nome(self))

    @transition(
        estado,
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.AGUARDANDO_SANCAO,
        conditions=[fora_da_janela_art3],
        permission=_permissao("aprovar_pl"),
    )
    def aprovar_pl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.ARQUIVADO,
        permission=_permissao("rejeitar_pl"),
    )
    def rejeitar_pl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.AGUARDANDO_SANCAO,
        target=Estado.CONCLUIDO,
        conditions=[fora_da_janela_art3],
        permission=_permissao("registrar_lei"),
    )
    def registrar_lei(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=list(NAO_TERMINAIS),
        target=Estado.ARQUIVADO,
        permission=_permissao("arquivar"),
    )
    def arquivar(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.ARQUIVADO,
        target=RETURN_VALUE(*NAO_TERMINAIS),
        permission=_permissao("desarquivar"),
    )
    def desarquivar(self, dados: dict) -> str:
        return self._retorno_obrigatorio("desarquivar")

    @transition(
        estado, source=list(ATIVOS), target=Estado.SOBRESTADO, permission=_permissao("sobrestar")
    )
    def sobrestar(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.SOBRESTADO,
        target=RETURN_VALUE(*ATIVOS),
        permission=_permissao("retomar"),
    )
    def retomar(self, dados: dict) -> str:
        return self._retorno_obrigatorio("retomar")


def exigir_declaracoes(nome_ato: str, dados: dict) -> None:
    faltam = [d.texto for d in ATOS[nome_ato].declaracoes if not dados.get(d.campo)]
    if faltam:
        raise AtoRecusado("Falta a declaração: " + " ".join(faltam))


class SequenciaProtocolo(models.Model):
    """Último número de protocolo usado em cada ano. Incrementado com UPDATE atômico dentro
    da transição do protocolo: sem Max()+1, sem números repetidos, sem lacunas exceto as de
    uma transação desfeita."""

    ano = models.PositiveSmallIntegerField(primary_key=True)
    ultimo = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "sequência de protocolo"
        verbose_name_plural = "sequências de protocolo"

    def __str__(self) -> str:
        return f"{self.ano}: {self.ultimo}"


class Andamento(models.Model):
    """Registro de auditoria de um ato: de onde, para onde, quem, quando, com que dados."""

    processo = models.ForeignKey(Processo, on_delete=models.PROTECT, related_name="andamentos")
    ato = models.CharField("ato", max_length=40, choices=[(a, ATOS[a].rotulo) for a in ATOS])
    estado_origem = models.CharField(
        "estado de origem", max_length=30, choices=Estado.choices, blank=True
    )
    estado_destino = models.CharField("estado de destino", max_length=30, choices=Estado.choices)
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="praticado por", on_delete=models.PROTECT
    )
    data_ato = models.DateField("data do ato")
    registrado_em = models.DateTimeField("registrado em", auto_now_add=True)
    justificativa = models.TextField("justificativa / observações", blank=True)
    dados = models.JSONField(
        "dados registrados", default=dict, blank=True, encoder=DjangoJSONEncoder
    )

    class Meta:
        verbose_name = "andamento"
        verbose_name_plural = "andamentos"
        ordering = ["-registrado_em", "-id"]
        get_latest_by = "registrado_em"

    def __str__(self) -> str:
        return f"{self.processo.protocolo} — {self.get_ato_display()} ({self.data_ato:%d/%m/%Y})"


class ExercicioPresidenciaQuerySet(models.QuerySet):
    def vigentes(self, data):
        return self.filter(Q(fim__isnull=True) | Q(fim__gte=data), inicio__lte=data)


class ExercicioPresidencia(models.Model):
    """Art. 21: membro da CRT em exercício da Presidência, na ausência do Presidente."""

    membro = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    inicio = models.DateField("início")
    fim = models.DateField("fim", null=True, blank=True)
    ato_designacao = models.CharField("ato de designação", max_length=200)

    objects = ExercicioPresidenciaQuerySet.as_manager()

    class Meta:
        verbose_name = "exercício da Presidência"
        verbose_name_plural = "exercícios da Presidência"
        constraints = [
            models.CheckConstraint(
                condition=Q(fim__isnull=True) | Q(fim__gte=models.F("inicio")),
                name="exercicio_fim_apos_inicio",
            )
        ]

    def __str__(self) -> str:
        return f"{self.membro} em exercício desde {self.inicio:%d/%m/%Y}"


class Manifestacao(models.Model):
    """Art. 22: o Deputado tem "direito a voz e sem direito a voto" — Decisão: a voz é uma
    manifestação registrada no processo; nenhum ato, nenhum voto."""

    processo = models.ForeignKey(Processo, on_delete=models.PROTECT, related_name="manifestacoes")
    deputado = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    texto = models.TextField("manifestação")
    registrada_em = models.DateTimeField("registrada em", auto_now_add=True)

    class Meta:
        verbose_name = "manifestação de Deputado"
        verbose_name_plural = "manifestações de Deputados"
        ordering = ["-registrada_em", "-id"]
        constraints = [
            models.CheckConstraint(condition=~Q(texto=""), name="manifestacao_com_texto")
        ]

    def __str__(self) -> str:
        return f"{self.deputado} em {self.processo.protocolo}"


class RegistroAcesso(models.Model):
    """Art. 22: cada vista de processo ou documento por Deputado fica registrada."""

    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    processo = models.ForeignKey(Processo, on_delete=models.PROTECT, related_name="acessos")
    objeto = models.CharField("o que foi visto", max_length=120, default="processo")
    em = models.DateTimeField("em", auto_now_add=True)

    class Meta:
        verbose_name = "registro de acesso"
        verbose_name_plural = "registros de acesso"
        ordering = ["-em"]

    def __str__(self) -> str:
        return f"{self.usuario} viu {self.objeto} de {self.processo.protocolo}"
