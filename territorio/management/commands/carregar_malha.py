"""Carrega uma edição da malha municipal de MT: o GeoJSON do IBGE (uma feição por município,
com `codigo_ibge`) e a tabela de áreas oficiais e população (CSV com `codigo_ibge`,
`area_km2`, `populacao_censo_2022`). Rodar de novo a mesma edição a substitui."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from territorio.malha import MalhaRecusada, carregar_malha


def localizar(caminho: Path, csv: Path | None) -> tuple[Path, Path]:
    if caminho.is_dir():
        geojsons = sorted(caminho.glob("*.geojson"))
        if len(geojsons) != 1:
            raise CommandError(
                f"A pasta {caminho} deve ter exatamente um arquivo .geojson da malha "
                f"(tem {len(geojsons)})."
            )
        caminho = geojsons[0]
    if not caminho.is_file():
        raise CommandError(f"Arquivo da malha não encontrado: {caminho}.")
    if csv is None:
        tabelas = sorted(caminho.parent.glob("*.csv"))
        if len(tabelas) != 1:
            raise CommandError(
                "Informe a tabela de áreas oficiais com --csv (a pasta da malha tem "
                f"{len(tabelas)} arquivos .csv)."
            )
        csv = tabelas[0]
    if not csv.is_file():
        raise CommandError(f"Tabela de áreas não encontrada: {csv}.")
    return caminho, csv


class Command(BaseCommand):
    help = "Carrega uma edição da malha municipal do IBGE (GeoJSON + áreas oficiais)."

    def add_arguments(self, parser):
        parser.add_argument("caminho", type=Path, help="pasta ou arquivo .geojson da malha")
        parser.add_argument("--edicao", required=True, help="nome da edição, p.ex. 2024")
        parser.add_argument("--csv", type=Path, help="tabela de áreas oficiais e população")
        parser.add_argument("--fonte", default="", help="fonte a citar (padrão: a do arquivo)")

    def handle(self, *args, **opcoes):
        geojson, csv = localizar(opcoes["caminho"], opcoes["csv"])
        edicao = opcoes["edicao"].strip()
        ano = int(edicao[:4]) if edicao[:4].isdigit() else 0
        try:
            registro, total = carregar_malha(
                geojson=geojson.read_bytes(),
                tabela=csv.read_text(encoding="utf-8"),
                edicao=edicao,
                ano=ano,
                fonte=opcoes["fonte"],
            )
        except (MalhaRecusada, UnicodeDecodeError) as exc:
            raise CommandError(str(exc)) from exc
        if opcoes["verbosity"]:
            self.stdout.write(f"Malha {registro.nome}: {total} municípios ({registro.fonte}).")
