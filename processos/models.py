"""O processo e sua trilha de auditoria.

O ciclo de vida vive no modelo: um `FSMField(protected=True)` e um método de transição por
ato (DOMAIN §3), com o mesmo nome do ato. Os métodos só alteram `self`; quem grava, trava a
linha e escreve o Andamento é `processos.services`.
"""

import functools

from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django_fsm import RETURN_VALUE, ConcurrentTransitionMixin, FSMField, transition

from processos import avaliacao, extensoes, leitura, reabertura, retificacao, rito
from processos.atos import ATOS, autoriza_liberacao
from processos.condicoes import (
    art2_v_verificado,
    fora_da_janela_art3,
    nome_igual_sede,
    permissao_do_ato,
    toponimo_valido,
    visita_realizada_ou_facultativa,
)
from processos.estados import (
    ATIVOS,
    NAO_TERMINAIS,
    TIPOS_COM_NOME_NOVO,
    Estado,
    Tipo,
)

# Modelos em módulo próprio (registros do Art. 21 e 22), importados aqui para que o Django
# os encontre e para quem os importa de processos.models.
from processos.registros import ExercicioPresidencia, Manifestacao, RegistroAcesso  # noqa: F401
from requisitos.models import Municipio
from requisitos.regras import avaliar_revisao_limites
from requisitos.veredito import como_dict


class AtoRecusado(Exception):
    """O ato não pode ser praticado; a mensagem (pt-BR) diz o que fazer."""


class ProcessoQuerySet(models.QuerySet):
    def em_andamento(self):
        return self.exclude(estado__in=[Estado.CONCLUIDO, Estado.ARQUIVADO])

    def para_listagem(self, *, prazo: bool = True):
        """Só as colunas que a lista mostra; os municípios numa consulta para a página toda.
        `prazo=False`: a coluna do prazo mais próximo vem vazia, sem a subconsulta nos
        ofícios (o portal não a mostra)."""
        colunas = self.only(
            "numero", "ano", "tipo", "estado", "nome_proposto", "ultima_movimentacao"
        ).prefetch_related(models.Prefetch("municipios_origem", Municipio.objects.only("nome")))
        if not prazo:
            return colunas.annotate(prazo_mais_proximo=_sem_prazo())
        return colunas.com_prazo_mais_proximo()

    def ids_com_prazo_aberto(self):
        """Os ids dos processos que têm prazo mais próximo (o `prazo_mais_proximo` não é
        nulo): a primeira parte da lista ordenada pelo prazo (`processos.paginacao`). Uma
        linha por ofício com prazo aberto, com o vencimento dele em `prazo` (o prazo mais
        próximo do processo é o menor deles), para filtrar e agrupar sem voltar aos ofícios."""
        return _oficios_com_prazo_aberto(self.model).all()

    def com_prazo_mais_proximo(self):
        """`prazo_mais_proximo`: o menor vencimento entre os ofícios com prazo aberto do
        processo (vigentes, sem resposta, com AR; processo não terminal — Art. 2º, § 3º).
        O modelo do ofício vem da relação `oficios`, da fase da instrução (STYLE, regra 6)."""
        return self.annotate(prazo_mais_proximo=_prazo_mais_proximo(self.model))


# As duas consultas dos prazos abertos, montadas uma vez por processo do servidor: montar as
# condições (vigentes, sem resposta, de processo não terminal, cada uma com a sua
# subconsulta) custava mais que executá-las, a cada página da lista. Nada nelas depende da
# requisição nem da data; o Django copia a consulta a cada uso (`all()`, `annotate`), de modo
# que a guardada nunca muda.
@functools.cache
def _oficios_com_prazo_aberto(modelo):
    Oficio = _modelo_do_oficio(modelo)
    if Oficio is None:
        return modelo.objects.none().values("pk")
    abertos = Oficio.objects.com_prazo_aberto().annotate(prazo=models.F("vencimento"))
    return abertos.values("processo_id")


@functools.cache
def _prazo_mais_proximo(modelo):
    Oficio = _modelo_do_oficio(modelo)
    if Oficio is None:
        return _sem_prazo()
    abertos = Oficio.objects.com_prazo_aberto().filter(processo=models.OuterRef("pk"))
    return models.Subquery(abertos.order_by("vencimento").values("vencimento")[:1])


def _modelo_do_oficio(modelo):
    """O ofício vem da relação `oficios`, da fase da instrução (STYLE, regra 6); None sem ela."""
    try:
        return modelo._meta.get_field("oficios").related_model
    except FieldDoesNotExist:
        return None


def _sem_prazo():
    """A coluna do prazo mais próximo vazia (sem a subconsulta nos ofícios)."""
    return models.Value(None, models.DateField())


def protocolo_de(numero: int, ano: int, separador: str = "/") -> str:
    """O número do protocolo ("0007/2026"); com "-", o do endereço ("0007-2026")."""
    return f"{numero:04d}{separador}{ano}"


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
    divisas = models.TextField("divisas", blank=True)
    memorial_descritivo = models.TextField("memorial descritivo", blank=True)
    criado_em = models.DateTimeField("protocolado em", auto_now_add=True)
    ultima_movimentacao = models.DateTimeField("última movimentação", default=timezone.now)

    objects = ProcessoQuerySet.as_manager()

    class Meta:
        verbose_name = "processo"
        verbose_name_plural = "processos"
        ordering = ["-ano", "-numero"]
        # A chave do cache da lista pública é o último movimento de qualquer processo: um
        # `Max` que o índice responde sem ler a tabela (processos.views.portal).
        # Por estado com o id: o Painel conta os processos de cada estado lendo só o índice, e
        # os prazos abertos descartam os processos terminais pelos poucos ids deles (issue 13).
        indexes = [
            models.Index(fields=["ultima_movimentacao"], name="processo_ultima_mov"),
            models.Index(fields=["estado", "id"], name="processo_estado_id"),
        ]
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
        return protocolo_de(self.numero, self.ano)

    @property
    def slug(self) -> str:
        return protocolo_de(self.numero, self.ano, "-")

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
        """Art. 8º: na revisão de limites, dispensado se a área movida ≤ 20 % do território,
        com o limiar em vigor no parecer preliminar (`leitura.data_do_art8`): uma versão nova
        do parâmetro depois dele não inverte o rito. Sem as áreas, o plebiscito é exigido."""
        if rito.RITOS[self.tipo].plebiscito != "art8":
            return rito.RITOS[self.tipo].plebiscito == "nunca"
        if self.area_movida_km2 is None or not self.area_total_km2:
            return False
        try:
            veredito = avaliar_revisao_limites(
                self.area_movida_km2,
                self.area_total_km2,
                leitura.parametros(self, leitura.data_do_art8(self)),
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
        """Art. 19, § 3º: emendas às divisas só até a aprovação do PDL. O sobrestado conta
        pela etapa de onde saiu. Decisão: nos ritos sem PDL (extinção, revisão sem
        plebiscito) vale a mesma posição no caminho: bloqueadas da elaboração do PL em diante
        (o PL menciona as divisas, Art. 7º, II)."""
        bloqueadas = {
            e
            for e in rito.CAMINHO_COMPLETO[rito.CAMINHO_COMPLETO.index(Estado.DECRETO_PUBLICADO) :]
        } | {Estado.ARQUIVADO}
        return retificacao.etapa(self) not in bloqueadas

    def estado_de_retorno(self, nome_ato: str) -> str | None:
        """Para onde desarquivar ou retomar devolvem o processo: o estado de onde ele saiu
        no último arquivamento ou sobrestamento, lido da trilha de auditoria."""
        filtro = {"estado_destino": Estado.ARQUIVADO}
        if nome_ato == "retomar":
            filtro = {"ato": "sobrestar"}
        if leitura.ligada(self):
            # Na página do processo, dos andamentos já lidos (do mais novo ao mais antigo).
            andamento = next(
                (
                    a
                    for a in leitura.andamentos(self)
                    if all(getattr(a, campo) == valor for campo, valor in filtro.items())
                ),
                None,
            )
        else:
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

    @transition(
        estado, source="", target=Estado.PROTOCOLADA, permission=permissao_do_ato("protocolar")
    )
    def protocolar(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=[Estado.PROTOCOLADA, Estado.EM_INSTRUCAO],
        target=Estado.EM_DILIGENCIA,
        permission=permissao_do_ato("baixar_em_diligencia"),
    )
    def baixar_em_diligencia(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=[Estado.PROTOCOLADA, Estado.EM_DILIGENCIA],
        target=Estado.EM_INSTRUCAO,
        conditions=[extensoes.condicoes_da_fase("receber_na_crt", obrigatoria=True)],
        permission=permissao_do_ato("receber_na_crt"),
    )
    def receber_na_crt(self, dados: dict) -> None:
        """Art. 15 e 16: documentos completos e representação válida (condição da fase)."""

    @transition(
        estado,
        source=Estado.EM_INSTRUCAO,
        target=Estado.VISITA_REALIZADA,
        permission=permissao_do_ato("registrar_visita"),
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
        permission=permissao_do_ato("emitir_parecer_preliminar"),
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
        permission=permissao_do_ato("deliberar_arquivamento"),
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
        # Art. 2º, §§ 2º e 3º: as certidões são conferidas pela fase da instrução.
        conditions=[
            art2_v_verificado,
            extensoes.condicoes_da_fase("concluir_certidoes", obrigatoria=True),
        ],
        permission=permissao_do_ato("concluir_certidoes"),
    )
    def concluir_certidoes(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.AGUARDANDO_PARECER_MERITO,
        target=Estado.DELIBERACAO_PLENARIO,
        permission=permissao_do_ato("emitir_parecer_merito"),
    )
    def emitir_parecer_merito(self, dados: dict) -> None:
        """Art. 18. Na criação (e na extinção, Art. 10), o parecer traz a avaliação do
        Art. 2º calculada pela instrução sobre os números das certidões e gravada com os
        parâmetros usados; "requisitos indispensáveis": favorável só com todos atendidos."""
        if rito.RITOS[self.tipo].requisitos_art2:
            _preparo_obrigatorio("emitir_parecer_merito", self, dados)
        else:
            extensoes.preparar("emitir_parecer_merito", self, dados)

    @transition(
        estado,
        source=Estado.DELIBERACAO_PLENARIO,
        target=RETURN_VALUE(Estado.NA_CCJ, Estado.ARQUIVADO),
        permission=permissao_do_ato("deliberar_plenario"),
    )
    def deliberar_plenario(self, dados: dict) -> str:
        return Estado.NA_CCJ if dados["resultado"] == "aprovado" else Estado.ARQUIVADO

    @transition(
        estado,
        source=Estado.NA_CCJ,
        target=RETURN_VALUE(Estado.ELABORACAO_PDL, Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        permission=permissao_do_ato("registrar_parecer_ccj"),
    )
    def registrar_parecer_ccj(self, dados: dict) -> str:
        if dados["conclusao"] == "contrario":
            return Estado.ARQUIVADO  # Decisão: parecer contrário aprovado arquiva
        return self.proximo(Estado.NA_CCJ)

    @transition(
        estado,
        source=Estado.ELABORACAO_PDL,
        target=Estado.PDL_EM_TRAMITACAO,
        permission=permissao_do_ato("apresentar_pdl"),
    )
    def apresentar_pdl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.DECRETO_PUBLICADO,
        permission=permissao_do_ato("publicar_decreto"),
    )
    def publicar_decreto(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PDL_EM_TRAMITACAO,
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("rejeitar_pdl"),
    )
    def rejeitar_pdl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.DECRETO_PUBLICADO,
        target=Estado.PLEBISCITO_NO_TRE,
        conditions=[extensoes.condicoes_da_fase("encaminhar_ao_tre")],
        permission=permissao_do_ato("encaminhar_ao_tre"),
    )
    def encaminhar_ao_tre(self, dados: dict) -> None:
        """Art. 19, § 1º: o ofício ao TRE leva o número seguinte da numeração anual dos
        ofícios da CRT (da instrução), dado na transação do ato — nunca digitado. O Decreto
        segue com a cópia integral já pronta (condição registrada por `documentos`)."""
        _preparo_obrigatorio("encaminhar_ao_tre", self, dados)

    @transition(
        estado,
        source=Estado.PLEBISCITO_NO_TRE,
        target=Estado.RESULTADO_EM_ANALISE,
        conditions=[extensoes.condicoes_da_fase("registrar_resultado")],
        permission=permissao_do_ato("registrar_resultado"),
    )
    def registrar_resultado(self, dados: dict) -> None:
        """Art. 20: o resultado por unidade de votação (app plebiscito) é conferido aqui,
        dentro da transição; números inconsistentes não deixam o processo avançar."""
        _preparo_obrigatorio("registrar_resultado", self, dados)

    @transition(
        estado,
        source=Estado.RESULTADO_EM_ANALISE,
        target=RETURN_VALUE(Estado.ELABORACAO_PL, Estado.ARQUIVADO),
        conditions=[extensoes.condicoes_da_fase("emitir_parecer_resultado", obrigatoria=True)],
        permission=permissao_do_ato("emitir_parecer_resultado"),
    )
    def emitir_parecer_resultado(self, dados: dict) -> str:
        """Art. 11 e Art. 20, § 1º: a conclusão segue o veredito da regra que governa,
        calculado dos números registrados; não há declaração de quem emite."""
        _preparo_obrigatorio("emitir_parecer_resultado", self, dados)
        if dados["apuracao"]["aprovado"]:
            dados["conclusao"] = "favoravel"
            return Estado.ELABORACAO_PL
        dados["conclusao"] = "contrario"
        return Estado.ARQUIVADO  # Art. 20, § 1º

    @transition(
        estado,
        source=Estado.ELABORACAO_PL,
        target=Estado.PL_EM_ORDEM_DO_DIA,
        conditions=[
            nome_igual_sede,
            toponimo_valido,
            extensoes.condicoes_da_fase("apresentar_pl"),
        ],
        permission=permissao_do_ato("apresentar_pl"),
    )
    def apresentar_pl(self, dados: dict) -> None:
        """Art. 6º: repetição, datas e palavras são calculadas (condição); a vedação de nome
        de pessoa viva não é decidível pelo sistema e exige a declaração de quem apresenta."""
        # A sessão da Ordem do Dia, a seguinte (Art. 20, § 2º): processos.cronologia.
        # O que o texto do projeto diz e as fases calculam (na extinção, os municípios que
        # recebem o território, Art. 10, §§ 1º e 2º) fica gravado no Andamento.
        extensoes.preparar("apresentar_pl", self, dados)
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
        permission=permissao_do_ato("aprovar_pl"),
    )
    def aprovar_pl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.PL_EM_ORDEM_DO_DIA,
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("rejeitar_pl"),
    )
    def rejeitar_pl(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.AGUARDANDO_SANCAO,
        target=Estado.CONCLUIDO,
        conditions=[fora_da_janela_art3],
        permission=permissao_do_ato("registrar_lei"),
    )
    def registrar_lei(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=list(NAO_TERMINAIS),
        target=Estado.ARQUIVADO,
        permission=permissao_do_ato("arquivar"),
    )
    def arquivar(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.ARQUIVADO,
        target=RETURN_VALUE(*NAO_TERMINAIS),
        # Decisão: só o arquivamento do próprio Presidente; o de uma votação ou do veredito
        # do plebiscito é recusado com as vias de reabertura (processos.reabertura).
        conditions=[reabertura.arquivamento_administrativo],
        permission=permissao_do_ato("desarquivar"),
    )
    def desarquivar(self, dados: dict) -> str:
        return self._retorno_obrigatorio("desarquivar")

    @transition(
        estado,
        source=Estado.ARQUIVADO,
        target=RETURN_VALUE(*NAO_TERMINAIS),
        conditions=[reabertura.arquivado_por_votacao],
        permission=permissao_do_ato("reabrir_por_decisao_do_plenario"),
    )
    def reabrir_por_decisao_do_plenario(self, dados: dict) -> str:
        """A decisão do Plenário que reabre é a votação: o processo vai à etapa seguinte à
        votação que o arquivou, nunca a uma nova votação (processos.reabertura)."""
        reabertura.conferir_decisao(dados, getattr(self, "data_do_ato", None))
        return reabertura.estado_apos_a_votacao(self)

    @transition(
        estado,
        source=list(ATIVOS),
        target=Estado.SOBRESTADO,
        permission=permissao_do_ato("sobrestar"),
    )
    def sobrestar(self, dados: dict) -> None:
        pass

    @transition(
        estado,
        source=Estado.SOBRESTADO,
        target=RETURN_VALUE(*ATIVOS),
        permission=permissao_do_ato("retomar"),
    )
    def retomar(self, dados: dict) -> str:
        return self._retorno_obrigatorio("retomar")

    # --- atos que não mudam o estado (target=None) ---------------------------------------

    @transition(
        estado,
        source=Estado.PLEBISCITO_NO_TRE,
        target=None,
        permission=permissao_do_ato("registrar_fase_tre"),
    )
    def registrar_fase_tre(self, dados: dict) -> None:
        """Art. 19, § 2º: a CRT acompanha cada fase do plebiscito no TRE."""
        _preparo_obrigatorio("registrar_fase_tre", self, dados)

    @transition(
        estado,
        source=Estado.RESULTADO_EM_ANALISE,
        target=None,
        conditions=[extensoes.condicoes_da_fase("retificar_resultado")],
        permission=permissao_do_ato("retificar_resultado"),
    )
    @transition(
        estado,
        source=[Estado.ARQUIVADO, Estado.ELABORACAO_PL],
        target=RETURN_VALUE(Estado.RESULTADO_EM_ANALISE),
        conditions=[
            reabertura.depois_do_parecer_do_resultado,
            extensoes.condicoes_da_fase("retificar_resultado"),
        ],
        permission=permissao_do_ato("retificar_resultado"),
    )
    def retificar_resultado(self, dados: dict) -> str:
        """Nova versão do resultado; a anterior fica registrada. Depois do parecer sobre o
        resultado, só com novo ofício do TRE (conferido pela fase), e o processo volta à
        análise do resultado, onde o parecer é emitido de novo sobre a nova versão."""
        _preparo_obrigatorio("retificar_resultado", self, dados)
        return Estado.RESULTADO_EM_ANALISE

    @transition(
        estado,
        source=list(NAO_TERMINAIS),
        target=None,
        conditions=[retificacao.tem_dado_retificavel],
        permission=permissao_do_ato("retificar_dados"),
    )
    def retificar_dados(self, dados: dict) -> None:
        """Corrige nome, sede, municípios de origem, áreas, divisas e memorial; o Andamento
        registra cada campo antes e depois. Os bloqueios de cada etapa (Art. 19, § 3º e as
        Decisões em `processos.retificacao`) são conferidos aqui, e não só na tela. Os
        municípios de origem (M2M) são gravados pelo efeito do ato, depois do save."""
        try:
            alteracoes = retificacao.comparar(self, dados)
        except (ValueError, ArithmeticError) as exc:
            raise AtoRecusado("Área inválida: informe um número em km².") from exc
        if not alteracoes:
            raise AtoRecusado("Nenhum dado foi alterado.")
        bloqueios = retificacao.bloqueios(self)
        recusas = [f"{a.rotulo}: {bloqueios[a.campo]}" for a in alteracoes if a.campo in bloqueios]
        if recusas:
            raise AtoRecusado(" ".join(recusas))
        novos = {a.campo: a.valor for a in alteracoes if a.campo != "municipios_origem"}
        areas = [novos.get(c, getattr(self, c)) for c in retificacao.AREAS]
        erros = retificacao.erros_das_areas(*areas)
        if erros:
            raise AtoRecusado(" ".join(dict.fromkeys(m for _, m in erros)))
        for campo, valor in novos.items():
            setattr(self, campo, valor)
        for campo in retificacao.CAMPOS:
            dados.pop(campo, None)
        dados["alteracoes"] = [a.como_dict() for a in alteracoes]

    # Art. 23: em qualquer estado (também depois de concluído ou arquivado). O que se libera
    # e o registro da liberação são da app transparencia (condição, preparo e efeito).
    @transition(
        estado,
        source=list(Estado.values),
        target=None,
        conditions=[extensoes.condicoes_da_fase("liberar_informacao", obrigatoria=True)],
        permission=autoriza_liberacao,
    )
    def liberar_informacao(self, dados: dict) -> None:
        """Libera ao público um documento interno ou os detalhes internos (Art. 23)."""
        _preparo_obrigatorio("liberar_informacao", self, dados)

    @transition(
        estado,
        source=list(Estado.values),
        target=None,
        conditions=[extensoes.condicoes_da_fase("revogar_liberacao", obrigatoria=True)],
        permission=autoriza_liberacao,
    )
    def revogar_liberacao(self, dados: dict) -> None:
        """Revoga uma liberação vigente; a liberação e a revogação ficam na trilha."""
        _preparo_obrigatorio("revogar_liberacao", self, dados)


def _preparo_obrigatorio(nome_ato: str, processo: Processo, dados: dict) -> None:
    """O ato depende do cálculo da sua fase; sem a fase instalada, recusa (lado seguro)."""
    if not extensoes.preparar(nome_ato, processo, dados):
        raise AtoRecusado("Ato indisponível: a fase que o calcula não está instalada.")


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
