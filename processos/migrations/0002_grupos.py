"""Grupos dos papéis (Art. 21 a 23), com nomes em pt-BR."""

from django.db import migrations

GRUPOS = ["Servidor da CRT", "Presidente da CRT", "Secretaria da Mesa", "Deputado"]


def criar(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for nome in GRUPOS:
        Group.objects.get_or_create(name=nome)


class Migration(migrations.Migration):
    dependencies = [("processos", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(criar, migrations.RunPython.noop)]
