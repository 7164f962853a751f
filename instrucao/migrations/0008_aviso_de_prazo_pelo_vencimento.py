"""O aviso de prazo passa a levar o vencimento avisado na chave: retificado o AR (0007), o
vencimento recalculado é anunciado, e o mesmo vencimento não se anuncia duas vezes. Os
avisos já enviados recebem o vencimento atual do ofício (o único que houve até aqui)."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def vencimento_do_oficio(apps, schema_editor):
    AvisoPrazo = apps.get_model("instrucao", "AvisoPrazo")
    Oficio = apps.get_model("instrucao", "Oficio")
    vencimento = Oficio.objects.filter(pk=OuterRef("oficio_id")).values("vencimento")
    AvisoPrazo.objects.update(vencimento=Subquery(vencimento))
    # Ofício sem vencimento nunca gerou aviso; se houver, fica o dia da verificação.
    AvisoPrazo.objects.filter(vencimento__isnull=True).update(vencimento=models.F("dia"))


class Migration(migrations.Migration):
    dependencies = [
        ("instrucao", "0007_retificacao_do_ar"),
    ]

    operations = [
        migrations.AddField(
            model_name="avisoprazo",
            name="vencimento",
            field=models.DateField(null=True, verbose_name="vencimento avisado"),
        ),
        migrations.RunPython(vencimento_do_oficio, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="avisoprazo",
            name="vencimento",
            field=models.DateField(verbose_name="vencimento avisado"),
        ),
        migrations.RemoveConstraint(model_name="avisoprazo", name="aviso_prazo_uma_vez"),
        migrations.AddConstraint(
            model_name="avisoprazo",
            constraint=models.UniqueConstraint(
                fields=("oficio", "evento", "destinatario", "vencimento"),
                name="aviso_prazo_uma_vez_por_vencimento",
            ),
        ),
    ]
