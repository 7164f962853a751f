"""O nome do signatário normalizado numa coluna gerada (`Signatario.nome_da_busca`), gravada
pelo banco, e o índice de trigramas sobre ela no lugar do índice sobre a expressão
(`0005_busca_nos_signatarios`): conferir cada candidato do índice não tira mais os acentos
do nome de novo (um termo comum acha dezenas de milhares de signatários)."""

from django.db import migrations, models

import processos.busca

ANTIGO, NOVO = "signatario_nome_trgm", "signatario_nome_da_busca_trgm"


def trocar_indice(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {ANTIGO}")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {NOVO} ON representacao_signatario "
        "USING gin (nome_da_busca gin_trgm_ops)"
    )


def desfazer(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {NOVO}")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {ANTIGO} ON representacao_signatario "
        "USING gin ((UPPER(emancipacao_sem_acento(nome))) gin_trgm_ops)"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("representacao", "0010_arquivo_guardado"),
        ("processos", "0020_busca_texto_guardado"),
    ]

    operations = [
        migrations.AddField(
            model_name="signatario",
            name="nome_da_busca",
            field=models.GeneratedField(
                db_persist=True,
                expression=processos.busca.SemAcento("nome"),
                output_field=models.TextField(),
            ),
        ),
        migrations.RunPython(trocar_indice, desfazer),
    ]
