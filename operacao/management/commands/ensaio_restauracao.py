"""Ensaio de restauração (ver operacao.restauracao): `manage.py ensaio_restauracao --copia
banco-AAAAMMDD-HHMMSS.dump --midia midia-AAAAMMDD-HHMMSS.tar.gz`. Restaura num banco
descartável no mesmo servidor PostgreSQL, confere o SHA-256 de cada arquivo registrado contra
os arquivos restaurados, imprime o relatório e apaga o banco do ensaio. Termina com erro
(código 1) se a cópia não restaura ou se algum arquivo não confere."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from operacao.postgres import FalhaOperacao
from operacao.restauracao import Relatorio, ensaiar_restauracao


class Command(BaseCommand):
    help = (
        "Restaura uma cópia (pg_dump -Fc + arquivos) num banco descartável e confere que "
        "todo documento ainda valida; termina com erro se algum não confere."
    )

    def add_arguments(self, parser):
        parser.add_argument("--copia", required=True, type=Path, help="Arquivo do pg_dump -Fc.")
        parser.add_argument(
            "--midia",
            required=True,
            type=Path,
            help="Pasta dos arquivos restaurados, ou o .tar.gz feito por fazer_copia.",
        )
        parser.add_argument(
            "--banco",
            default="",
            help="Nome do banco descartável (padrão: emancipacao_ensaio_AAAAMMDDHHMMSS).",
        )
        parser.add_argument(
            "--manter", action="store_true", help="Não apaga o banco do ensaio ao terminar."
        )

    def handle(self, *args, copia: Path, midia: Path, banco: str, manter: bool, **opcoes):
        banco = banco or f"emancipacao_ensaio_{timezone.localtime():%Y%m%d%H%M%S}"
        try:
            relatorio = ensaiar_restauracao(
                copia=copia, midia=midia, banco=banco, manter=manter, avisar=self.stdout.write
            )
        except FalhaOperacao as exc:
            raise CommandError(f"Ensaio de restauração falhou: {exc}") from exc
        self._relatar(relatorio, manter=manter)
        if not relatorio.aprovado:
            raise CommandError(
                f"Ensaio de restauração REPROVADO: {len(relatorio.problemas)} arquivo(s) não "
                "conferem com o banco restaurado. Esta cópia não restaura os documentos."
            )

    def _relatar(self, relatorio: Relatorio, *, manter: bool) -> None:
        escrever = self.stdout.write
        escrever(f"Banco restaurado em {relatorio.segundos_restauracao:.1f} s: {relatorio.banco}")
        for rotulo, quantos in relatorio.contagens.items():
            escrever(f"  {rotulo}: {quantos}")
        for aviso in relatorio.avisos:
            escrever(f"AVISO {aviso}")
        for problema in relatorio.problemas:
            escrever(f"PROBLEMA {problema}")
        escrever(
            f"{relatorio.conferidos} arquivos conferidos em {relatorio.segundos_conferencia:.1f}"
            f" s; {len(relatorio.problemas)} com problema."
        )
        if manter:
            escrever(f"Banco do ensaio mantido: {relatorio.banco} (apague com dropdb).")
        if relatorio.aprovado:
            escrever("Ensaio de restauração APROVADO: todos os documentos validam.")
