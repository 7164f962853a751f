"""Parâmetros legais iniciais: os valores da consolidação de 2003."""

from datetime import date

from django.db import migrations

from requisitos.parametros import DEFINICOES

# Vigência inicial de cada parâmetro: a da norma que o fixou.
VIGENCIAS = {
    "percentual_eleitores": date(1994, 1, 1),  # LC 31/1994
    "n_menores_va": date(2003, 1, 1),  # LC 130/2003
    "art3_vigente": date(2024, 1, 9),  # ADPF 819, DJe 09/01/2024
    "bloqueio_constitucional": date(1996, 9, 12),  # EC 15/1996
}


def criar(apps, schema_editor):
    ParametroLegal = apps.get_model("requisitos", "ParametroLegal")
    for nome, definicao in DEFINICOES.items():
        ParametroLegal.objects.get_or_create(
            nome=nome,
            vigencia_inicio=VIGENCIAS.get(nome, date(1992, 11, 19)),
            defaults={
                "valor": str(definicao.padrao),
                "fundamento": definicao.fundamento,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("requisitos", "0001_initial")]
    operations = [migrations.RunPython(criar, migrations.RunPython.noop)]
