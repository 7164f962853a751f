"""A busca interna pelo nome de um signatário (`representacao.busca`): no
PostgreSQL, um índice de trigramas sobre o nome normalizado — `UPPER(emancipacao_sem_acento(
nome))`, a função da migração `processos.0013_busca_sem_acento` —, para a busca não ler todos
os signatários de todos os processos; e o título, lido por igualdade, num índice B-tree."""

from django.db import migrations

INDICE_NOME = "signatario_nome_trgm"
INDICE_TITULO = "signatario_titulo_idx"


def criar(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDICE_NOME} ON representacao_signatario "
        "USING gin ((UPPER(emancipacao_sem_acento(nome))) gin_trgm_ops)"
    )
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDICE_TITULO} ON representacao_signatario (titulo_eleitor)"
    )


def remover(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for indice in (INDICE_NOME, INDICE_TITULO):
        schema_editor.execute(f"DROP INDEX IF EXISTS {indice}")


class Migration(migrations.Migration):
    dependencies = [
        ("representacao", "0004_extincao_destino"),
        ("processos", "0013_busca_sem_acento"),
    ]

    operations = [migrations.RunPython(criar, remover)]
