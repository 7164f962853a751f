# Tipo de documento da LC 23/1992 anotada (/lei/), emitida sem processo.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('documentos', '0003_integridade_e_series'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='documento',
            name='documento_tipo_valido',
        ),
        migrations.AlterField(
            model_name='documento',
            name='tipo',
            field=models.CharField(choices=[('parecer_preliminar', 'Parecer preliminar'), ('oficio', 'Ofício'), ('parecer_merito', 'Parecer de mérito'), ('pdl', 'Projeto de Decreto Legislativo'), ('informe_plenario', 'Informe ao Plenário'), ('parecer_resultado', 'Parecer sobre o resultado do plebiscito'), ('pl', 'Projeto de Lei'), ('extrato', 'Extrato do processo'), ('copia_integral', 'Cópia integral autenticada'), ('certidao_distrito', 'Certidão de requisitos para criação de distrito'), ('comprovante_protocolo', 'Comprovante de protocolo'), ('lei_anotada', 'LC 23/1992 anotada pelo sistema')], max_length=30, verbose_name='tipo'),
        ),
        migrations.AddConstraint(
            model_name='documento',
            constraint=models.CheckConstraint(condition=models.Q(('tipo__in', ['parecer_preliminar', 'oficio', 'parecer_merito', 'pdl', 'informe_plenario', 'parecer_resultado', 'pl', 'extrato', 'copia_integral', 'certidao_distrito', 'comprovante_protocolo', 'lei_anotada'])), name='documento_tipo_valido'),
        ),
    ]
