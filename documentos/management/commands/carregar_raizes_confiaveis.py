"""Carrega as raízes confiáveis (e LCRs) contra as quais as assinaturas são validadas:
`manage.py carregar_raizes_confiaveis ARQUIVO.pem` (um PEM com vários certificados — a cadeia
da ICP-Brasil publicada pelo ITI, por exemplo — ou um certificado DER)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from documentos.assinatura import confianca


class Command(BaseCommand):
    help = "Carrega certificados raiz confiáveis (e LCRs) de um arquivo PEM ou DER."

    def add_arguments(self, parser):
        parser.add_argument("arquivo", help="PEM com um ou mais certificados/LCRs, ou um DER")

    def handle(self, *args, arquivo, **opcoes):
        try:
            conteudo = Path(arquivo).read_bytes()
        except OSError as erro:
            raise CommandError(f"Não foi possível ler {arquivo}: {erro.strerror}.") from erro
        try:
            novos, existentes = confianca.carregar(conteudo)
        except confianca.MaterialInvalido as erro:
            raise CommandError(f"{erro} Nada foi carregado.") from erro
        self.stdout.write(f"{novos} item(ns) carregado(s); {existentes} já estava(m) carregado(s).")
