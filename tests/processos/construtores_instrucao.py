"""A instrução nos testes (Art. 2º; Art. 21): a tabela do VA da SEFAZ, o município de
origem padrão, os ofícios e as certidões que atendem ao Art. 2º e ao § 1º."""

import hashlib
from decimal import Decimal

from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from instrucao import prazos_abertos
from instrucao.models import Certidao, FiguraCertidao, Oficio
from instrucao.services import DadosCertidao, registrar_resposta
from requisitos.models import Municipio, ValorAdicionado
from tests.processos.construtores_rito import PASSADO
from tests.representacao.construtores import (
    pdf_real,
)

# Município de origem padrão dos processos de teste e os números das certidões que atendem
# ao Art. 2º (I-VI) e ao § 1º; a média do VA vem da tabela de 2024 semeada por
# `semear_tabela_va` (dez municípios de 1 a 10 milhões: média 5,5 milhões).
ORIGEM_PADRAO = {"codigo_ibge": 5107925, "nome": "Sorriso"}
# Art. 2º, IV: o VA do último exercício encerrado antes do parecer (o ano anterior ao de hoje).
ANO_VA = timezone.localdate().year - 1
FIGURAS_ART2 = {
    "exercicio_va": ANO_VA,
    "populacao": 4000,
    "eleitores": 800,
    "casas_centro_urbano": 201,
    "valor_adicionado": Decimal("5500000.01"),
    "continuidade_territorial": True,
    "remanescentes": [
        ORIGEM_PADRAO
        | {
            "populacao": 60000,
            "eleitores": 40000,
            "casas_centro_urbano": 9000,
            "valor_adicionado": Decimal("900000000"),
        }
    ],
}


def semear_tabela_va(exercicio: int = ANO_VA) -> None:
    """Tabela da SEFAZ do exercício (o último encerrado, por padrão) com dez municípios
    fictícios de 1 a 10 milhões (média: 5,5 milhões; Art. 2º, IV), completada com os demais."""
    if not ValorAdicionado.objects.filter(exercicio=exercicio).exists():
        for i in range(1, 11):
            municipio, _ = Municipio.objects.get_or_create(
                codigo_ibge=9900000 + i, defaults={"nome": f"Município fictício {i}"}
            )
            ValorAdicionado.objects.get_or_create(
                municipio=municipio, exercicio=exercicio, defaults={"valor": Decimal(i * 1_000_000)}
            )
    completar_tabela_va(exercicio)


def completar_tabela_va(exercicio: int = ANO_VA) -> None:
    """A tabela completa (todo município cadastrado, Art. 2º, IV): os que ainda não têm VA no
    exercício recebem um valor alto, fora dos dez menores (a média não muda)."""
    faltam = Municipio.objects.exclude(valores_adicionados__exercicio=exercicio)
    # Protocolos simultâneos (testes de concorrência) completam a mesma tabela: sem conflito.
    ValorAdicionado.objects.bulk_create(
        (ValorAdicionado(municipio=m, exercicio=exercicio, valor=Decimal(10**12)) for m in faltam),
        ignore_conflicts=True,
    )


def origem_padrao() -> Municipio:
    municipio, _ = Municipio.objects.get_or_create(
        codigo_ibge=ORIGEM_PADRAO["codigo_ibge"], defaults={"nome": ORIGEM_PADRAO["nome"]}
    )
    return municipio


# Órgãos a que cada tipo oficia (Art. 2º; Art. 8º; Art. 10, I), escritos aqui por extenso.
ORGAOS_POR_TIPO = {
    "criacao": ("cartografia", "tre", "sefaz"),
    "extincao": ("cartografia", "tre", "sefaz"),
    "revisao_limites": ("cartografia",),
}
INCISOS = {"cartografia": "I, III e VI", "tre": "II", "sefaz": "IV"}
# Uma certidão de verdade: o pypdf a abre e conta uma página (só "%PDF-" não basta).
PDF_MINIMO = pdf_real()


def certidao_pdf(nome: str = "certidao.pdf", conteudo: bytes = PDF_MINIMO):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


def semear_oficios(processo, usuario, *, respondidos: bool) -> list[Oficio]:
    """Ofícios gravados direto no banco, como se enviados (e respondidos) em PASSADO."""
    completar_tabela_va()  # os municípios criados depois do protocolo (Art. 2º, IV)
    resposta = {"respondido_em": PASSADO} if respondidos else {}
    oficios = [
        Oficio.objects.create(
            processo=processo,
            orgao=orgao,
            incisos=INCISOS[orgao],
            numero=f"S{processo.pk}-{orgao}",
            enviado_em=PASSADO,
            criado_por=usuario,
            **resposta,
        )
        for orgao in ORGAOS_POR_TIPO[processo.tipo]
    ]
    for oficio in oficios if respondidos else ():
        dados = dados_certidao(oficio, data=PASSADO)
        certidao = Certidao.objects.create(
            oficio=oficio,
            numero=f"C-{oficio.numero}",
            data=PASSADO,
            arquivo=ContentFile(PDF_MINIMO, name="certidao.pdf"),
            sha256=hashlib.sha256(PDF_MINIMO).hexdigest(),
            exercicio=dados.exercicio,
            registrada_por=usuario,
        )
        for chave, campos in dados.figuras.items():
            municipio = None if chave == "area" else Municipio.objects.get(codigo_ibge=chave[1:])
            FiguraCertidao.objects.create(
                certidao=certidao, chave=chave, municipio=municipio, **campos
            )
    # Como o ato que os faz nascer: os sem AR somados (instrucao.prazos_abertos).
    prazos_abertos.sincronizar(processo.pk)
    return oficios


# O que cada órgão certifica nos processos de teste (atende ao Art. 2º e ao § 1º): os
# números de FIGURAS_ART2, a área de 310,5 km² e 12,5 % do índice do ICMS de cada origem.
AREA_KM2 = Decimal("310.500")
PARTICIPACAO_ICMS = Decimal("12.5")


def figuras_da_unidade(unidade, figuras: dict = FIGURAS_ART2) -> dict:
    """Os números de `figuras` (no formato de FIGURAS_ART2) para uma unidade pedida."""
    if unidade.e_area:
        fonte = figuras | {"area_km2": AREA_KM2}
    else:
        remanescentes = {r.get("codigo_ibge"): r for r in figuras["remanescentes"]}
        fonte = remanescentes.get(unidade.municipio.codigo_ibge, figuras["remanescentes"][0])
        fonte = {
            "continuidade_territorial": figuras["continuidade_territorial"],
            "area_km2": AREA_KM2 * 10,
            "participacao_icms": PARTICIPACAO_ICMS,
        } | fonte
    return {campo: fonte.get(campo) for campo in unidade.campos}


def dados_certidao(
    oficio, figuras: dict = FIGURAS_ART2, *, numero=None, data=None, arquivo=None, **troca
):
    """A certidão que responde ao ofício com os números de `figuras` (todos os pedidos);
    `troca` substitui os números de uma unidade ({"area": {...}})."""
    from instrucao import certidoes

    if figuras is FIGURAS_ART2 and oficio.processo.tipo == "extincao":
        # Art. 10, III (`instruir_extincao`): o TRE certifica os 199 eleitores do município.
        figuras = FIGURAS_ART2 | {"eleitores": 199}
    unidades = certidoes.unidades_pedidas(oficio.processo, oficio.orgao)
    exercicio = (
        figuras["exercicio_va"] if certidoes.pede_exercicio(oficio.processo, oficio.orgao) else None
    )
    return DadosCertidao(
        arquivo=arquivo or certidao_pdf(),
        numero=numero or f"{oficio.orgao.upper()}-{oficio.pk}/2026",
        data=data or timezone.localdate(),
        exercicio=troca.pop("exercicio", exercicio),
        figuras={u.chave: figuras_da_unidade(u, figuras) for u in unidades} | troca,
    )


def responder_oficios(processo, usuario, *, orgaos=None, figuras: dict = FIGURAS_ART2) -> None:
    """Registra, pelo serviço, a resposta de cada ofício vigente em aberto (ou só dos
    `orgaos` dados), com a certidão e todos os números que o ofício pede."""
    completar_tabela_va()  # os municípios criados depois do protocolo (Art. 2º, IV)
    abertos = processo.oficios.vigentes().filter(respondido_em__isnull=True)
    if orgaos:
        abertos = abertos.filter(orgao__in=orgaos)
    for oficio in abertos.select_related("processo"):
        registrar_resposta(
            oficio_id=oficio.pk,
            usuario=usuario,
            respondido_em=timezone.localdate(),
            certidao=dados_certidao(oficio, figuras),
        )
