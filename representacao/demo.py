"""A representação dos processos de demonstração (só `carregar_demo`, em DEBUG): assinaturas
importadas de um CSV gerado, com títulos fictícios de dígitos válidos (UF 18, Mato Grosso),
e um PDF por documento obrigatório do Art. 15 — pelos mesmos serviços da tela."""

import io
from datetime import date

from django.core.files.uploadedfile import SimpleUploadedFile

from documentos.pdf import render_pdf
from representacao import assinaturas as lista
from representacao import checklist, documentos
from representacao.models import DadosRepresentacao
from representacao.titulo import digitos_verificadores

UF_MT = "18"


def _csv(processo, quantas: int) -> bytes:
    linhas = ["nome;titulo_eleitor;zona;secao;reside_na_area;firma_reconhecida"]
    for i in range(quantas):
        base = f"{(processo.pk * 10_000 + i) % 100_000_000:08d}{UF_MT}"
        titulo = base + digitos_verificadores(base)
        linhas.append(f"Eleitor(a) fictício(a) nº {i + 1};{titulo};12;{i % 300 + 1};sim;sim")
    return "\n".join(linhas).encode()


def _pdf(processo, rotulo: str) -> bytes:
    contexto = {"processo": processo, "rotulo": rotulo}
    return render_pdf("pdf/documento_demonstracao.html", contexto, minuta=True)


def instruir(
    processo, usuario, *, assinaturas: int = 0, camara=None, camara_data: date | None = None
) -> None:
    """`camara` = (membros, votos favoráveis), votados em `camara_data` (Art. 6º, § 2º)."""
    if assinaturas:
        relatorio = lista.importar_csv(
            processo=processo,
            usuario=usuario,
            arquivo=io.BytesIO(_csv(processo, assinaturas)),
            nome_arquivo="assinaturas-demonstracao.csv",
        )
        assert relatorio.aceito, relatorio.mensagem
    for item in checklist.itens_do_tipo(processo.tipo):
        if item.obrigatorio:
            documentos.enviar_documento(
                processo=processo,
                usuario=usuario,
                item=item.codigo,
                arquivo=SimpleUploadedFile(f"{item.codigo}.pdf", _pdf(processo, item.rotulo)),
            )
    if camara:
        membros, votos = camara
        DadosRepresentacao.objects.create(
            processo=processo,
            camara_membros=membros,
            camara_votos_favoraveis=votos,
            camara_sessao="Sessão extraordinária (fictícia)",
            camara_data=camara_data or processo.data_leitura_expediente,
            registrado_por=usuario,
        )
