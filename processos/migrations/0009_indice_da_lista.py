"""Índice cobrindo a ordem padrão da lista (protocolo: ano e número, do mais novo) com o id.

A lista escolhe a página pelos ids (`processos.paginacao`): com `(ano DESC, numero DESC)
INCLUDE (id)` o PostgreSQL acha os 50 ids de qualquer página percorrendo só o índice (index
only scan), sem ler as linhas nem ordenar a tabela, e a busca percorre o mesmo índice na
ordem da tela até juntar a página. Só no PostgreSQL: no SQLite todo índice já carrega o
rowid (o id), e o índice único de (ano, numero) cobre a mesma consulta.
"""

from django.db import migrations


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS processo_protocolo_id ON processos_processo "
        "(ano DESC, numero DESC) INCLUDE (id)"
    )


def remover(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS processo_protocolo_id")


class Migration(migrations.Migration):
    dependencies = [("processos", "0008_busca_trigramas")]

    operations = [migrations.RunPython(criar, remover)]
