"""Índice por estado com o id.

O Painel conta os processos de cada estado (`GROUP BY estado`) percorrendo só este índice, sem
ler a tabela; os prazos abertos descartam os processos terminais (concluídos e arquivados)
pelos ids deles, lidos do mesmo índice, sem percorrer os 50 mil processos.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("processos", "0010_indice_ultima_movimentacao")]

    operations = [
        migrations.AddIndex(
            model_name="processo",
            index=models.Index(fields=["estado", "id"], name="processo_estado_id"),
        ),
    ]
