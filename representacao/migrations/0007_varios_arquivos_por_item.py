"""Um item do Art. 15 com vários arquivos vigentes, cada um com as suas versões.
Os dados que já existem continuam com o mesmo sentido: a cadeia de versões de cada item
vira o arquivo nº 1 do item, com as mesmas versões (o padrão do campo novo)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("processos", "0013_busca_sem_acento"),
        ("representacao", "0006_correcao_de_signatario"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="documentorepresentacao",
            options={
                "ordering": ["processo", "item", "numero", "-versao"],
                "verbose_name": "documento do Art. 15",
                "verbose_name_plural": "documentos do Art. 15",
            },
        ),
        migrations.RemoveConstraint(
            model_name="documentorepresentacao",
            name="documento_art15_versao_unica",
        ),
        migrations.AddField(
            model_name="documentorepresentacao",
            name="numero",
            field=models.PositiveIntegerField(default=1, verbose_name="arquivo nº"),
        ),
        migrations.AddConstraint(
            model_name="documentorepresentacao",
            constraint=models.UniqueConstraint(
                fields=("processo", "item", "numero", "versao"),
                name="documento_art15_versao_unica_no_arquivo",
            ),
        ),
        migrations.AddConstraint(
            model_name="documentorepresentacao",
            constraint=models.CheckConstraint(
                condition=models.Q(("numero__gte", 1)), name="documento_art15_numero_positivo"
            ),
        ),
    ]
