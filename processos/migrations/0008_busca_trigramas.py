"""Índices de trigramas (pg_trgm) para a busca por texto da lista de processos.

A busca (`processos.filtros.ProcessoFilter.buscar`) usa `icontains`, que no PostgreSQL é
`UPPER(campo::text) LIKE UPPER('%termo%')`: um índice GIN de trigramas sobre a mesma expressão
atende o LIKE com curinga no início, e o custo passa a seguir o número de processos achados,
não o total. Só no PostgreSQL; no SQLite a busca faz a varredura simples (poucos processos).
"""

from django.db import migrations

CAMPOS = ("nome_proposto", "sede_proposta", "resumo")


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for campo in CAMPOS:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS processo_{campo}_trgm ON processos_processo "
            f"USING gin ((UPPER({campo}::text)) gin_trgm_ops)"
        )


def remover(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for campo in CAMPOS:
        schema_editor.execute(f"DROP INDEX IF EXISTS processo_{campo}_trgm")


class Migration(migrations.Migration):
    dependencies = [("processos", "0007_atos_do_art23")]

    operations = [migrations.RunPython(criar, remover)]
