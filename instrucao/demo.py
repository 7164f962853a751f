"""A instrução na demonstração (`carregar_demo`): o AR de cada ofício e as respostas da
Cartografia (completa) e do TRE (parcial: falta o eleitorado de um remanescente), pelos
mesmos serviços da tela — a página mostra a prévia parcial do Art. 2º e o que falta."""

from datetime import timedelta
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile

from documentos.pdf import render_pdf
from instrucao import certidoes
from instrucao.services import DadosCertidao, registrar_recebimento, registrar_resposta

NUMEROS = {
    "area": {
        "populacao": 5240,
        "casas_centro_urbano": 388,
        "continuidade_territorial": True,
        "area_km2": Decimal("1250.400"),
        "eleitores": 2980,
    },
    "remanescente": {
        "populacao": 11800,
        "casas_centro_urbano": 2100,
        "continuidade_territorial": True,
        "area_km2": Decimal("8420.000"),
        "eleitores": 7900,
    },
}


def _pdf(processo, rotulo: str) -> bytes:
    contexto = {"processo": processo, "rotulo": rotulo}
    return render_pdf("pdf/documento_demonstracao.html", contexto, minuta=True)


def responder_em_parte(processo, usuario, *, recebido_em) -> None:
    oficios = {o.orgao: o for o in processo.oficios.vigentes().select_related("processo")}
    for oficio in oficios.values():
        registrar_recebimento(oficio_id=oficio.pk, usuario=usuario, recebido_em=recebido_em)
    respondido = recebido_em + timedelta(days=12)
    for orgao, parcial in (("cartografia", False), ("tre", True)):
        oficio = oficios[orgao]
        unidades = certidoes.unidades_pedidas(processo, orgao)
        figuras = {}
        for indice, unidade in enumerate(unidades):
            fonte = NUMEROS["area" if unidade.e_area else "remanescente"]
            falta = parcial and indice == len(unidades) - 1
            figuras[unidade.chave] = {c: None if falta else fonte[c] for c in unidade.campos}
        rotulo = f"Certidão ({oficio.get_orgao_display()}) — demonstração"
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=usuario,
            respondido_em=respondido,
            certidao=DadosCertidao(
                arquivo=SimpleUploadedFile(f"certidao-{orgao}.pdf", _pdf(processo, rotulo)),
                numero=f"{orgao.upper()}-{oficio.pk}/{respondido.year}",
                data=respondido,
                figuras=figuras,
            ),
        )
