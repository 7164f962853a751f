"""A forma das respostas dos dados abertos, para o esquema OpenAPI (`/api/schema/`).
As respostas são montadas por `transparencia.dados_abertos`; um teste confere que as chaves
de uma e de outra são as mesmas."""

from rest_framework import serializers as s


class CodigoRotulo(s.Serializer):
    codigo = s.CharField(help_text="O código usado no banco, na API e na tela.")
    rotulo = s.CharField(help_text="O rótulo em pt-BR.")


class MunicipioOrigem(s.Serializer):
    codigo_ibge = s.IntegerField()
    nome = s.CharField()


class ProcessoResumo(s.Serializer):
    numero = s.CharField(help_text="Número do processo na URL: 0001-2026.")
    protocolo = s.CharField(help_text="Número de protocolo como exibido: 0001/2026.")
    titulo = s.CharField()
    tipo = CodigoRotulo()
    estado = CodigoRotulo()
    nome_proposto = s.CharField()
    municipios_origem = MunicipioOrigem(many=True)
    data_leitura_expediente = s.DateField(help_text="Data da leitura no expediente (Art. 13).")
    ultima_movimentacao = s.DateTimeField()
    url = s.URLField(help_text="Este processo na API.")
    url_portal = s.URLField(help_text="A página pública do processo.")


class ListaProcessos(s.Serializer):
    total = s.IntegerField()
    pagina = s.IntegerField()
    paginas = s.IntegerField()
    por_pagina = s.IntegerField()
    anterior = s.URLField(allow_null=True)
    proxima = s.URLField(allow_null=True)
    resultados = ProcessoResumo(many=True)


class Publicado(s.Serializer):
    numero = s.CharField()
    data_aprovacao = s.DateField(required=False, allow_null=True)
    data_sancao = s.DateField(required=False, allow_null=True)
    data_diario_oficial = s.DateField(allow_null=True)


class Andamento(s.Serializer):
    data = s.DateField()
    ato = CodigoRotulo()
    estado = CodigoRotulo(help_text="O estado em que o processo ficou.")


class Documento(s.Serializer):
    codigo_verificacao = s.CharField()
    tipo = CodigoRotulo()
    titulo = s.CharField()
    versao = s.IntegerField()
    emitido_em = s.DateTimeField()
    paginas = s.IntegerField()
    sha256 = s.CharField()
    liberado_em = s.DateField(
        allow_null=True, help_text="Data da liberação (Art. 23); nulo nos públicos por natureza."
    )
    url = s.URLField(help_text="Download público do PDF.")
    url_validacao = s.URLField(help_text="Página pública de validação do documento.")


class Justificativa(s.Serializer):
    data = s.DateField()
    ato = CodigoRotulo()
    texto = s.CharField()


class DetalhesLiberados(s.Serializer):
    liberado_em = s.DateField()
    resumo = s.CharField()
    justificativas = Justificativa(many=True)


class Plebiscito(s.Serializer):
    definitivo = s.BooleanField(
        help_text="Verdadeiro: o veredito gravado pelo parecer sobre o resultado (Art. 20, "
        "§ 1º); falso: a prévia com os parâmetros legais em vigor hoje."
    )
    aprovado = s.BooleanField(help_text="O veredito da regra que governa (Art. 11, § 2º).")
    regra = s.CharField()
    regra_rotulo = s.CharField()
    abrangencia = s.CharField()
    abrangencia_rotulo = s.CharField()
    unidades = s.ListField(child=s.DictField())
    totais = s.DictField()
    leituras = s.ListField(child=s.DictField())
    totais_sede = s.DictField(allow_null=True)
    leituras_sede = s.ListField(child=s.DictField(), allow_null=True)


class ProcessoDetalhe(ProcessoResumo):
    decreto_legislativo = Publicado(allow_null=True)
    lei = Publicado(allow_null=True)
    linha_do_tempo = Andamento(many=True)
    documentos = Documento(many=True)
    plebiscito = Plebiscito(allow_null=True)
    detalhes_liberados = DetalhesLiberados(
        allow_null=True, help_text="Resumo e justificativas, quando liberados (Art. 23)."
    )


class Erro(s.Serializer):
    detail = s.CharField(help_text="A mensagem de erro, em pt-BR.")
