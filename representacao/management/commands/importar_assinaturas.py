"""Importa a lista de signatários (Art. 13) de um CSV pela linha de comando, com o mesmo
serviço e o mesmo relatório por linha da tela: tudo ou nada."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from processos.models import Processo
from processos.papeis import OPERADORES, tem_papel
from representacao.assinaturas import importar_csv


class Command(BaseCommand):
    help = (
        "Importa os signatários do CSV ARQUIVO no processo NUMERO (0001/2026). Recusado o "
        "arquivo, nada é gravado e o comando termina com erro."
    )

    def add_arguments(self, parser):
        parser.add_argument("numero", help="Número do processo: 0001/2026 ou 0001-2026")
        parser.add_argument("arquivo", help="Arquivo CSV (modelo na tela de assinaturas)")
        parser.add_argument(
            "--usuario",
            help="Login de quem importa, da CRT (padrão: o administrador mais antigo)",
        )

    def handle(self, *args, numero, arquivo, usuario=None, **opcoes):
        processo = _processo(numero)
        responsavel = _usuario(usuario)
        caminho = Path(arquivo)
        if not caminho.is_file():
            raise CommandError(f"Arquivo não encontrado: {arquivo}")
        with caminho.open("rb") as conteudo:
            relatorio = importar_csv(
                processo=processo,
                usuario=responsavel,
                arquivo=conteudo,
                nome_arquivo=caminho.name,
            )
        for problema in relatorio.problemas + relatorio.avisos:
            titulo = problema.titulo or "—"
            nome = problema.nome or "(sem nome)"
            self.stdout.write(f"Linha {problema.linha}\t{nome}\t{titulo}\t{problema.problema}")
        if not relatorio.aceito:
            raise CommandError(relatorio.mensagem)
        self.stdout.write(relatorio.mensagem)


def _processo(numero: str) -> Processo:
    texto = numero.strip().replace("-", "/")
    try:
        parte_numero, parte_ano = texto.split("/")
        return Processo.objects.get(numero=int(parte_numero), ano=int(parte_ano))
    except (ValueError, Processo.DoesNotExist) as exc:
        raise CommandError(
            f"Processo não encontrado: {numero}. Informe no formato 0001/2026."
        ) from exc


def _usuario(login: str | None):
    usuarios = get_user_model().objects.filter(is_active=True)
    if login is None:
        administrador = usuarios.filter(is_superuser=True).order_by("id").first()
        if administrador is None:
            raise CommandError("Informe quem importa: --usuario LOGIN (um usuário da CRT).")
        return administrador
    responsavel = usuarios.filter(username=login).first()
    if responsavel is None:
        raise CommandError(f"Usuário desconhecido ou inativo: {login}")
    if not (responsavel.is_superuser or tem_papel(responsavel, *OPERADORES)):
        raise CommandError(f"{login} não é da CRT: somente a CRT importa signatários (Art. 13).")
    return responsavel
