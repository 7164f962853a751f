"""Integridade dos arquivos armazenados: todo arquivo é relido e conferido com o SHA-256
registrado a cada vez que sai do sistema — servido à equipe, ao Deputado ou ao portal,
atestado pelo /validar/ ou juntado à cópia integral (Art. 19, § 1º).

Um arquivo alterado no disco (ou perdido) não é servido nem atestado: quem pediu recebe a
recusa, o fato vai ao log (ERROR) e fica em `FalhaIntegridade`, que o admin lista. O
registro é feito na transação de quem detectou: se ela é desfeita (a cópia integral recusada
desfaz o ato inteiro), sobra o log — e o `verificar_integridade` do cron registra de novo.

O resumo é calculado sobre o mesmo arquivo aberto que depois é servido (`abrir_conferido`),
em blocos de 1 MiB: a memória não cresce com o tamanho do arquivo.
"""

import logging

from django.db import DatabaseError, transaction
from django.db.models.fields.files import FieldFile
from django.utils import timezone

from documentos.arquivos import resumo_sha256
from documentos.models import FalhaIntegridade

logger = logging.getLogger(__name__)


class ArquivoViolado(Exception):
    """O arquivo armazenado não confere (ou sumiu); `falha` diz qual e como."""

    def __init__(self, falha: FalhaIntegridade):
        super().__init__(f"{falha.objeto}: {falha.descricao}")
        self.falha = falha


def _abrir(arquivo: FieldFile):
    if not arquivo.name:
        return None
    try:
        return arquivo.storage.open(arquivo.name, "rb")
    except (OSError, ValueError):
        return None


def abrir_conferido(arquivo: FieldFile, registrado: str, *, objeto: str, porta: str):
    """O arquivo aberto (no início), depois de conferido; `ArquivoViolado` se não confere.
    Quem recebe fecha o arquivo (o FileResponse o faz ao terminar de enviar)."""
    aberto = _abrir(arquivo)
    encontrado = None
    if aberto is not None:
        try:
            encontrado = resumo_sha256(aberto)
        except (OSError, ValueError):
            encontrado = None
        if encontrado == registrado:
            aberto.seek(0)
            return aberto
        aberto.close()
    raise ArquivoViolado(_registrar(arquivo.name, registrado, encontrado, objeto, porta))


def conferir(
    arquivo: FieldFile, registrado: str, *, objeto: str, porta: str
) -> FalhaIntegridade | None:
    """None se o arquivo confere; senão, a falha (já registrada e no log)."""
    try:
        abrir_conferido(arquivo, registrado, objeto=objeto, porta=porta).close()
    except ArquivoViolado as exc:
        return exc.falha
    return None


def _registrar(nome, registrado, encontrado, objeto, porta) -> FalhaIntegridade:
    if encontrado is None:
        logger.error(
            "%s: arquivo armazenado ausente ou ilegível: %s (detectado em: %s)",
            objeto,
            nome,
            porta,
        )
    else:
        logger.error(
            "%s: SHA-256 do arquivo armazenado (%s) difere do registrado (%s): %s "
            "(detectado em: %s)",
            objeto,
            encontrado,
            registrado,
            nome,
            porta,
        )
    chave = {
        "arquivo": (nome or "")[:200],
        "sha256_registrado": registrado,
        "sha256_encontrado": encontrado or "",
    }
    dados = {"objeto": objeto[:200], "porta": porta[:60], "detectada_em": timezone.now()}
    try:
        # Savepoint próprio: uma falha ao registrar não estraga a transação de quem lê.
        with transaction.atomic():
            falha, _ = FalhaIntegridade.objects.get_or_create(**chave, defaults=dados)
    except DatabaseError:
        logger.exception("Não foi possível registrar a falha de integridade de %s", objeto)
        falha = FalhaIntegridade(**chave, **dados)
    return falha
