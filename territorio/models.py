"""A malha municipal de referência (uma linha por município e por edição) e a conferência
territorial de cada versão do mapa do Art. 15, II. Várias edições convivem: cada figura
calculada guarda a edição que usou, e carregar outra não muda as já calculadas."""

from django.db import models

from documentos.models import ArquivoGuardado
from processos.models import Andamento
from requisitos.models import Municipio


class EdicaoDaMalha(models.Model):
    nome = models.CharField("edição", max_length=40, unique=True)
    ano = models.PositiveSmallIntegerField("ano")
    fonte = models.CharField("fonte", max_length=300)
    processamento = models.TextField("processamento", blank=True)
    carregada_em = models.DateTimeField("carregada em")

    class Meta:
        verbose_name = "edição da malha municipal"
        verbose_name_plural = "edições da malha municipal"
        ordering = ["-ano", "-carregada_em"]

    def __str__(self) -> str:
        return f"Malha municipal {self.nome} ({self.fonte})"


class MunicipioNaMalha(models.Model):
    edicao = models.ForeignKey(EdicaoDaMalha, on_delete=models.PROTECT, related_name="municipios")
    municipio = models.ForeignKey(Municipio, on_delete=models.PROTECT, related_name="na_malha")
    # GeoJSON (RFC 7946, lon/lat): texto legível e sem GeoDjango; lido pelo shapely.
    geometria = models.TextField("geometria (GeoJSON)")
    area_oficial_km2 = models.DecimalField("área oficial (km²)", max_digits=12, decimal_places=3)
    populacao = models.PositiveIntegerField("população", null=True, blank=True)
    populacao_fonte = models.CharField("fonte da população", max_length=300, blank=True)
    # O ano de referência do número (o do censo ou o da estimativa do IBGE).
    populacao_ano = models.PositiveSmallIntegerField("ano da população", null=True, blank=True)

    class Meta:
        verbose_name = "município na malha"
        verbose_name_plural = "municípios na malha"
        constraints = [
            models.UniqueConstraint(
                fields=["edicao", "municipio"], name="malha_um_municipio_por_edicao"
            )
        ]

    def __str__(self) -> str:
        return f"{self.municipio.nome} — malha {self.edicao.nome}"


class ConferenciaTerritorial(models.Model):
    """As figuras de uma versão do mapa contra uma edição da malha, guardadas quando o
    mapa é juntado; as páginas leem o que está aqui, sem recalcular."""

    documento = models.ForeignKey(
        "representacao.DocumentoRepresentacao",
        on_delete=models.PROTECT,
        related_name="conferencias_territoriais",
    )
    edicao = models.ForeignKey(EdicaoDaMalha, on_delete=models.PROTECT, related_name="conferencias")
    calculada_em = models.DateTimeField("calculada em")
    resultado = models.JSONField("figuras")
    # Gerado do desenho com as divisas da mesma edição, para a CRT revisar e adotar; não é o
    # memorial da lei (Art. 15, II).
    memorial_rascunho = models.TextField("rascunho do memorial descritivo", blank=True)
    # O mapa desenhado com as figuras (SVG pronto): as páginas e os PDFs o leem sem carregar
    # a malha. Vazio nas conferências gravadas antes de existir o desenho.
    mapa_svg = models.TextField("mapa (SVG)", blank=True, default="")

    class Meta:
        verbose_name = "conferência territorial"
        verbose_name_plural = "conferências territoriais"
        ordering = ["-calculada_em"]
        constraints = [
            models.UniqueConstraint(
                fields=["documento", "edicao"], name="conferencia_uma_por_mapa_e_edicao"
            )
        ]

    def __str__(self) -> str:
        return f"Conferência de {self.documento} — malha {self.edicao.nome}"


class MapaReparado(ArquivoGuardado):
    """O arquivo do mapa do Art. 15, II como foi enviado, guardado ao lado da versão reparada
    que entrou nos autos (o `documento`), com o que o reparo mudou e o ato que o registrou:
    o contorno que se cruza só é reparado com a confirmação de quem o juntou."""

    PASTA = "territorio/mapas-enviados"

    documento = models.OneToOneField(
        "representacao.DocumentoRepresentacao",
        on_delete=models.PROTECT,
        related_name="reparo_do_mapa",
    )
    andamento = models.OneToOneField(
        Andamento, on_delete=models.PROTECT, related_name="mapa_reparado"
    )
    nome_enviado = models.CharField("nome do arquivo enviado", max_length=255)
    tipo_enviado = models.CharField("tipo do arquivo enviado", max_length=100)
    # A área como desenhada, a reparada e os pedaços (as figuras que a CRT confirmou).
    figuras = models.JSONField("o que o reparo mudou")

    class Meta:
        verbose_name = "mapa reparado (arquivo enviado)"
        verbose_name_plural = "mapas reparados (arquivos enviados)"

    def __str__(self) -> str:
        return f"{self.nome_enviado} — reparado em {self.documento}"


class MemorialAdotado(models.Model):
    """Uma versão do memorial descritivo adotada pela CRT (Art. 15, II): o texto final,
    revisado a partir do rascunho gerado do mapa, com o SHA-256 do texto e o do mapa de onde
    o rascunho saiu. Só de inclusão: adotar outro texto é uma versão nova; a vigente é a
    mais recente."""

    processo = models.ForeignKey(
        "processos.Processo", on_delete=models.PROTECT, related_name="memoriais_adotados"
    )
    versao = models.PositiveIntegerField("versão")
    andamento = models.OneToOneField(
        Andamento, on_delete=models.PROTECT, related_name="memorial_adotado"
    )
    conferencia = models.ForeignKey(
        ConferenciaTerritorial,
        on_delete=models.PROTECT,
        related_name="memoriais_adotados",
        verbose_name="conferência de onde saiu o rascunho",
    )
    texto = models.TextField("texto adotado")
    sha256 = models.CharField("SHA-256 do texto", max_length=64)
    sha256_do_mapa = models.CharField("SHA-256 do mapa de onde saiu", max_length=64)
    editado = models.BooleanField("texto diferente do rascunho", default=False)

    class Meta:
        verbose_name = "memorial descritivo adotado"
        verbose_name_plural = "memoriais descritivos adotados"
        ordering = ["-versao"]
        constraints = [
            models.UniqueConstraint(
                fields=["processo", "versao"], name="memorial_uma_versao_por_numero"
            )
        ]

    def __str__(self) -> str:
        return f"Memorial descritivo adotado, versão {self.versao} — {self.processo}"


class LeituraDoMemorial(models.Model):
    """O memorial descritivo juntado em PDF ao item do Art. 15, II: o texto extraído, lido
    pelo mesmo leitor do memorial colado, e comparado com o mapa vigente quando foi juntado
    (área e Hausdorff, ou as coordenadas citadas). O PDF sem texto (digitalizado) fica com a
    mensagem de que não dá para ler."""

    documento = models.OneToOneField(
        "representacao.DocumentoRepresentacao",
        on_delete=models.PROTECT,
        related_name="leitura_do_memorial",
    )
    mapa = models.ForeignKey(
        "representacao.DocumentoRepresentacao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="memoriais_comparados",
        verbose_name="versão do mapa comparada",
    )
    lido_em = models.DateTimeField("lido em")
    texto = models.TextField("texto extraído", blank=True)
    # None quando não houve comparação: `mensagem` diz por quê.
    comparacao = models.JSONField("comparação com o mapa", null=True, blank=True)
    mensagem = models.TextField("mensagem", blank=True)

    class Meta:
        verbose_name = "leitura de memorial em PDF"
        verbose_name_plural = "leituras de memoriais em PDF"

    def __str__(self) -> str:
        return f"Leitura do memorial {self.documento}"


class OrigemMunicipal(models.Model):
    """De que município(s) um município foi desmembrado: dado de referência, carregado pelo
    suporte com `manage.py carregar_origens` de uma tabela com a lei de criação e a fonte.
    O Art. 10, § 1º, lê-o: o município extinto pelos fundamentos I e II volta a pertencer
    ao de sua origem."""

    municipio = models.ForeignKey(
        Municipio, on_delete=models.PROTECT, related_name="origens_registradas"
    )
    origem = models.ForeignKey(
        Municipio, on_delete=models.PROTECT, related_name="desmembrados_registrados"
    )
    lei_de_criacao = models.CharField("lei de criação", max_length=200, blank=True)
    fonte = models.CharField("fonte", max_length=300)
    carregada_em = models.DateTimeField("carregada em")

    class Meta:
        verbose_name = "origem de município"
        verbose_name_plural = "origens de municípios"
        ordering = ["municipio__nome", "origem__nome"]
        constraints = [
            models.UniqueConstraint(fields=["municipio", "origem"], name="origem_uma_vez"),
            models.CheckConstraint(
                condition=~models.Q(municipio=models.F("origem")), name="origem_nao_e_o_proprio"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.municipio.nome} ← {self.origem.nome}"
