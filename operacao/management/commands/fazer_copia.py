"""Cópia de segurança do banco (pg_dump -Fc) e dos arquivos guardados (MEDIA_ROOT em
.tar.gz) numa pasta: `manage.py fazer_copia --destino /copias`. Com os arquivos no S3, só o
banco: os arquivos ficam com o versionamento e a replicação do próprio bucket."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from operacao.copia import fazer_copia
from operacao.postgres import FalhaOperacao


class Command(BaseCommand):
    help = "Copia o banco (pg_dump -Fc) e a pasta dos arquivos guardados para --destino."

    def add_arguments(self, parser):
        parser.add_argument("--destino", required=True, type=Path, help="Pasta das cópias.")

    def handle(self, *args, destino: Path, **opcoes):
        try:
            copia = fazer_copia(destino=destino)
        except FalhaOperacao as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Banco: {copia.banco} ({copia.banco.stat().st_size} bytes)")
        if copia.midia is None:
            self.stdout.write(
                "Arquivos: no S3 (EMANCIPACAO_S3_BUCKET) — copiados pelo versionamento e pela "
                "replicação do bucket, não por este comando."
            )
        else:
            self.stdout.write(f"Arquivos: {copia.midia} ({copia.midia.stat().st_size} bytes)")
