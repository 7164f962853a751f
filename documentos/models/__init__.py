"""Documentos oficiais emitidos: imutáveis e verificáveis.

Um documento emitido é gravado uma única vez: o arquivo PDF, o seu SHA-256, quem o emitiu
e quando, e um código de verificação. Nenhuma linha é alterada depois de criada — a nova
versão aponta para a que substitui (`substitui`), e "substituído" é derivado da existência
de uma sucessora. Assim o histórico é só de inclusão, como os autos em papel.

A assinatura é um registro à parte (`Assinatura`, em documentos.models.assinaturas): a de
registro é o próprio ato de quem fala pela Comissão (Art. 21); as digitais (pessoais, gov.br,
ICP-Brasil, e o selo da Assembleia) são novas linhas com o artefato assinado, sem tocar no
documento emitido.
"""

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact

from processos.models import Andamento, Processo


def caminho_guardado(instancia: "ArquivoGuardado", nome_enviado: str) -> str:
    """O caminho no armazenamento que o modelo dá ao arquivo (`caminho_do_arquivo`)."""
    return instancia.caminho_do_arquivo(nome_enviado)


class ArquivoGuardado(models.Model):
    """Um arquivo guardado nos autos: o arquivo, o SHA-256 do que foi gravado e o tamanho.
    Todo modelo que guarda um arquivo herda daqui, e a varredura de integridade
    (`verificar_integridade`) confere os arquivos de cada um dos herdeiros — um modelo de
    arquivo novo entra nela sem que esta app conheça a fase dele."""

    arquivo = models.FileField("arquivo", upload_to=caminho_guardado, max_length=200)
    sha256 = models.CharField("SHA-256 do arquivo", max_length=64)
    tamanho = models.PositiveBigIntegerField("tamanho (bytes)")

    # A pasta do armazenamento em que o modelo grava (a varredura lista ali os órfãos).
    PASTA = ""

    class Meta:
        abstract = True

    def caminho_do_arquivo(self, nome_enviado: str) -> str:
        """Por padrão, a pasta do modelo, o ano e o mês, com o nome recebido."""
        return f"{self.PASTA}/{datetime.now():%Y/%m}/{nome_enviado}"

    @classmethod
    def para_varredura(cls) -> models.QuerySet:
        """As linhas que a varredura de integridade confere (só as colunas que ela lê)."""
        return cls._default_manager.only("arquivo", "sha256")

    def objeto_na_varredura(self) -> str:
        """Como a falha de integridade nomeia este arquivo."""
        return f"{self._meta.verbose_name.capitalize()} {self.pk}"


class TipoDocumento(models.TextChoices):
    PARECER_PRELIMINAR = "parecer_preliminar", "Parecer preliminar"
    OFICIO = "oficio", "Ofício"
    PARECER_MERITO = "parecer_merito", "Parecer de mérito"
    PDL = "pdl", "Projeto de Decreto Legislativo"
    INFORME_PLENARIO = "informe_plenario", "Informe ao Plenário"
    PARECER_RESULTADO = "parecer_resultado", "Parecer sobre o resultado do plebiscito"
    PL = "pl", "Projeto de Lei"
    EXTRATO = "extrato", "Extrato do processo"
    COPIA_INTEGRAL = "copia_integral", "Cópia integral autenticada"
    CERTIDAO_DISTRITO = "certidao_distrito", "Certidão de requisitos para criação de distrito"
    COMPROVANTE_PROTOCOLO = "comprovante_protocolo", "Comprovante de protocolo"
    LEI_ANOTADA = "lei_anotada", "LC 23/1992 anotada pelo sistema"


# Públicos por natureza (Art. 23): os pareceres emitidos e as proposições. Ofícios,
# informes, o extrato e a cópia integral reúnem peças internas — só por liberação expressa.
TIPOS_PUBLICOS = frozenset(
    {
        TipoDocumento.PARECER_PRELIMINAR,
        TipoDocumento.PARECER_MERITO,
        TipoDocumento.PDL,
        TipoDocumento.PARECER_RESULTADO,
        TipoDocumento.PL,
    }
)


class DocumentoQuerySet(models.QuerySet):
    def publicos(self):
        """O que o portal mostra a qualquer pessoa: tipo público e ligado a um processo."""
        return self.filter(tipo__in=TIPOS_PUBLICOS, processo__isnull=False)

    def vigentes(self):
        """Versões não substituídas (a substituída continua válida, mas não é a atual)."""
        return self.filter(substituido_por__isnull=True)

    def do_processo(self, processo):
        return self.filter(processo=processo).select_related("substituido_por")


class Documento(ArquivoGuardado):
    codigo = models.CharField("código de verificação", max_length=19, unique=True)
    tipo = models.CharField("tipo", max_length=30, choices=TipoDocumento.choices)
    titulo = models.CharField("título", max_length=300)
    # Identidade lógica do documento: as versões de um mesmo documento partilham a série.
    serie = models.CharField("série", max_length=120)
    versao = models.PositiveIntegerField("versão", default=1)
    substitui = models.OneToOneField(
        "self",
        verbose_name="substitui a versão",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="substituido_por",
    )
    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, null=True, blank=True, related_name="documentos"
    )
    andamento = models.ForeignKey(
        Andamento, on_delete=models.PROTECT, null=True, blank=True, related_name="documentos"
    )
    # Resumo do conteúdo (o HTML de origem e os anexos): é o que o rodapé imprime, já que
    # um arquivo não pode conter o próprio hash.
    sha256_conteudo = models.CharField("SHA-256 do conteúdo", max_length=64)
    paginas = models.PositiveIntegerField("páginas")
    emitido_em = models.DateTimeField("emitido em")
    emitido_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="emitido por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="documentos_emitidos",
    )
    # Nome e cargo no momento da emissão: o registro não muda se o usuário mudar depois.
    emitente_nome = models.CharField("emitente", max_length=200)
    emitente_cargo = models.CharField("cargo do emitente", max_length=200, blank=True)

    objects = DocumentoQuerySet.as_manager()

    PASTA = "documentos"

    class Meta:
        verbose_name = "documento emitido"
        verbose_name_plural = "documentos emitidos"
        ordering = ["emitido_em", "id"]
        constraints = [
            models.UniqueConstraint(fields=["serie", "versao"], name="documento_versao_unica"),
            models.CheckConstraint(condition=Q(versao__gte=1), name="documento_versao_positiva"),
            models.CheckConstraint(
                condition=Exact(Length("sha256"), 64), name="documento_sha256_completo"
            ),
            models.CheckConstraint(
                condition=Exact(Length("sha256_conteudo"), 64),
                name="documento_sha256_conteudo_completo",
            ),
            models.CheckConstraint(
                condition=Exact(Length("codigo"), 19), name="documento_codigo_formatado"
            ),
            models.CheckConstraint(
                condition=Q(tipo__in=TipoDocumento.values), name="documento_tipo_valido"
            ),
            # A primeira versão não substitui nenhuma; as seguintes substituem uma.
            models.CheckConstraint(
                condition=Q(versao=1, substitui__isnull=True)
                | Q(versao__gt=1, substitui__isnull=False),
                name="documento_versao_encadeada",
            ),
            models.CheckConstraint(
                condition=~Q(substitui=F("id")), name="documento_nao_substitui_a_si"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.titulo} ({self.codigo})"

    @classmethod
    def para_varredura(cls) -> models.QuerySet:
        return cls.objects.only("codigo", "arquivo", "sha256")

    def objeto_na_varredura(self) -> str:
        return f"Documento {self.codigo}"

    @property
    def substituido(self) -> bool:
        try:
            return self.substituido_por is not None
        except Documento.DoesNotExist:
            return False

    @property
    def sucessor(self):
        try:
            return self.substituido_por
        except Documento.DoesNotExist:
            return None


class SerieDocumento(models.Model):
    """Uma linha por série, criada na primeira emissão: a trava que enfileira emissões
    simultâneas da mesma série. A versão anterior não serve de trava — a primeira emissão
    não a tem, e no PostgreSQL quem espera por ela relê a mesma linha e repete o número."""

    serie = models.CharField("série", max_length=120, unique=True)

    class Meta:
        verbose_name = "série de documentos"
        verbose_name_plural = "séries de documentos"

    def __str__(self) -> str:
        return self.serie


def caminho_do_anexo(_anexo, _nome_enviado: str) -> str:
    """Nome gerado: o nome escolhido por quem enviou não chega ao armazenamento."""
    import uuid

    from django.utils import timezone

    return f"anexos/{timezone.localdate().year}/{uuid.uuid4().hex}.pdf"


class AnexoDoAto(ArquivoGuardado):
    """O papel que a lei prevê para o ato, juntado ao registro dele (`documentos.anexos`): a
    ata da sessão do Plenário, o parecer da CCJR, o ofício do TRE com o resultado, o relatório
    da visita. Um por ato, gravado com o ato e nunca alterado, com o SHA-256 do envio."""

    andamento = models.OneToOneField(
        Andamento, verbose_name="ato", on_delete=models.PROTECT, related_name="anexo"
    )
    descricao = models.CharField("o que é", max_length=120)
    nome_original = models.CharField("nome do arquivo enviado", max_length=200)
    paginas = models.PositiveIntegerField("páginas")

    PASTA = "anexos"

    class Meta:
        verbose_name = "anexo de ato"
        verbose_name_plural = "anexos de atos"
        constraints = [
            models.CheckConstraint(
                condition=Exact(Length("sha256"), 64), name="anexo_ato_sha256_completo"
            ),
            models.CheckConstraint(condition=Q(tamanho__gt=0), name="anexo_ato_nao_vazio"),
        ]

    def __str__(self) -> str:
        return f"{self.descricao} — {self.nome_original}"

    def caminho_do_arquivo(self, nome_enviado: str) -> str:
        return caminho_do_anexo(self, nome_enviado)

    def objeto_na_varredura(self) -> str:
        return f"Anexo {self.pk} do ato {self.andamento_id}"

    @classmethod
    def para_varredura(cls) -> models.QuerySet:
        return cls.objects.only("andamento_id", "arquivo", "sha256")


class FalhaIntegridade(models.Model):
    """Um arquivo armazenado que não confere com o SHA-256 registrado, ou que sumiu.
    Registrada uma vez por arquivo e resumo encontrado (a mesma adulteração, vista de novo,
    não repete a linha; uma nova alteração do mesmo arquivo gera outra)."""

    objeto = models.CharField("objeto", max_length=200)
    arquivo = models.CharField("arquivo no armazenamento", max_length=200)
    sha256_registrado = models.CharField("SHA-256 registrado", max_length=64)
    # Vazio: o arquivo não foi encontrado (ou não pôde ser lido).
    sha256_encontrado = models.CharField("SHA-256 encontrado", max_length=64, blank=True)
    porta = models.CharField("detectada em", max_length=60)
    detectada_em = models.DateTimeField("detectada em (data)")

    class Meta:
        verbose_name = "falha de integridade"
        verbose_name_plural = "falhas de integridade"
        ordering = ["-detectada_em", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["arquivo", "sha256_registrado", "sha256_encontrado"],
                name="falha_integridade_unica",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.objeto}: {self.descricao}"

    @property
    def ausente(self) -> bool:
        return not self.sha256_encontrado

    @property
    def descricao(self) -> str:
        if self.ausente:
            return "arquivo ausente ou ilegível no armazenamento"
        return "arquivo alterado (SHA-256 difere do registrado)"


class TipoTarefa(models.TextChoices):
    COPIA_INTEGRAL = "copia_integral", "Cópia integral autenticada"
    # O selo da Assembleia (B-LTA, ~1 s com o carimbo do tempo) sobre um documento já emitido:
    # o documento vale pelo código desde a emissão; o selo chega logo depois, sem prender a
    # requisição que o emitiu.
    SELO = "selo", "Selo da Assembleia"


class EstadoTarefa(models.TextChoices):
    PENDENTE = "pendente", "Na fila"
    EXECUTANDO = "executando", "Em montagem"
    PRONTA = "pronta", "Pronta"
    FALHOU = "falhou", "Falhou"


EM_CURSO = (EstadoTarefa.PENDENTE, EstadoTarefa.EXECUTANDO)


class TarefaDocumento(models.Model):
    """Uma emissão longa pedida por alguém e feita em segundo plano (o comando
    `processar_tarefas`), fora da requisição: a cópia integral de um processo com milhares
    de páginas passa do tempo de qualquer requisição. A linha é a fila, o progresso que a
    página mostra e o registro de quem pediu e do que saiu (o documento, ou a falha).

    No selo, `documento` é o documento a selar desde a criação da linha; a certidão do
    simulador (Art. 25) não tem processo nem quem a peça logado."""

    tipo = models.CharField("tipo", max_length=30, choices=TipoTarefa.choices)
    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, null=True, blank=True, related_name="tarefas"
    )
    solicitada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name="solicitada por",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tarefas_de_documento",
    )
    estado = models.CharField(
        "situação", max_length=20, choices=EstadoTarefa.choices, default=EstadoTarefa.PENDENTE
    )
    etapa = models.CharField("etapa", max_length=200, blank=True)
    feito = models.PositiveIntegerField("feito", default=0)
    total = models.PositiveIntegerField("total", default=0)
    mensagem = models.TextField("mensagem da falha", blank=True)
    documento = models.ForeignKey(
        Documento,
        verbose_name="documento emitido",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    tentativas = models.PositiveSmallIntegerField("tentativas", default=0)
    criada_em = models.DateTimeField("solicitada em", auto_now_add=True)
    iniciada_em = models.DateTimeField("iniciada em", null=True, blank=True)
    # Tocado a cada avanço: quem executa e morreu (SIGKILL, máquina reiniciada) deixa de
    # tocá-lo, e depois do limite a tarefa volta a ser tomada (documentos.tarefas).
    batimento_em = models.DateTimeField("último sinal de vida", null=True, blank=True)
    concluida_em = models.DateTimeField("concluída em", null=True, blank=True)

    class Meta:
        verbose_name = "tarefa de documento"
        verbose_name_plural = "tarefas de documentos"
        ordering = ["criada_em", "id"]
        constraints = [
            # Dois pedidos simultâneos da mesma cópia montariam duas vezes o mesmo trabalho.
            models.UniqueConstraint(
                fields=["processo", "tipo"],
                condition=Q(estado__in=EM_CURSO, tipo=TipoTarefa.COPIA_INTEGRAL),
                name="tarefa_uma_em_curso_por_processo",
            ),
            # Dois selos do mesmo documento: o segundo falharia (o campo já assinado).
            models.UniqueConstraint(
                fields=["documento", "tipo"],
                condition=Q(estado__in=EM_CURSO, tipo=TipoTarefa.SELO),
                name="tarefa_um_selo_em_curso_por_documento",
            ),
            models.CheckConstraint(
                condition=~Q(tipo=TipoTarefa.SELO) | Q(documento__isnull=False),
                name="tarefa_selo_tem_documento",
            ),
            models.CheckConstraint(
                condition=~Q(tipo=TipoTarefa.COPIA_INTEGRAL)
                | Q(processo__isnull=False, solicitada_por__isnull=False),
                name="tarefa_copia_tem_processo",
            ),
            models.CheckConstraint(
                condition=Q(estado__in=EstadoTarefa.values), name="tarefa_estado_valido"
            ),
            models.CheckConstraint(
                condition=Q(tipo__in=TipoTarefa.values), name="tarefa_tipo_valido"
            ),
            models.CheckConstraint(
                condition=~Q(estado=EstadoTarefa.PRONTA) | Q(documento__isnull=False),
                name="tarefa_pronta_tem_documento",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} — {self.processo} ({self.get_estado_display()})"

    @property
    def em_curso(self) -> bool:
        return self.estado in EM_CURSO

    @property
    def percentual(self) -> int:
        return min(100, self.feito * 100 // self.total) if self.total else 0


# As assinaturas (modelos no seu módulo, registrados nesta app pelo import).
from documentos.models.assinaturas import (  # noqa: E402, F401
    Assinatura,
    MaterialDeConfianca,
    Modalidade,
    NivelAssinatura,
    NivelExigido,
    RelatorioAssinaturas,
    TipoMaterial,
)
