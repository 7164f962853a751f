"""Importa a tabela de valor adicionado da SEFAZ (Art. 2º, IV): todos os municípios do
Estado, por exercício. Nada é gravado se alguma linha tiver erro."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from requisitos.importacao import ImportacaoRecusada, importar_valores_adicionados


class Command(BaseCommand):
    help = "Importa o CSV codigo_ibge;exercicio;valor_adicionado da SEFAZ."

    def add_arguments(self, parser):
        parser.add_argument("arquivo", type=Path, help="CSV (UTF-8 ou Latin-1; ';' ou ',')")
        parser.add_argument("--fonte", default="SEFAZ-MT", help="fonte registrada em cada valor")

    def handle(self, *args, **opcoes):
        caminho: Path = opcoes["arquivo"]
        if not caminho.is_file():
            raise CommandError(f"Arquivo não encontrado: {caminho}")
        try:
            resultado = importar_valores_adicionados(caminho.read_bytes(), opcoes["fonte"])
        except ImportacaoRecusada as exc:
            raise CommandError("CSV recusado; nada foi gravado.\n" + "\n".join(exc.erros)) from None
        self.stdout.write(self.style.SUCCESS(resultado.resumo()))
