"""`make run`: o servidor de desenvolvimento do Django, terminando na tela que importa.

A última coisa impressa é o endereço, os usuários de demonstração com as senhas e como parar
— no lugar do aviso em inglês do `runserver`. No mesmo processo corre o executor das
emissões em segundo plano (a cópia integral, `documentos.tarefas`): em produção ele é o
serviço `tarefas` do docker-compose.yml; aqui, uma linha de execução que morre com o servidor."""

from django.contrib.auth.models import User
from django.core.management.commands.runserver import Command as Runserver

from demonstracao import senhas
from documentos import tarefas
from processos.models import Processo

PAPEIS = {
    "servidor": "Servidor(a) da CRT",
    "presidente": "Presidente da CRT",
    "mesa": "Secretaria da Mesa",
    "deputado": "Deputado(a), só leitura",
    "admin": "administrador (também em /admin/)",
}


class Command(Runserver):
    help = "Serve em modo local e mostra o endereço, os usuários e as senhas da demonstração."

    def inner_run(self, *args, **options):
        # Roda no processo que serve (o recarregador automático reinicia este, não o pai).
        tarefas.iniciar_em_segundo_plano()
        return super().inner_run(*args, **options)

    def on_bind(self, server_port):
        endereco = f"{self.protocol}://{self.addr}:{server_port}/"
        guardadas = senhas.ler()
        linhas = [
            "",
            "─" * 72,
            f" emancipacao no ar: {endereco}",
            f" {Processo.objects.count()} processos de demonstração. Entre com um usuário:",
        ]
        for login, papel in PAPEIS.items():
            if User.objects.filter(username=login).exists():
                senha = guardadas.get(login, "(senha definida antes; veja o README)")
                linhas.append(f"   {login:<11} {senha:<16} {papel}")
        linhas += [
            f" As senhas ficam em {senhas.arquivo().name}, só neste computador.",
            " Servidor de desenvolvimento (em produção, o gunicorn: README). Parar: Ctrl+C.",
            "─" * 72,
        ]
        self.stdout.write("\n".join(linhas))
        # Para um arquivo ou um pipe a saída vai em blocos: a tela tem de aparecer já.
        self.stdout.flush()
