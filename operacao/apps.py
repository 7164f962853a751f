from django.apps import AppConfig


class OperacaoConfig(AppConfig):
    """Operação da implantação: cópia de segurança, ensaio de restauração e o agendador das
    tarefas periódicas. Sem modelos: não toca nos processos."""

    name = "operacao"
    verbose_name = "Operação"
