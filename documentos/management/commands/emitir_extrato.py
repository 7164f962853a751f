"""Emite o extrato de um processo pela linha de comando (trabalho em lote), como documento
verificável: grava o registro, copia o PDF para --saida e imprime o código."""

import shutil

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from documentos.emissao import emitir_extrato
from processos.models import Processo


class Command(BaseCommand):
    help = "Emite o extrato do processo NUMERO (0003/2026) e imprime o código de verificação."

    def add_arguments(self, parser):
        parser.add_argument("numero", help="Número do processo: 0003/2026 ou 0003-2026")
        parser.add_argument("--saida", required=True, help="Arquivo PDF a gravar")
        parser.add_argument("--usuario", help="Login de quem emite (padrão: emissão automática)")

    def handle(self, *args, numero, saida, usuario=None, **opcoes):
        processo = _processo(numero)
        emitente = None
        if usuario:
            emitente = get_user_model().objects.filter(username=usuario).first()
            if emitente is None:
                raise CommandError(f"Usuário desconhecido: {usuario}")
        documento = emitir_extrato(processo, usuario=emitente)
        with documento.arquivo.open("rb") as origem, open(saida, "wb") as destino:
            shutil.copyfileobj(origem, destino)
        self.stderr.write(
            f"Extrato do Processo nº {processo.protocolo} gravado em {saida} "
            f"({documento.paginas} página(s), versão {documento.versao})."
        )
        self.stdout.write(documento.codigo)


def _processo(numero: str) -> Processo:
    texto = numero.strip().replace("-", "/")
    try:
        parte_numero, parte_ano = texto.split("/")
        return Processo.objects.get(numero=int(parte_numero), ano=int(parte_ano))
    except (ValueError, Processo.DoesNotExist) as exc:
        raise CommandError(
            f"Processo não encontrado: {numero}. Informe no formato 0003/2026."
        ) from exc
