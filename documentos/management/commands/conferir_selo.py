"""Diagnóstico do selo da Assembleia: `manage.py conferir_selo` abre o PKCS#12 ou o token
PKCS#11 configurado como a tarefa de selo o abre (o módulo, o token, o PIN, o certificado e a
chave) e diz o que há nele — ou, em português, o que falta. Não assina nada."""

from django.core.management.base import BaseCommand, CommandError

from documentos.assinatura import selo


class Command(BaseCommand):
    help = "Confere se o selo da Assembleia (PKCS#12 ou token PKCS#11) abre, e com que certificado."
    # O que o `check` diria do selo, este comando diz abaixo (sem repetir os avisos).
    requires_system_checks = []

    def handle(self, *args, **opcoes):
        if not selo.instalado():
            raise CommandError(selo.NAO_INSTALADO)
        faltam = selo.faltas()
        for falta in faltam:
            self.stderr.write(falta)
        try:
            linhas = selo.conferir()
        except selo.SeloIndisponivel as erro:
            raise CommandError(f"O selo não abre. {erro}") from erro
        for linha in linhas:
            self.stdout.write(linha)
        if faltam:
            raise CommandError("O selo abre, mas falta configurar o que está acima.")
        self.stdout.write("O selo abre: os documentos serão selados em PAdES B-LTA.")
