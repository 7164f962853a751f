"""Cópia de segurança: o banco (`pg_dump -Fc`) e os arquivos guardados (a pasta MEDIA_ROOT
num .tar.gz), lado a lado, com o mesmo carimbo de data e hora. Os dois são necessários: o
banco sem os arquivos restaura documentos que o /validar/ não atesta, os arquivos sem o
banco não têm o hash que os prova íntegros.

Cada arquivo é gravado com o sufixo `.parcial` e só renomeado no fim: uma cópia
interrompida (disco cheio, processo morto) nunca parece completa."""

import tarfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage, default_storage
from django.db import connections
from django.utils import timezone

from operacao.postgres import FalhaOperacao, executar, exigir_postgresql, exigir_programas


@dataclass(frozen=True)
class Copia:
    banco: Path
    midia: Path | None  # None quando os arquivos estão no S3 (copiados pelo próprio S3)


def _carimbo(agora: datetime | None = None) -> str:
    return timezone.localtime(agora).strftime("%Y%m%d-%H%M%S")


def copiar_banco(destino: Path, *, alias: str = "default", carimbo: str) -> Path:
    config = connections[alias].settings_dict
    exigir_postgresql(config)
    exigir_programas("pg_dump")
    final = destino / f"banco-{carimbo}.dump"
    parcial = final.with_name(final.name + ".parcial")
    executar(
        "pg_dump",
        ["--format=custom", "--no-owner", "--file", str(parcial), config["NAME"]],
        config,
        etapa="cópia do banco",
    )
    parcial.rename(final)
    return final


def copiar_midia(destino: Path, *, carimbo: str, raiz: Path | None = None) -> Path:
    """A pasta inteira dos arquivos guardados, com os caminhos relativos a ela (os mesmos
    que o banco registra)."""
    raiz = Path(raiz or settings.MEDIA_ROOT)
    final = destino / f"midia-{carimbo}.tar.gz"
    parcial = final.with_name(final.name + ".parcial")
    with tarfile.open(parcial, "w:gz") as pacote:
        if raiz.is_dir():
            for item in sorted(raiz.iterdir()):
                pacote.add(item, arcname=item.name)
    parcial.rename(final)
    return final


def fazer_copia(*, destino: Path, alias: str = "default", agora: datetime | None = None) -> Copia:
    destino = Path(destino)
    try:
        destino.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FalhaOperacao(f"Não foi possível criar a pasta de destino {destino}: {exc}") from exc
    carimbo = _carimbo(agora)
    banco = copiar_banco(destino, alias=alias, carimbo=carimbo)
    if not isinstance(default_storage, FileSystemStorage):
        return Copia(banco=banco, midia=None)
    return Copia(banco=banco, midia=copiar_midia(destino, carimbo=carimbo))
