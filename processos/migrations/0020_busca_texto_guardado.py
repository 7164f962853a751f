"""Os textos da busca interna normalizados numa coluna gerada (`Processo.texto_da_busca`),
gravada pelo banco, e o índice de trigramas sobre ela no lugar do índice sobre a expressão
(`0013_busca_sem_acento`): o índice só escolhe candidatos, que o PostgreSQL confere de novo
um a um; conferir a coluna guardada custa uma comparação, e a expressão tirava os acentos
do nome, da sede e do resumo de cada candidato outra vez."""

import django.db.models.functions.text
from django.db import migrations, models

import processos.busca

ANTIGO, NOVO = "processo_busca_trgm", "processo_texto_da_busca_trgm"


def trocar_indice(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {ANTIGO}")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {NOVO} ON processos_processo "
        "USING gin (texto_da_busca gin_trgm_ops)"
    )


def desfazer(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {NOVO}")


class Migration(migrations.Migration):
    dependencies = [
        ("processos", "0019_atos_mapa_reparado_e_memorial"),
    ]

    operations = [
        migrations.AddField(
            model_name="processo",
            name="texto_da_busca",
            field=models.GeneratedField(
                db_persist=True,
                expression=processos.busca.SemAcento(
                    django.db.models.functions.text.Concat(
                        "nome_proposto",
                        models.Value(" "),
                        "sede_proposta",
                        models.Value(" "),
                        "resumo",
                        output_field=models.TextField(),
                    )
                ),
                output_field=models.TextField(),
            ),
        ),
        migrations.RunPython(trocar_indice, desfazer),
    ]
