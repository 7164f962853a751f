"""Os índices dos prazos abertos e dos ofícios sem AR passam a levar o processo no fim da
chave.

Depois do id (único), o processo não muda a ordem dos índices: a página de Prazos continua a
percorrê-los na ordem do vencimento e na do envio. Com ele, as contagens (Painel, Prazos) e o
prazo mais próximo de cada processo (a lista pelo prazo, agrupada pelo processo) leem só os
índices, sem visitar as linhas dos ofícios.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("instrucao", "0004_indices_dos_prazos")]

    operations = [
        migrations.RemoveIndex(model_name="oficio", name="oficio_prazo_aberto"),
        migrations.RemoveIndex(model_name="oficio", name="oficio_sem_ar"),
        migrations.AddIndex(
            model_name="oficio",
            index=models.Index(
                condition=models.Q(("respondido_em__isnull", True), ("vencimento__isnull", False)),
                fields=["vencimento", "id", "processo"],
                name="oficio_prazo_aberto_processo",
            ),
        ),
        migrations.AddIndex(
            model_name="oficio",
            index=models.Index(
                condition=models.Q(("recebido_em__isnull", True), ("respondido_em__isnull", True)),
                fields=["enviado_em", "id", "processo"],
                name="oficio_sem_ar_processo",
            ),
        ),
    ]
