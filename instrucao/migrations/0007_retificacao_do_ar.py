"""A retificação do AR (Art. 2º, § 3º): a data certa recalcula o vencimento, e a
correção fica registrada com as datas anteriores, a justificativa, quem e quando."""


import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('instrucao', '0006_rascunho_descartavel'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='RetificacaoRecebimento',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('recebido_em_anterior', models.DateField(verbose_name='AR anterior')),
                ('vencimento_anterior', models.DateField(verbose_name='vencimento anterior')),
                ('recebido_em', models.DateField(verbose_name='AR retificado para')),
                ('vencimento', models.DateField(verbose_name='vencimento recalculado')),
                ('justificativa', models.TextField(verbose_name='justificativa')),
                ('registrada_em', models.DateTimeField(auto_now_add=True, verbose_name='retificado em')),
                ('oficio', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='retificacoes_recebimento', to='instrucao.oficio')),
                ('registrada_por', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='retificado por')),
            ],
            options={
                'verbose_name': 'retificação do AR',
                'verbose_name_plural': 'retificações do AR',
                'ordering': ['oficio', 'registrada_em', 'id'],
                'constraints': [models.CheckConstraint(condition=models.Q(('recebido_em', models.F('recebido_em_anterior')), _negated=True), name='retificacao_ar_muda_a_data'), models.CheckConstraint(condition=models.Q(('justificativa', ''), _negated=True), name='retificacao_ar_com_justificativa')],
            },
        ),
    ]
