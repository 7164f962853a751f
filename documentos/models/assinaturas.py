"""As assinaturas de um documento emitido (Lei 14.063/2020: simples, avançada, qualificada) e
o que as confere: o material de confiança (raízes e LCRs carregadas pelo administrador), o
relatório das assinaturas de um PDF recebido e o nível mínimo exigido por tipo de documento,
versionado pela data como os parâmetros legais."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from documentos.models import Documento, TipoDocumento
from processos.models import Processo


class Modalidade(models.TextChoices):
    ATO = "ato", "Ato de quem o emitiu (assinatura de registro, Art. 21)"
    ICP_BRASIL = "icp_brasil", "Assinatura digital ICP-Brasil"
    GOV_BR = "gov_br", "Assinatura eletrônica gov.br"
    SELO = "selo", "Selo institucional da Assembleia (e-CNPJ)"


class Assinatura(models.Model):
    """Uma assinatura de um documento. A de registro (modalidade "ato") é criada com o
    documento; assinaturas digitais acrescentam linhas com o artefato assinado (PAdES ou
    CMS destacado) e o hash dele, sem tocar no documento original."""

    documento = models.ForeignKey(Documento, on_delete=models.PROTECT, related_name="assinaturas")
    modalidade = models.CharField("modalidade", max_length=20, choices=Modalidade.choices)
    signatario = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    nome = models.CharField("nome", max_length=200)
    cargo = models.CharField("cargo", max_length=200, blank=True)
    assinado_em = models.DateTimeField("assinado em")
    artefato = models.FileField("artefato assinado", upload_to="assinaturas/%Y/", blank=True)
    sha256_artefato = models.CharField("SHA-256 do artefato", max_length=64, blank=True)
    # O campo de assinatura do PDF (criado na emissão) que esta assinatura preencheu, o nível
    # PAdES alcançado e o certificado, como lidos do próprio artefato depois de assinado.
    campo = models.CharField("campo de assinatura", max_length=40, blank=True)
    nivel = models.CharField("nível PAdES", max_length=10, blank=True)
    certificado_titular = models.CharField("titular do certificado", max_length=300, blank=True)
    certificado_emissor = models.CharField("emissor do certificado", max_length=300, blank=True)
    carimbo_do_tempo_em = models.DateTimeField("carimbo do tempo", null=True, blank=True)

    class Meta:
        verbose_name = "assinatura"
        verbose_name_plural = "assinaturas"
        ordering = ["assinado_em", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(modalidade__in=Modalidade.values), name="assinatura_modalidade_valida"
            ),
            # Assinatura digital sem o artefato assinado não prova nada.
            models.CheckConstraint(
                condition=Q(modalidade="ato") | ~Q(sha256_artefato=""),
                name="assinatura_digital_com_artefato",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.nome} — {self.get_modalidade_display()}"


class TipoMaterial(models.TextChoices):
    RAIZ = "raiz", "Certificado raiz confiável"
    LCR = "lcr", "Lista de certificados revogados"


class MaterialDeConfianca(models.Model):
    """Uma raiz confiável (ou LCR) carregada pelo administrador (`manage.py
    carregar_raizes_confiaveis`): contra ela se validam as assinaturas dos PDFs assinados que
    chegam e as do /validar/. Só inclusão: carregar o mesmo certificado de novo não repete."""

    tipo = models.CharField("tipo", max_length=10, choices=TipoMaterial.choices)
    der = models.BinaryField("conteúdo (DER)")
    sha256 = models.CharField("SHA-256", max_length=64, unique=True)
    descricao = models.CharField("titular ou emissor", max_length=300)
    carregado_em = models.DateTimeField("carregado em", auto_now_add=True)

    class Meta:
        verbose_name = "material de confiança"
        verbose_name_plural = "materiais de confiança"
        ordering = ["tipo", "descricao"]

    def __str__(self) -> str:
        return f"{self.get_tipo_display()}: {self.descricao}"


class RelatorioAssinaturas(models.Model):
    """O resultado da validação das assinaturas de um PDF recebido (uma certidão, um documento
    do Art. 15), gravado ao lado do arquivo, pelo SHA-256 dele, no momento do envio."""

    sha256 = models.CharField("SHA-256 do arquivo", max_length=64, unique=True)
    # O processo a que o arquivo foi juntado: a página dele sabe, na consulta do processo, se
    # há relatório a mostrar (sem nenhum, nenhuma consulta a mais).
    processo = models.ForeignKey(
        Processo, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    assinaturas = models.JSONField("assinaturas encontradas", default=list)
    validado_em = models.DateTimeField("validado em")

    class Meta:
        verbose_name = "relatório de assinaturas"
        verbose_name_plural = "relatórios de assinaturas"

    def __str__(self) -> str:
        return f"{self.sha256[:16]}… ({len(self.assinaturas)} assinatura(s))"

    @property
    def todas_validas(self) -> bool:
        return bool(self.assinaturas) and all(a["valida"] for a in self.assinaturas)


class NivelAssinatura(models.TextChoices):
    # Lei 14.063/2020, art. 4º: simples, avançada (a do gov.br) e qualificada (ICP-Brasil).
    SIMPLES = "simples", "Simples"
    AVANCADA = "avancada", "Avançada (gov.br)"
    QUALIFICADA = "qualificada", "Qualificada (ICP-Brasil)"


class NivelExigido(models.Model):
    """O nível mínimo de assinatura que um tipo de documento exige a partir de uma data (Lei
    14.063/2020, art. 5º: cada Poder fixa o seu). Versionado como os parâmetros legais: mudar
    é gravar uma versão nova, com a fonte e o início de vigência; a antiga permanece."""

    tipo_documento = models.CharField(
        "tipo de documento", max_length=30, choices=TipoDocumento.choices
    )
    nivel = models.CharField("nível mínimo", max_length=20, choices=NivelAssinatura.choices)
    vigencia_inicio = models.DateField("início de vigência")
    fundamento = models.CharField("fonte", max_length=300)

    class Meta:
        verbose_name = "nível de assinatura exigido"
        verbose_name_plural = "níveis de assinatura exigidos"
        ordering = ["tipo_documento", "-vigencia_inicio"]
        constraints = [
            models.UniqueConstraint(
                fields=["tipo_documento", "vigencia_inicio"], name="nivel_uma_versao_por_data"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_tipo_documento_display()}: {self.get_nivel_display()}"
