"""O processo e sua trilha de auditoria.

O ciclo de vida vive no modelo: um `FSMField(protected=True)` e um método de transição por
ato, com o mesmo nome do ato (`processos.transicoes`). Os métodos só movem o estado; quem
confere, prepara, grava, trava a linha e escreve o Andamento é `processos.services`.
"""

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django_fsm import ConcurrentTransitionMixin, FSMField

from processos import busca, leitura, retificacao, rito
from processos.atos import ATOS
from processos.estados import Estado, Tipo

# As recusas moram num módulo sem dependências (guardas e preparos as levantam sem importar
# o modelo); daqui as importam os demais módulos.
from processos.recusas import ArquivoReparavel, AtoRecusado  # noqa: F401

# Modelos em módulo próprio (registros do Art. 21 e 22), importados aqui para que o Django
# os encontre e para quem os importa de processos.models.
from processos.registros import ExercicioPresidencia, Manifestacao, RegistroAcesso  # noqa: F401
from processos.transicoes import AtosDoProcesso
from requisitos.models import Municipio
from requisitos.regras import avaliar_revisao_limites


class ProcessoQuerySet(models.QuerySet):
    def em_andamento(self):
        return self.exclude(estado__in=[Estado.CONCLUIDO, Estado.ARQUIVADO])

    def guardar_nomes_das_origens(self) -> int:
        """Grava em `nomes_das_origens` os nomes dos municípios de origem de cada processo
        (em ordem alfabética, como a tabela da lista os mostra: "Sinop, Sorriso"), só nos que
        mudaram; devolve quantos.
        Chamada quando mudam as origens de um processo ou o nome de um município
        (`processos.apps`) e por quem grava a ligação direto no banco (`bulk_create`)."""
        ligacao = self.model.municipios_origem.through
        nomes: dict[int, list[str]] = {}
        pares = ligacao.objects.filter(processo__in=self.values("pk")).order_by(
            "municipio__nome", "municipio_id"
        )
        for processo_id, nome in pares.values_list("processo_id", "municipio__nome"):
            nomes.setdefault(processo_id, []).append(nome)
        mudados = [
            self.model(pk=pk, nomes_das_origens=novo)
            for pk, atual in self.values_list("pk", "nomes_das_origens")
            if (novo := ", ".join(nomes.get(pk, ()))) != atual
        ]
        self.model.objects.bulk_update(mudados, ["nomes_das_origens"], batch_size=1000)
        return len(mudados)


def protocolo_de(numero: int, ano: int, separador: str = "/") -> str:
    """O número do protocolo ("0007/2026"); com "-", o do endereço ("0007-2026")."""
    return f"{numero:04d}{separador}{ano}"


class FormaEncaminhamento(models.TextChoices):
    DEPUTADO = "deputado", "Por intermédio de Deputado"
    COMUNIDADE = "comunidade", "Diretamente pela comunidade"


@leitura.por_pagina
def _ultimo_andamento(processo, **filtro):
    """O andamento mais novo do processo com os valores de `filtro`."""
    return processo.andamentos.filter(**filtro).first()


@_ultimo_andamento.na_pagina
def _ultimo_andamento_na_pagina(processo, **filtro):
    """Na página do processo, dos andamentos já lidos (do mais novo ao mais antigo)."""
    return next(
        (
            a
            for a in leitura.andamentos(processo)
            if all(getattr(a, campo) == valor for campo, valor in filtro.items())
        ),
        None,
    )


class Processo(AtosDoProcesso, ConcurrentTransitionMixin, models.Model):
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
    # Art. 13: a nova representação sobre um processo arquivado fica ligada a ele; gravada
    # só pelo ato de protocolo (com o Andamento), nunca retificada depois.
    processo_anterior = models.ForeignKey(
        "self",
        verbose_name="processo anterior (arquivado)",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="novas_representacoes",
    )
    criado_em = models.DateTimeField("protocolado em", auto_now_add=True)
    ultima_movimentacao = models.DateTimeField("última movimentação", default=timezone.now)
    # Os nomes dos municípios de origem, copiados para a busca (a coluna gerada abaixo não lê
    # outra tabela): gravados quando mudam as origens ou o nome de um município
    # (`ProcessoQuerySet.guardar_nomes_das_origens`). Não são dado do processo: a tela lê
    # as origens da relação.
    nomes_das_origens = models.TextField(
        "nomes dos municípios de origem", blank=True, default="", editable=False
    )
    # Os textos da busca interna já normalizados, gravados pelo banco a cada mudança deles:
    # o índice de trigramas só escolhe candidatos, e cada um é conferido de novo — na
    # expressão, tirar os acentos de nome, sede e resumo de cada candidato custava mais que
    # a busca toda (processos.busca). Com os nomes das origens, cada palavra do termo é
    # procurada numa coluna só, com um índice só.
    texto_da_busca = models.GeneratedField(
        expression=busca.texto_normalizado(busca.CAMPOS_DA_BUSCA_INTERNA),
        output_field=models.TextField(),
        db_persist=True,
    )

    objects = ProcessoQuerySet.as_manager()

    class Meta:
        verbose_name = "processo"
        verbose_name_plural = "processos"
        ordering = ["-ano", "-numero"]
        # A chave do cache da lista pública é o último movimento de qualquer processo: um
        # `Max` que o índice responde sem ler a tabela (transparencia.portal).
        # Por estado com o id: o Painel conta os processos de cada estado lendo só o índice, e
        # os prazos abertos descartam os processos terminais pelos poucos ids deles.
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
        andamento = _ultimo_andamento(self, **filtro)
        return andamento.estado_origem if andamento else None


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


class RevisaoDoProcesso(models.Model):
    """Quantas gravações já houve nas linhas do processo (atos, retificações, juntadas).

    Chave dos trechos da página do processo guardados em cache (`processos.versao.tocar`):
    fica numa tabela à parte para que nenhum `Processo.save()` de uma instância lida antes
    a faça voltar atrás — uma revisão repetida serviria o trecho antigo como atual."""

    processo = models.OneToOneField(
        Processo, on_delete=models.CASCADE, primary_key=True, related_name="revisao"
    )
    valor = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = "revisão do processo"
        verbose_name_plural = "revisões dos processos"

    def __str__(self) -> str:
        return f"{self.processo_id}: {self.valor}"
