"""As origens dos municípios (de qual foram desmembrados), carregadas de uma tabela com a lei
de criação e a fonte — o dado de que o Art. 10, § 1º, precisa — e lidas de volta."""

import csv
import io

from django.db import transaction
from django.utils import timezone

from requisitos.models import Municipio
from territorio.models import OrigemMunicipal

COMANDO = "manage.py carregar_origens"


class OrigensRecusadas(ValueError):
    pass


def ler_tabela(texto: str) -> list[tuple[int, int, str]]:
    """(código IBGE, código IBGE da origem, lei de criação) de cada linha da tabela."""
    linhas = list(csv.DictReader(io.StringIO(texto.lstrip("\ufeff"))))
    if not linhas or not {"codigo_ibge", "codigo_ibge_origem"} <= set(linhas[0]):
        raise OrigensRecusadas(
            "A tabela precisa das colunas codigo_ibge e codigo_ibge_origem (e, se houver, "
            "lei_de_criacao)."
        )
    pares = []
    for numero, linha in enumerate(linhas, start=2):
        try:
            codigo, origem = int(linha["codigo_ibge"]), int(linha["codigo_ibge_origem"])
        except (TypeError, ValueError) as exc:
            raise OrigensRecusadas(f"Linha {numero} da tabela: código IBGE ilegível.") from exc
        if codigo == origem:
            raise OrigensRecusadas(
                f"Linha {numero} da tabela: o município {codigo} não é origem de si mesmo."
            )
        pares.append((codigo, origem, (linha.get("lei_de_criacao") or "").strip()[:200]))
    return pares


def carregar_origens(*, tabela: str, fonte: str) -> int:
    """Grava as origens da tabela. Os municípios que nela aparecem têm as origens
    substituídas pelas da tabela (rodar de novo não duplica); os outros ficam como estão.
    Tudo ou nada: uma linha ruim não grava nenhuma."""
    if not fonte.strip():
        raise OrigensRecusadas("Informe a fonte das origens (p.ex. as leis de criação).")
    pares = ler_tabela(tabela)
    codigos = {c for par in pares for c in par[:2]}
    municipios = Municipio.objects.in_bulk(codigos, field_name="codigo_ibge")
    faltam = sorted(str(c) for c in codigos if c not in municipios)
    if faltam:
        raise OrigensRecusadas(
            "Códigos que não estão no cadastro de municípios (rode antes `manage.py "
            f"carregar_municipios`): {', '.join(faltam)}."
        )
    agora = timezone.now()
    with transaction.atomic():
        OrigemMunicipal.objects.filter(
            municipio__codigo_ibge__in={codigo for codigo, _, _ in pares}
        ).delete()
        OrigemMunicipal.objects.bulk_create(
            OrigemMunicipal(
                municipio=municipios[codigo],
                origem=municipios[origem],
                lei_de_criacao=lei,
                fonte=fonte.strip()[:300],
                carregada_em=agora,
            )
            for codigo, origem, lei in dict.fromkeys(pares)
        )
    return len(set(pares))


def origens_de(municipios) -> list[OrigemMunicipal]:
    """As origens registradas dos municípios, com os nomes (uma consulta)."""
    return list(
        OrigemMunicipal.objects.filter(municipio__in=list(municipios)).select_related(
            "municipio", "origem"
        )
    )
