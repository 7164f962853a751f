"""As peças da representação na cópia integral autenticada (Art. 19, § 1º): a lista dos
signatários, na ordem em que foram juntados, e a versão vigente de cada arquivo de cada
item do Art. 15 (todas as fotografias, o mapa e o memorial), cada uma com o hash conferido
antes de entrar nos autos."""

from django.utils import timezone

from documentos import conteudo as c
from documentos.copia_integral import Peca, no_armazenamento
from documentos.pdf import render_pdf
from processos.models import AtoRecusado
from representacao import assinaturas, documentos


def _lista_de_signatarios(processo) -> Peca | None:
    signatarios = list(assinaturas.signatarios_em_ordem(processo))
    if not signatarios:
        return None
    contexto = c.contexto_processo(processo) | {
        "signatarios": signatarios,
        "contagem": assinaturas.contagem(processo),
    }
    return Peca(
        titulo=f"Lista dos signatários da representação ({len(signatarios)}) — Art. 13",
        data=max(s.criado_em for s in signatarios),
        tipo_conteudo="application/pdf",
        dados=render_pdf("pdf/lista_signatarios.html", contexto),
        descricao="Gerada dos registros de assinaturas do processo",
    )


def _documento(vigente) -> Peca:
    if not documentos.conferir_hash(vigente):
        raise AtoRecusado(
            f"O arquivo “{vigente.nome_original}” ({vigente.get_item_display()}) não confere "
            "com o SHA-256 registrado no envio: a cópia integral não é emitida. Envie de novo "
            "o documento (nova versão deste arquivo) ou acione o suporte."
        )
    return Peca(
        titulo=(
            f"{vigente.get_item_display()} — arquivo {vigente.numero}: {vigente.nome_original} "
            f"(versão {vigente.versao})"
        ),
        data=timezone.localtime(vigente.enviado_em),
        tipo_conteudo=vigente.tipo_conteudo,
        **no_armazenamento(vigente.arquivo),
        descricao=f"Documento do Art. 15, SHA-256 {vigente.sha256}",
    )


def pecas_da_representacao(processo) -> list[Peca]:
    pecas = [_documento(d) for d in documentos.documentos_vigentes(processo)]
    lista = _lista_de_signatarios(processo)
    return pecas + ([lista] if lista else [])
