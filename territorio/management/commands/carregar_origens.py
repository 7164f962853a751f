"""Carrega as origens dos municípios (de qual cada um foi desmembrado): uma tabela CSV com
`codigo_ibge`, `codigo_ibge_origem` e `lei_de_criacao`, uma linha por origem, e a fonte.
O Art. 10, § 1º, lê-as: o município extinto volta a pertencer ao de sua origem."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from territorio.origens import OrigensRecusadas, carregar_origens


class Command(BaseCommand):
    help = "Carrega as origens dos municípios (tabela CSV com a lei de criação e a fonte)."

    def add_arguments(self, parser):
        parser.add_argument("tabela", type=Path, help="CSV: codigo_ibge,codigo_ibge_origem,...")
        parser.add_argument("--fonte", required=True, help="fonte a citar (p.ex. as leis)")

    def handle(self, *args, **opcoes):
        caminho = opcoes["tabela"]
        if not caminho.is_file():
            raise CommandError(f"Tabela de origens não encontrada: {caminho}.")
        try:
            total = carregar_origens(
                tabela=caminho.read_text(encoding="utf-8"), fonte=opcoes["fonte"]
            )
        except (OrigensRecusadas, UnicodeDecodeError) as exc:
            raise CommandError(str(exc)) from exc
        if opcoes["verbosity"]:
            self.stdout.write(f"Origens carregadas: {total} ({opcoes['fonte'].strip()}).")
