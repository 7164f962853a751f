"""Carrega uma edição da malha municipal de MT: o GeoJSON do IBGE (uma feição por município,
com `codigo_ibge`) e a tabela de áreas oficiais e população (CSV com `codigo_ibge`,
`area_km2`, `populacao_censo_2022`) — de uma pasta, ou baixados do serviço oficial do IBGE
com `--baixar` (territorio.malha_ibge), a população junto, da API SIDRA
(territorio.populacao_ibge; a estimativa do ano da edição ou a de `--ano-populacao`; da pasta,
`--ano-populacao` lê a coluna `populacao_estimada_<ano>` da tabela em vez do censo). Rodar
de novo a mesma edição a substitui; nada é gravado se a malha ou a população forem recusadas."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from territorio.malha import MalhaRecusada, PopulacaoLida, carregar_malha
from territorio.malha_ibge import MalhaIndisponivel, baixar, converter, url_da_malha
from territorio.populacao_ibge import PopulacaoRecusada, baixar_populacao, ler_arquivo


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
        parser.add_argument(
            "caminho", type=Path, nargs="?", help="pasta ou arquivo .geojson da malha"
        )
        parser.add_argument(
            "--baixar",
            action="store_true",
            help="baixa o shapefile da edição do serviço do IBGE (EMANCIPACAO_MALHA_IBGE_URL)",
        )
        parser.add_argument("--edicao", required=True, help="nome da edição, p.ex. 2024")
        parser.add_argument("--csv", type=Path, help="tabela de áreas oficiais e população")
        parser.add_argument("--fonte", default="", help="fonte a citar (padrão: a do arquivo)")
        parser.add_argument(
            "--ano-populacao",
            type=int,
            help="o ano da estimativa da população: com --baixar, na SIDRA (padrão: o da "
            "edição); de uma pasta, a coluna populacao_estimada_ANO da tabela (padrão: o censo)",
        )
        parser.add_argument(
            "--sem-populacao",
            action="store_true",
            help="com --baixar: não busca a população (carregue depois com carregar_populacao)",
        )

    def handle(self, *args, **opcoes):
        edicao = opcoes["edicao"].strip()
        ano = int(edicao[:4]) if edicao[:4].isdigit() else 0
        populacao = None
        if opcoes["baixar"]:
            geojson, tabela, fonte = self._baixar(ano, opcoes["fonte"])
            if not opcoes["sem_populacao"]:
                populacao = self._baixar_populacao(opcoes["ano_populacao"] or ano)
        elif opcoes["caminho"] is None:
            raise CommandError("Informe a pasta da malha ou use --baixar --edicao ANO.")
        else:
            arquivo, csv = localizar(opcoes["caminho"], opcoes["csv"])
            geojson, fonte = arquivo.read_bytes(), opcoes["fonte"]
            try:
                tabela = csv.read_text(encoding="utf-8")
            except UnicodeDecodeError as exc:
                raise CommandError(str(exc)) from exc
            if opcoes["ano_populacao"]:
                populacao = self._populacao_da_tabela(csv, opcoes["ano_populacao"])
        try:
            registro, total = carregar_malha(
                geojson=geojson,
                tabela=tabela,
                edicao=edicao,
                ano=ano,
                fonte=fonte,
                populacao=populacao,
            )
        except (MalhaRecusada, UnicodeDecodeError) as exc:
            raise CommandError(str(exc)) from exc
        if opcoes["verbosity"]:
            self.stdout.write(f"Malha {registro.nome}: {total} municípios ({registro.fonte}).")
            if populacao is not None:
                self.stdout.write(f"População: {populacao.fonte}.")

    def _baixar(self, ano: int, fonte: str) -> tuple[bytes, str, str]:
        if not ano:
            raise CommandError("Com --baixar, a edição é o ano da malha: --edicao 2024.")
        url = url_da_malha(settings.MALHA_IBGE_URL, ano)
        fonte = fonte or f"IBGE — Malha Municipal Digital {ano} e Áreas Territoriais {ano} ({url})"
        try:
            geojson, tabela = converter(baixar(url), fonte=fonte)
        except MalhaIndisponivel as exc:
            raise CommandError(str(exc)) from exc
        return geojson, tabela, fonte

    def _baixar_populacao(self, ano: int) -> PopulacaoLida:
        try:
            valores, fonte = baixar_populacao(settings.POPULACAO_IBGE_URL, ano)
        except PopulacaoRecusada as exc:
            raise CommandError(
                f"{exc} A malha não foi gravada: escolha outro ano com --ano-populacao ou "
                "carregue sem a população com --sem-populacao."
            ) from exc
        return PopulacaoLida(valores=valores, ano=ano, fonte=fonte)

    def _populacao_da_tabela(self, tabela: Path, ano: int) -> PopulacaoLida:
        try:
            valores, fonte = ler_arquivo(tabela, ano)
        except PopulacaoRecusada as exc:
            raise CommandError(f"{exc} A malha não foi gravada.") from exc
        return PopulacaoLida(valores=valores, ano=ano, fonte=fonte)
