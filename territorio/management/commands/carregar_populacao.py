"""Carrega ou atualiza só a população de uma edição da malha já carregada: a estimativa de um
ano da API SIDRA do IBGE (`--baixar --ano 2025`, base em EMANCIPACAO_POPULACAO_IBGE_URL) ou de
um arquivo local (a resposta JSON da SIDRA salva noutra máquina, ou um CSV com `codigo_ibge` e
`populacao`). Todos os municípios da edição ou nenhum; a geometria, a área oficial e as
conferências já calculadas ficam como estão. Rodar de novo é seguro."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from territorio.malha import MalhaRecusada, PopulacaoLida, edicao_vigente, gravar_populacao
from territorio.models import EdicaoDaMalha
from territorio.populacao_ibge import PopulacaoRecusada, baixar_populacao, ler_arquivo


class Command(BaseCommand):
    help = "Carrega a população (estimativa do IBGE) numa edição da malha já carregada."

    def add_arguments(self, parser):
        parser.add_argument(
            "arquivo", type=Path, nargs="?", help=".json da SIDRA ou .csv (codigo_ibge,populacao)"
        )
        parser.add_argument(
            "--baixar",
            action="store_true",
            help="busca na API SIDRA do IBGE (EMANCIPACAO_POPULACAO_IBGE_URL)",
        )
        parser.add_argument("--ano", type=int, required=True, help="ano da estimativa, p.ex. 2025")
        parser.add_argument(
            "--edicao", help="edição da malha que recebe a população (padrão: a vigente)"
        )
        parser.add_argument("--fonte", default="", help="fonte a citar (padrão: a da origem)")

    def handle(self, *args, **opcoes):
        edicao = self._edicao(opcoes["edicao"])
        ano = opcoes["ano"]
        if not 1900 <= ano <= 2200:
            raise CommandError(f"Ano da estimativa fora do esperado: {ano}.")
        if opcoes["baixar"] == (opcoes["arquivo"] is not None):
            raise CommandError("Informe o arquivo da população ou use --baixar (um dos dois).")
        try:
            if opcoes["baixar"]:
                valores, fonte = baixar_populacao(settings.POPULACAO_IBGE_URL, ano)
            else:
                valores, fonte = ler_arquivo(opcoes["arquivo"], ano)
            fonte = opcoes["fonte"].strip() or fonte
            total = gravar_populacao(
                edicao=edicao, populacao=PopulacaoLida(valores=valores, ano=ano, fonte=fonte)
            )
        except (PopulacaoRecusada, MalhaRecusada) as exc:
            raise CommandError(str(exc)) from exc
        if opcoes["verbosity"]:
            self.stdout.write(f"Malha {edicao.nome}: população de {total} municípios ({fonte}).")

    def _edicao(self, nome: str | None) -> EdicaoDaMalha:
        edicao = (
            EdicaoDaMalha.objects.filter(nome=nome.strip()).first() if nome else edicao_vigente()
        )
        if edicao is None and nome:
            carregadas = ", ".join(EdicaoDaMalha.objects.values_list("nome", flat=True))
            raise CommandError(
                f"A edição {nome} da malha não está carregada (carregadas: "
                f"{carregadas or 'nenhuma'}); rode antes `manage.py carregar_malha`."
            )
        if edicao is None:
            raise CommandError(
                "Nenhuma edição da malha carregada: rode antes `manage.py carregar_malha`."
            )
        return edicao
