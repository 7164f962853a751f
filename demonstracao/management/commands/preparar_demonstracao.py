"""`make run`, antes de servir: o banco local pronto para a demonstração, uma linha por etapa.

As migrações e as cargas rodam caladas (verbosity 0): quem roda `make run` quer a última
tela com o endereço e os usuários (o comando `servir`), não sessenta linhas de migração."""

import re
from pathlib import Path

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
            ("malha municipal do IBGE", "carregar_malha", {}),
            ("usuários e processos de demonstração", "carregar_demo", {}),
        ]
        for i, (descricao, comando, argumentos) in enumerate(etapas, 1):
            self.stdout.write(f"== demonstração ({i}/{len(etapas)}): {descricao}")
            if comando == "carregar_malha":
                self._carregar_malha()
                continue
            call_command(comando, verbosity=0, **argumentos)

    def _carregar_malha(self):
        """A malha da pasta configurada; sem ela, o sistema roda sem a conferência
        territorial, e esta linha diz como carregar uma."""
        pasta = settings.MALHA_IBGE
        if not pasta:
            self.stdout.write(
                "   sem malha: defina EMANCIPACAO_MALHA_IBGE com a pasta da malha do IBGE "
                "ou rode `manage.py carregar_malha <pasta> --edicao 2024`"
            )
            return
        ano = re.search(r"(?:19|20)\d\d", Path(pasta).name)
        call_command(
            "carregar_malha", pasta, edicao=ano.group() if ano else "referência", verbosity=0
        )
