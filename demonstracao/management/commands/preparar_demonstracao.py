"""`make run`, antes de servir: o banco local pronto para a demonstração, uma linha por etapa.

As migrações e as cargas rodam caladas (verbosity 0): quem roda `make run` quer a última
tela com o endereço e os usuários (o comando `servir`), não sessenta linhas de migração."""

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Migra o banco local, cria a tabela do cache e carrega municípios e demonstração."

    def handle(self, *args, **opcoes):
        if not settings.DEBUG:
            raise CommandError("A demonstração só roda no modo local (DJANGO_DEBUG=1).")
        etapas = [
            ("banco de dados (migrações)", "migrate", {"interactive": False}),
            ("tabela do cache", "createcachetable", {}),
            ("municípios de Mato Grosso", "carregar_municipios", {}),
            ("usuários e processos de demonstração", "carregar_demo", {}),
        ]
        for i, (descricao, comando, argumentos) in enumerate(etapas, 1):
            self.stdout.write(f"== demonstração ({i}/{len(etapas)}): {descricao}")
            call_command(comando, verbosity=0, **argumentos)
