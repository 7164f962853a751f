"""A instrução (Art. 2º, §§ 2º e 3º; Art. 9º; Art. 17, § 2º): os ofícios aos órgãos do
Estado e as certidões que respondem a eles.

Quem cria e altera ofícios são os serviços de `instrucao.services`; aqui ficam só os dados,
as invariantes que o banco garante e as consultas reutilizáveis. As tabelas guardam o nome
de quando a instrução vivia no hub (`processos_oficio`), para não mover dados.
"""

from django.conf import settings
from django.db import models
from django.db.models import Exists, F, OuterRef, Q
from django.db.models.functions import Upper

from documentos.models import ArquivoGuardado

# Modelos em módulo próprio (os avisos de prazo enviados), importados aqui para que o Django
# os encontre e para quem os importa de instrucao.models.
from instrucao.avisos import AvisoPrazo, EventoPrazo  # noqa: F401
from instrucao.prazos_guardados import (  # noqa: F401
    PrazoDoProcesso,
    PrazosNoDia,
    SemArDoProcesso,
    SemArNoDia,
)
from processos.estados import TERMINAIS, Tipo
from processos.models import Processo


class Orgao(models.TextChoices):
    CARTOGRAFIA = "cartografia", "Órgão de Informação e Cartografia do Estado"
    TRE = "tre", "Tribunal Regional Eleitoral (TRE)"
    SEFAZ = "sefaz", "Órgão Fazendário Estadual (SEFAZ)"


# Para a mensagem "Falta a certidão do TRE (Art. 2º, II)".
ORGAO_COM_ARTIGO = {
    Orgao.CARTOGRAFIA: "do Órgão de Informação e Cartografia do Estado",
    Orgao.TRE: "do TRE",
    Orgao.SEFAZ: "da SEFAZ",
}

# O que cada tipo pede a cada órgão (Art. 2º, I a IV e VI; Art. 8º; Art. 10, I). O inciso V
# (condições de instalação) é verificado pela própria CRT na visita (Art. 17, I). Decisões:
# na extinção (Art. 10, I) pedem-se de novo os números de I a IV; na revisão de limites só a
# Cartografia (área, mapa e memorial, Art. 8º).
PEDIDOS_POR_TIPO: dict[str, tuple[tuple[str, str], ...]] = {
    Tipo.CRIACAO: ((Orgao.CARTOGRAFIA, "I, III e VI"), (Orgao.TRE, "II"), (Orgao.SEFAZ, "IV")),
    Tipo.EXTINCAO: ((Orgao.CARTOGRAFIA, "I e III"), (Orgao.TRE, "II"), (Orgao.SEFAZ, "IV")),
    Tipo.REVISAO_LIMITES: ((Orgao.CARTOGRAFIA, "VI"),),
}


class OficioQuerySet(models.QuerySet):
    def vigentes(self):
        """O último de cada cadeia de reiterações: o que ainda espera resposta. Em NOT EXISTS
        (e não LEFT JOIN ... IS NULL): o PostgreSQL o planeja como anti-junção, estima as
        linhas e percorre o índice dos prazos abertos na ordem do vencimento até juntar a
        página (a 50 mil processos, a página de Prazos: 30 → 1 ms de SQL)."""
        # O `reitera não nulo`, redundante, deixa o PostgreSQL ler só as reiterações do
        # índice de `reitera` (e não as dezenas de milhares de ofícios sem reiteração).
        reiteracao = Oficio.objects.filter(reitera=OuterRef("pk"), reitera__isnull=False)
        return self.filter(~Exists(reiteracao))

    def de_processos_em_andamento(self):
        """Os ofícios de processos não terminais. Em NOT EXISTS (e não numa junção com todos
        os processos): o PostgreSQL lê só os ids dos concluídos e arquivados, do índice por
        estado."""
        terminal = Processo.objects.filter(pk=OuterRef("processo_id"), estado__in=TERMINAIS)
        return self.filter(~Exists(terminal))

    def em_espera(self):
        """Vigentes, sem resposta, em processos em andamento: com prazo aberto ou sem AR."""
        return self.vigentes().filter(respondido_em__isnull=True).de_processos_em_andamento()

    def com_prazo_aberto(self):
        """Vigentes, sem resposta, com AR registrado, em processos em andamento."""
        return self.em_espera().filter(vencimento__isnull=False)

    def sem_ar(self):
        """Vigentes, sem resposta e sem AR registrado, em processos em andamento: o prazo
        ainda não corre (Art. 2º, § 3º)."""
        return self.em_espera().filter(recebido_em__isnull=True)


class SequenciaOficio(models.Model):
    """Último número de ofício da CRT usado em cada ano (mesma técnica do protocolo)."""

    ano = models.PositiveSmallIntegerField(primary_key=True)
    ultimo = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "processos_sequenciaoficio"
        verbose_name = "sequência de ofícios"
        verbose_name_plural = "sequências de ofícios"

    def __str__(self) -> str:
        return f"{self.ano}: {self.ultimo}"


class Oficio(models.Model):
    processo = models.ForeignKey(
        "processos.Processo", on_delete=models.PROTECT, related_name="oficios"
    )
    orgao = models.CharField("órgão", max_length=20, choices=Orgao.choices)
    incisos = models.CharField("incisos do Art. 2º", max_length=60)
    numero = models.CharField("número", max_length=30, editable=False)
    enviado_em = models.DateField("enviado em")
    recebido_em = models.DateField("recebido pelo órgão em (AR)", null=True, blank=True)
    vencimento = models.DateField("vencimento", null=True, blank=True)
    respondido_em = models.DateField("respondido em", null=True, blank=True)
    observacoes = models.TextField("observações", blank=True)
    reitera = models.ForeignKey(
        "self",
        verbose_name="reitera o ofício",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reiteracoes",
    )
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="criado por", on_delete=models.PROTECT
    )
    criado_em = models.DateTimeField("criado em", auto_now_add=True)
    # Auditoria de cada registro posterior: quem lançou o AR e a resposta, e quando.
    recebimento_registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="AR registrado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    recebimento_registrado_em = models.DateTimeField("AR registrado em", null=True, blank=True)
    resposta_registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="resposta registrada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    resposta_registrada_em = models.DateTimeField("resposta registrada em", null=True, blank=True)

    objects = OficioQuerySet.as_manager()

    class Meta:
        db_table = "processos_oficio"
        verbose_name = "ofício"
        verbose_name_plural = "ofícios"
        ordering = ["processo", "criado_em", "id"]
        # Os prazos abertos na ordem do vencimento e os ofícios sem AR na ordem do envio
        # (página de Prazos, coluna do prazo da lista): só os que ainda esperam resposta. O
        # processo no fim da chave (depois do id, não muda a ordem): as contagens e o prazo
        # de cada processo (agrupado pelo processo) leem só o índice.
        indexes = [
            models.Index(
                fields=["vencimento", "id", "processo"],
                condition=Q(respondido_em__isnull=True, vencimento__isnull=False),
                name="oficio_prazo_aberto_processo",
            ),
            models.Index(
                fields=["enviado_em", "id", "processo"],
                condition=Q(respondido_em__isnull=True, recebido_em__isnull=True),
                name="oficio_sem_ar_processo",
            ),
            # A busca interna pelo número como digitado, sem distinguir maiúsculas
            # (`instrucao.busca`, `numero__iexact`): sem ele, cada busca com algarismos lia
            # todos os ofícios.
            models.Index(Upper("numero"), name="oficio_numero_maiusculo"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["numero"], name="oficio_numero_unico"),
            # Uma cadeia de reiterações é linear: cada ofício é reiterado no máximo uma vez.
            models.UniqueConstraint(fields=["reitera"], name="oficio_reiterado_uma_vez"),
            models.CheckConstraint(condition=Q(orgao__in=Orgao.values), name="oficio_orgao"),
            models.CheckConstraint(
                condition=Q(recebido_em__isnull=True) | Q(recebido_em__gte=F("enviado_em")),
                name="oficio_recebido_apos_envio",
            ),
            models.CheckConstraint(
                condition=Q(respondido_em__isnull=True) | Q(respondido_em__gte=F("enviado_em")),
                name="oficio_respondido_apos_envio",
            ),
            models.CheckConstraint(
                condition=Q(recebido_em__isnull=True, vencimento__isnull=True)
                | Q(recebido_em__isnull=False, vencimento__isnull=False),
                name="oficio_vencimento_com_recebimento",
            ),
        ]

    def __str__(self) -> str:
        return f"Ofício nº {self.numero} — {self.get_orgao_display()}"

    @property
    def fundamento(self) -> str:
        return f"Art. 2º, {self.incisos}"

    @property
    def respondido(self) -> bool:
        return self.respondido_em is not None

    @property
    def certidao_vigente(self) -> "Certidao | None":
        """A última versão da resposta (pré-carregada com `prefetch_related("certidoes")`)."""
        versoes = list(self.certidoes.all())
        return max(versoes, key=lambda c: c.versao) if versoes else None


# O que cada órgão certifica, por unidade (Art. 2º, caput e § 1º): a área nova e cada município de
# origem remanescente. Os campos de `FiguraCertidao` que o formulário de cada órgão pede.
CAMPOS_POR_ORGAO: dict[str, tuple[str, ...]] = {
    Orgao.CARTOGRAFIA: ("populacao", "casas_centro_urbano", "continuidade_territorial", "area_km2"),
    Orgao.TRE: ("eleitores",),
    Orgao.SEFAZ: ("valor_adicionado", "participacao_icms"),
}


class CertidaoQuerySet(models.QuerySet):
    def vigentes(self):
        """A última versão de cada resposta (uma retificação cria a versão seguinte)."""
        return self.filter(substituida_por__isnull=True)


class Certidao(ArquivoGuardado):
    """Uma versão da resposta de um órgão a um ofício: o PDF da certidão, o número e a data
    que o órgão lhe deu e os números certificados (`FiguraCertidao`). Nada se edita: a
    correção é uma versão nova, e a anterior fica nos autos — a certidão retificadora traz
    outro PDF; a correção de digitação repete o PDF e o número e muda só os números."""

    oficio = models.ForeignKey(Oficio, on_delete=models.PROTECT, related_name="certidoes")
    versao = models.PositiveSmallIntegerField("versão", default=1)
    substitui = models.OneToOneField(
        "self",
        verbose_name="substitui a versão",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="substituida_por",
    )
    numero = models.CharField("número da certidão", max_length=60)
    data = models.DateField("data da certidão")
    # O tamanho não era gravado com a certidão: as versões antigas não o têm.
    tamanho = None
    exercicio = models.PositiveSmallIntegerField(
        "exercício do valor adicionado", null=True, blank=True
    )
    justificativa = models.TextField("justificativa da retificação", blank=True)
    # Corrigir digitação: o mesmo PDF (mesmo SHA-256), número e data da versão anterior; só
    # os números digitados mudam (`instrucao.correcao`).
    correcao_de_digitacao = models.BooleanField("correção de digitação", default=False)
    registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name="registrada por", on_delete=models.PROTECT
    )
    registrada_em = models.DateTimeField("registrada em", auto_now_add=True)

    objects = CertidaoQuerySet.as_manager()

    PASTA = "certidoes"

    class Meta:
        verbose_name = "certidão"
        verbose_name_plural = "certidões"
        ordering = ["oficio", "versao"]
        # A busca interna pelo número da certidão (`instrucao.busca`, `numero__iexact`).
        indexes = [models.Index(Upper("numero"), name="certidao_numero_maiusculo")]
        constraints = [
            models.UniqueConstraint(fields=["oficio", "versao"], name="certidao_versao_unica"),
            models.CheckConstraint(condition=~Q(sha256=""), name="certidao_com_hash"),
            models.CheckConstraint(
                condition=Q(exercicio__isnull=True) | Q(exercicio__gte=1988),
                name="certidao_exercicio_valido",
            ),
        ]

    @classmethod
    def para_varredura(cls):
        return cls.objects.select_related("oficio").only(
            "versao", "arquivo", "sha256", "oficio__numero"
        )

    def objeto_na_varredura(self) -> str:
        return f"Certidão do Ofício nº {self.oficio.numero} (versão {self.versao})"

    def __str__(self) -> str:
        return f"Certidão nº {self.numero} (v{self.versao}) — Ofício nº {self.oficio.numero}"


class FiguraCertidao(models.Model):
    """Os números que uma certidão atesta para uma unidade: a área a desmembrar (a do novo
    município, ou o município a extinguir) ou um município de origem após o desmembramento.
    Só inteiros e Decimal; vazio = o órgão não certificou (resposta parcial)."""

    AREA = "area"

    certidao = models.ForeignKey(Certidao, on_delete=models.PROTECT, related_name="figuras")
    chave = models.CharField("unidade", max_length=20)  # "area" ou "m<código IBGE>"
    municipio = models.ForeignKey(
        "requisitos.Municipio", on_delete=models.PROTECT, null=True, blank=True
    )
    populacao = models.PositiveIntegerField("população estimada (I)", null=True, blank=True)
    casas_centro_urbano = models.PositiveIntegerField(
        "casas no centro urbano (III)", null=True, blank=True
    )
    continuidade_territorial = models.BooleanField(
        "continuidade territorial (VI)", null=True, blank=True
    )
    area_km2 = models.DecimalField(
        "área (km²)", max_digits=12, decimal_places=3, null=True, blank=True
    )
    eleitores = models.PositiveIntegerField("eleitores (II)", null=True, blank=True)
    valor_adicionado = models.DecimalField(
        "valor adicionado (IV)", max_digits=18, decimal_places=2, null=True, blank=True
    )
    participacao_icms = models.DecimalField(
        "parcela do índice do ICMS que passa ao novo município (%)",
        max_digits=9,
        decimal_places=6,
        null=True,
        blank=True,
    )

    class Meta:
        verbose_name = "número certificado"
        verbose_name_plural = "números certificados"
        ordering = ["certidao", "id"]
        constraints = [
            models.UniqueConstraint(fields=["certidao", "chave"], name="figura_unidade_unica"),
            models.CheckConstraint(
                condition=Q(chave="area", municipio__isnull=True)
                | (~Q(chave="area") & Q(municipio__isnull=False)),
                name="figura_area_ou_municipio",
            ),
            models.CheckConstraint(
                condition=Q(area_km2__isnull=True) | Q(area_km2__gt=0), name="figura_area_positiva"
            ),
            models.CheckConstraint(
                condition=Q(valor_adicionado__isnull=True) | Q(valor_adicionado__gte=0),
                name="figura_va_nao_negativo",
            ),
            models.CheckConstraint(
                condition=Q(participacao_icms__isnull=True)
                | (Q(participacao_icms__gte=0) & Q(participacao_icms__lte=100)),
                name="figura_icms_percentual",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.chave} — {self.certidao}"


class RetificacaoRecebimento(models.Model):
    """O AR lançado com a data errada: a data certa recalcula o vencimento (Art. 2º, § 3º), e
    a correção fica registrada com a data anterior, o vencimento anterior, a justificativa,
    quem e quando — o ofício guarda só a data vigente."""

    oficio = models.ForeignKey(
        Oficio, on_delete=models.PROTECT, related_name="retificacoes_recebimento"
    )
    recebido_em_anterior = models.DateField("AR anterior")
    vencimento_anterior = models.DateField("vencimento anterior")
    recebido_em = models.DateField("AR retificado para")
    vencimento = models.DateField("vencimento recalculado")
    justificativa = models.TextField("justificativa")
    registrada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="retificado por",
        on_delete=models.PROTECT,
        related_name="+",
    )
    registrada_em = models.DateTimeField("retificado em", auto_now_add=True)

    class Meta:
        verbose_name = "retificação do AR"
        verbose_name_plural = "retificações do AR"
        ordering = ["oficio", "registrada_em", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(recebido_em=F("recebido_em_anterior")),
                name="retificacao_ar_muda_a_data",
            ),
            models.CheckConstraint(
                condition=~Q(justificativa=""), name="retificacao_ar_com_justificativa"
            ),
        ]

    def __str__(self) -> str:
        return (
            f"AR do Ofício nº {self.oficio.numero}: {self.recebido_em_anterior:%d/%m/%Y} → "
            f"{self.recebido_em:%d/%m/%Y}"
        )


class RascunhoQuerySet(models.QuerySet):
    def pendentes(self):
        """Os que aguardam o Presidente: nem emitidos nem descartados."""
        return self.filter(reiteracao__isnull=True, descartado_em__isnull=True)


class RascunhoReiteracao(models.Model):
    """Art. 21: as comunicações da CRT aos órgãos saem pelo seu Presidente (ou, na ausência,
    pelo membro em exercício). O servidor prepara a reiteração do ofício vencido como
    rascunho — sem número nem PDF, e o original continua vigente —; o Presidente a emite, e
    `reiteracao` aponta o ofício que nasceu dele. O rascunho que não deve sair (a data
    proposta errada, o órgão que respondeu por outro meio) é descartado com o motivo, por
    quem e quando: fica nos autos, e o ofício pode ter outro. Um só pendente por ofício."""

    oficio = models.ForeignKey(
        Oficio,
        verbose_name="ofício a reiterar",
        on_delete=models.PROTECT,
        related_name="rascunhos_reiteracao",
    )
    enviar_em = models.DateField("envio proposto para")
    preparado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="preparado por",
        on_delete=models.PROTECT,
        related_name="+",
    )
    preparado_em = models.DateTimeField("preparado em", auto_now_add=True)
    reiteracao = models.OneToOneField(
        Oficio,
        verbose_name="emitido como o ofício",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rascunho_de_origem",
    )
    descartado_em = models.DateTimeField("descartado em", null=True, blank=True)
    descartado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="descartado por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    motivo_descarte = models.TextField("motivo do descarte", blank=True)

    objects = RascunhoQuerySet.as_manager()

    class Meta:
        verbose_name = "rascunho de reiteração"
        verbose_name_plural = "rascunhos de reiteração"
        ordering = ["preparado_em", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(reiteracao=F("oficio")), name="rascunho_nao_reitera_a_si"
            ),
            models.UniqueConstraint(
                fields=["oficio"],
                condition=Q(reiteracao__isnull=True, descartado_em__isnull=True),
                name="um_rascunho_pendente_por_oficio",
            ),
            # Descartado: com quem, o motivo, e nunca emitido.
            models.CheckConstraint(
                condition=Q(descartado_em__isnull=True, descartado_por__isnull=True)
                | Q(
                    descartado_em__isnull=False,
                    descartado_por__isnull=False,
                    reiteracao__isnull=True,
                )
                & ~Q(motivo_descarte=""),
                name="rascunho_descartado_com_motivo",
            ),
        ]

    def __str__(self) -> str:
        return f"Rascunho de reiteração do Ofício nº {self.oficio.numero}"

    @property
    def pendente(self) -> bool:
        return self.reiteracao_id is None and self.descartado_em is None
