"""Art. 21: o rascunho de reiteração pode ser descartado (com o motivo, por quem e quando) e o
ofício pode ter outro depois: a ligação ao ofício deixa de ser um para um, e o banco garante
um só rascunho pendente por ofício. Os rascunhos existentes ficam como estão (no máximo um
por ofício, como antes)."""


import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('instrucao', '0005_indice_dos_prazos_com_processo'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='rascunhoreiteracao',
            name='descartado_em',
            field=models.DateTimeField(blank=True, null=True, verbose_name='descartado em'),
        ),
        migrations.AddField(
            model_name='rascunhoreiteracao',
            name='descartado_por',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='descartado por'),
        ),
        migrations.AddField(
            model_name='rascunhoreiteracao',
            name='motivo_descarte',
            field=models.TextField(blank=True, verbose_name='motivo do descarte'),
        ),
        migrations.AlterField(
            model_name='rascunhoreiteracao',
            name='oficio',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rascunhos_reiteracao', to='instrucao.oficio', verbose_name='ofício a reiterar'),
        ),
        migrations.AddConstraint(
            model_name='rascunhoreiteracao',
            constraint=models.UniqueConstraint(condition=models.Q(('descartado_em__isnull', True), ('reiteracao__isnull', True)), fields=('oficio',), name='um_rascunho_pendente_por_oficio'),
        ),
        migrations.AddConstraint(
            model_name='rascunhoreiteracao',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('descartado_em__isnull', True), ('descartado_por__isnull', True)), models.Q(('descartado_em__isnull', False), ('descartado_por__isnull', False), ('reiteracao__isnull', True), models.Q(('motivo_descarte', ''), _negated=True)), _connector='OR'), name='rascunho_descartado_com_motivo'),
        ),
    ]
