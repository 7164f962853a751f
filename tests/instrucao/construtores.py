"""Processos da instrução para os testes das certidões: à espera das respostas, com um ou
dois municípios de origem."""

from decimal import Decimal

from requisitos.models import Municipio
from tests.processos.construtores import FIGURAS_ART2, processo_no_estado


def aguardando(operador, **campos):
    return processo_no_estado(
        operador, "criacao", "aguardando_certidoes", certidoes_respondidas=False, **campos
    )


def oficio_do_orgao(processo, orgao):
    return processo.oficios.vigentes().select_related("processo").get(orgao=orgao)


def dois_municipios():
    sorriso, _ = Municipio.objects.get_or_create(codigo_ibge=5107925, defaults={"nome": "Sorriso"})
    tapurah, _ = Municipio.objects.get_or_create(codigo_ibge=5108006, defaults={"nome": "Tapurah"})
    return sorriso, tapurah


def com_tapurah(**tapurah) -> dict:
    """FIGURAS_ART2 com um segundo município de origem, Tapurah, cujos números vêm de
    `tapurah` (por padrão, atende a tudo)."""
    base = {"codigo_ibge": 5108006, "nome": "Tapurah", "populacao": 9000, "eleitores": 5000}
    base |= {"casas_centro_urbano": 900, "valor_adicionado": Decimal("90000000")} | tapurah
    return FIGURAS_ART2 | {"remanescentes": [*FIGURAS_ART2["remanescentes"], base]}
